// One process, one port: the built web app at / with client routes falling back to index.html, never for /api.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sqliteTarget } from './support/storageTargets';
import { call, createTestApp, type TestApp } from './support/testApp';
import { expectError } from './support/games';

describe('serving the web app', () => {
  const target = sqliteTarget();
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>DRUG WARS</title><script type="module" src="/assets/app-1234.js"></script>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log("hi")');
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
      expect(String(response.headers['content-security-policy'])).toContain("script-src 'self'");
    }
  });

  it('serves fingerprinted assets with a long cache', async () => {
    const response = await call(t.app, 'GET', '/assets/app-1234.js');
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log("hi")');
    expect(response.headers['cache-control']).toContain('immutable');
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
