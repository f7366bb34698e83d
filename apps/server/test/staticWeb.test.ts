// One process, one port: the built web app at / with client routes falling back to index.html, never for /api.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { sqliteTarget } from './support/storageTargets';
import { call, createTestApp, type TestApp } from './support/testApp';
import { expectError } from './support/games';

const BIG_SCRIPT = `export const rows = [${Array.from({ length: 500 }, (_, i) => `"row ${i}"`).join(',')}];`;

describe('serving the web app', () => {
  const target = sqliteTarget();
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>DRUG WARS</title><script type="module" src="/assets/app-1234.js"></script>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("hi")');
    // What the web build writes: a brotli and a gzip copy next to each compressible file.
    const index = readFileSync(join(dist, 'index.html'));
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(index));
    writeFileSync(join(dist, 'index.html.gz'), gzipSync(index));
    writeFileSync(join(dist, 'assets', 'big-abcd.js'), BIG_SCRIPT);
    writeFileSync(join(dist, 'assets', 'big-abcd.js.br'), brotliCompressSync(BIG_SCRIPT));
    writeFileSync(join(dist, 'assets', 'big-abcd.js.gz'), gzipSync(BIG_SCRIPT));
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    t = await createTestApp(target, { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await target.cleanup();
  });

  it('serves index.html at / and for client routes', async () => {
    for (const url of ['/', '/game?id=abc', '/leaderboard', '/gameover', '/some/unknown/page']) {
      const response = await call(t.app, 'GET', url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.body, url).toContain('<title>DRUG WARS</title>');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      // The pages' policy: everything from this origin only, no inline script.
      const csp = String(response.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain("script-src 'self'");
      expect(csp, url).not.toContain('unsafe-inline');
      expect(csp, url).toContain("img-src 'self' data:");
      expect(csp, url).toContain("frame-ancestors 'none'");
      // A page keeps every security header (JSON replies carry only those that act on them).
      expect(response.headers['cross-origin-opener-policy'], url).toBe('same-origin');
      expect(response.headers['referrer-policy'], url).toBe('no-referrer');
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  it('serves fingerprinted assets with a long cache', async () => {
    const response = await call(t.app, 'GET', '/assets/app-1234.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("hi")');
    expect(response.headers['cache-control']).toContain('immutable');
  });

  it('sends the precompressed copy the client accepts (brotli first, then gzip), else the file itself', async () => {
    const br = await call(t.app, 'GET', '/assets/big-abcd.js', { headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(br.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(BIG_SCRIPT);

    const gz = await call(t.app, 'GET', '/assets/big-abcd.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString('utf8')).toBe(BIG_SCRIPT);
    // each encoding is its own representation: a cache must not hand the brotli bytes to a gzip-only client
    expect(gz.headers.etag).not.toBe(br.headers.etag);

    const plain = await call(t.app, 'GET', '/assets/big-abcd.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BIG_SCRIPT);
  });

  it('a file without compressed copies is sent as it is, whatever the client accepts', async () => {
    const response = await call(t.app, 'GET', '/assets/app-1234.js', { headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log("hi")');
  });

  it('client routes get the compressed index.html, never cached without revalidation', async () => {
    for (const url of ['/', '/game?id=abc', '/leaderboard']) {
      const response = await call(t.app, 'GET', url, { headers: { 'accept-encoding': 'br' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-encoding'], url).toBe('br');
      expect(response.headers['content-type'], url).toContain('text/html');
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(response.rawPayload).toString('utf8'), url).toContain('<title>DRUG WARS</title>');
    }
  });

  it('the service worker script is revalidated on every load (a new build must reach players)', async () => {
    const response = await call(t.app, 'GET', '/sw.js');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toContain('javascript');
  });

  it('serves files added after start (a rebuilt web app)', async () => {
    writeFileSync(join(dist, 'assets', 'late-5678.js'), 'late');
    const response = await call(t.app, 'GET', '/assets/late-5678.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('late');
  });

  it('never falls back to index.html for /api or for non-GET requests', async () => {
    expectError(await call(t.app, 'GET', '/api/nothing-here'), 404, 'NOT_FOUND');
    expectError(await call(t.app, 'POST', '/game', { body: {} }), 404, 'NOT_FOUND');
    expectError(await call(t.app, 'GET', '/assets/missing.js'), 404, 'NOT_FOUND');
  });
});
