// API replies are compressed with gzip from COMPRESS_MIN_BYTES up when the client accepts it; smaller ones, every game
// reply among them, go out as they are; request bodies are never decompressed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { COMPRESS_MIN_BYTES } from '../src/plugins/replyCompression';
import { sqliteTarget } from './support/storageTargets';
import { call, createTestApp, json, type TestApp } from './support/testApp';
import { expectError } from './support/games';
import { STATE_VERSION_HEADER } from '@drugwars/protocol';

const BROWSER = { 'accept-encoding': 'gzip, deflate, br, zstd' };

describe('reply compression', () => {
  const target = sqliteTarget();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
    await target.cleanup();
  });

  it('a JSON reply above the threshold is gzip-compressed for a browser, and sent as it is to a client without gzip', async () => {
    const plain = await call(t.app, 'GET', '/api/docs/json');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.length).toBeGreaterThan(COMPRESS_MIN_BYTES);

    const gz = await call(t.app, 'GET', '/api/docs/json', { headers: BROWSER });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toContain('accept-encoding');
    expect(gz.rawPayload.length).toBeLessThan(plain.body.length / 4);
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);

    const brOnly = await call(t.app, 'GET', '/api/docs/json', { headers: { 'accept-encoding': 'br' } });
    expect(brOnly.headers['content-encoding']).toBeUndefined();
    expect(brOnly.body).toBe(plain.body);
  });

  it("a game's replies, a whole state and a move's change, go out as they are even to a browser", async () => {
    const created = await call(t.app, 'POST', '/api/game/new', { body: { playerName: 'Zipper', seed: '77' }, headers: BROWSER });
    expect(created.statusCode).toBe(200);
    expect(created.headers['content-encoding']).toBeUndefined();
    expect(Buffer.byteLength(created.body)).toBeLessThan(COMPRESS_MIN_BYTES);
    const game = json<{ sessionId: string; gameState: { worldPrices: unknown } }>(created);
    expect(game.gameState.worldPrices).toBeDefined();

    const stay = await call(t.app, 'POST', '/api/game/stay', { sessionId: game.sessionId, body: {}, headers: { ...BROWSER, [STATE_VERSION_HEADER]: '0' } });
    expect(stay.statusCode).toBe(200);
    expect(stay.headers['content-encoding']).toBeUndefined();
    expect(json<{ changedSince: number }>(stay).changedSince).toBe(0);
  });

  it('a reply is measured in bytes: text just below the threshold in characters but above it in bytes is compressed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'drugwars-changelog-'));
    const changelogPath = join(dir, 'CHANGELOG.md');
    const entry = (n: number) => `## v1.0.${n} - 2026-01-01\n### For players\n- ${'A change players read about. '.repeat(20)}\n`;
    writeFileSync(changelogPath, Array.from({ length: 40 }, (_, n) => entry(n)).join('\n'));
    const big = await createTestApp(target, { changelogPath });
    try {
      const plain = await call(big.app, 'GET', '/api/changelog');
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(Buffer.byteLength(plain.body)).toBeGreaterThan(COMPRESS_MIN_BYTES);

      const gz = await call(big.app, 'GET', '/api/changelog', { headers: BROWSER });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(plain.body);

      // Just below the threshold in characters, above it in bytes (non-ASCII text): measured in bytes, compressed.
      const wide = '\u00e9'.repeat(Math.ceil(COMPRESS_MIN_BYTES / 1.9));
      writeFileSync(changelogPath, `## v1.0.0 - 2026-01-01\n### For players\n- ${wide}\n`);
      const widePlain = await call(big.app, 'GET', '/api/changelog');
      expect(widePlain.body.length).toBeLessThan(COMPRESS_MIN_BYTES);
      expect(Buffer.byteLength(widePlain.body)).toBeGreaterThan(COMPRESS_MIN_BYTES);
      const wideGz = await call(big.app, 'GET', '/api/changelog', { headers: BROWSER });
      expect(wideGz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(wideGz.rawPayload).toString('utf8')).toBe(widePlain.body);
    } finally {
      await big.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a gzip-encoded request body is not decompressed: it is refused as invalid JSON and changes nothing', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/game/new',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ playerName: 'Zipped', seed: null })),
    });
    expectError(response, 400, 'INVALID_INPUT');
  });
});
