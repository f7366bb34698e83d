// Version, health, changelog, strings, game data, docs, security headers and the generic failure paths.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DRUGS, LOCATIONS, WEAPONS } from '@drugwars/engine';
import { ApiRoutes, type ChangelogResponse, type HealthFailureResponse, type StringsResponse, type VersionResponse } from '@drugwars/protocol';
import { parseChangelog } from '../src/services/changelog';
import { describeEachStorage } from './support/storageTargets';
import { call, createTestApp, failing, json, type TestApp } from './support/testApp';
import { expectError } from './support/games';

describeEachStorage('meta routes', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  it('GET /api/version answers the development version by default', async () => {
    const response = await call(t.app, 'GET', '/api/version');
    expect(response.statusCode).toBe(200);
    expect(json<VersionResponse>(response)).toEqual({ version: '2.2.0-DEV', environment: 'development' });
  });

  it("GET /api/version carries the operator's About values when they are set", async () => {
    const withAbout = await createTestApp(target, { about: { contact: '@dealer', donationAddress: 'bc1qxyz' } });
    try {
      const response = await call(withAbout.app, 'GET', '/api/version');
      expect(json<VersionResponse>(response)).toEqual({ version: '2.2.0-DEV', environment: 'development', contact: '@dealer', donationAddress: 'bc1qxyz' });
    } finally {
      await withAbout.close();
    }
  });

  it('GET /api/health checks the database', async () => {
    const response = await call(t.app, 'GET', '/api/health');
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true, status: 'ok', database: 'ok' });
  });

  it('GET /api/changelog lists the entries of CHANGELOG.md', async () => {
    const response = await call(t.app, 'GET', '/api/changelog');
    expect(response.statusCode).toBe(200);
    const body = json<ChangelogResponse>(response);
    expect(body.success).toBe(true);
    expect(body.entries.length).toBeGreaterThan(0);
    expect(body.entries[0]?.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(body.entries[0]?.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.entries[0]?.changes.length).toBeGreaterThan(0);
    // The title reads as player news: the operators' sections of the real file stay out of it.
    for (const entry of body.entries) {
      expect(entry.changes).not.toMatch(/For operators|WAL|METRICS_TOKEN|DAILY_SECRET|PostgreSQL|###/);
    }
  });

  it('GET /api/game/data/* returns the seven catalogue lists as arrays', async () => {
    for (const kind of ['drugs', 'weapons', 'ammo', 'armor', 'consumables', 'items', 'locations']) {
      const response = await call(t.app, 'GET', `/api/game/data/${kind}`);
      expect(response.statusCode, kind).toBe(200);
      const list = json<unknown[]>(response);
      expect(Array.isArray(list), kind).toBe(true);
      expect(list.length, kind).toBeGreaterThan(0);
    }
    const drugs = json<{ id: string; name: string; price: number }[]>(await call(t.app, 'GET', '/api/game/data/drugs'));
    expect(drugs.map((d) => d.id)).toEqual(DRUGS.map((d) => d.id));
    expect(drugs.length).toBeGreaterThanOrEqual(12);
    const weapons = json<{ id: string; targetType: string }[]>(await call(t.app, 'GET', '/api/game/data/weapons'));
    expect(weapons.map((w) => w.id).sort()).toEqual(WEAPONS.map((w) => w.id).sort());
    const locations = json<{ dangerLevel: number; hasAirport: boolean }[]>(await call(t.app, 'GET', '/api/game/data/locations'));
    expect(locations).toHaveLength(LOCATIONS.length);
  });

  it('GET /api/game/data/<unknown> is a JSON 404', async () => {
    expectError(await call(t.app, 'GET', '/api/game/data/spaceships'), 404, 'NOT_FOUND');
  });

  it('GET /api/strings/en has the English buttons and encounter texts', async () => {
    const body = json<StringsResponse>(await call(t.app, 'GET', '/api/strings/en'));
    expect(body.success).toBe(true);
    expect(body.strings.buttons_positive.ok).toBe('OK');
    expect(body.strings.buttons_positive.gotIt).toBe('Got it');
    expect(body.strings.buttons_negative.nevermind).toBe('NEVERMIND');
    expect(body.strings.encounters.policeIntro).toBe('You encounter {enemies} police officers/enemies!');
  });

  it('GET /api/strings/<unknown language> falls back to English', async () => {
    const english = json<StringsResponse>(await call(t.app, 'GET', '/api/strings/en'));
    const klingon = json<StringsResponse>(await call(t.app, 'GET', '/api/strings/tlh'));
    expect(klingon.language).toBe('en');
    expect(klingon.strings).toEqual(english.strings);
    expectError(await call(t.app, 'GET', `/api/strings/${'x'.repeat(60)}`), 400, 'INVALID_INPUT');
  });

  it('registers exactly the routes of the protocol route table', async () => {
    for (const [name, def] of Object.entries(ApiRoutes)) {
      expect(t.app.hasRoute({ method: def.method, url: def.url }), name).toBe(true);
    }
    const openapi = json<{ paths: Record<string, Record<string, unknown>> }>(await call(t.app, 'GET', '/api/docs/json'));
    const documented = Object.entries(openapi.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`));
    const declared = Object.values(ApiRoutes).map((d) => `${d.method} ${d.url.replace(/:(\w+)/g, '{$1}')}`);
    expect(documented.filter((op) => !op.startsWith('HEAD')).sort()).toEqual(declared.sort());
  });

  it('unknown /api routes and methods are JSON 404s', async () => {
    expectError(await call(t.app, 'GET', '/api/nope'), 404, 'NOT_FOUND');
    expectError(await call(t.app, 'POST', '/api/version'), 404, 'NOT_FOUND');
    expectError(await call(t.app, 'GET', '/api'), 404, 'NOT_FOUND');
  });

  it("sends security headers: JSON replies a CSP that allows nothing, no x-powered-by", async () => {
    const response = await call(t.app, 'GET', '/api/version');
    // A JSON reply is never rendered as a document: nothing loads from it and nothing frames it.
    expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers['x-powered-by']).toBeUndefined();
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // On every JSON reply, errors, game replies and a 304 included.
    const created = await call(t.app, 'POST', '/api/game/new', { body: { playerName: 'headers', seed: null } });
    const notModified = await call(t.app, 'GET', '/api/game/state', { sessionId: json<{ sessionId: string }>(created).sessionId, headers: { 'if-none-match': '"0"' } });
    expect(notModified.statusCode).toBe(304);
    for (const other of [await call(t.app, 'GET', '/api/nope'), created, notModified]) {
      expect(other.headers['content-security-policy']).toBe(response.headers['content-security-policy']);
      // The legacy header agrees with CSP frame-ancestors 'none'.
      expect(other.headers['x-frame-options']).toBe('DENY');
    }
    // Pages (the API's own docs here; the web app in staticWeb.test.ts) keep a self-only document policy.
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(String(page.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('JSON replies carry the security headers that act on them; the API docs page carries every one', async () => {
    // Headers that only act on a document a browser renders.
    const documentOnly = [
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const created = await call(t.app, 'POST', '/api/game/new', { body: { playerName: 'lean', seed: null } });
    for (const reply of [created, await call(t.app, 'GET', '/api/version'), await call(t.app, 'GET', '/api/nope')]) {
      expect(reply.headers['content-type']).toContain('application/json');
      expect(String(reply.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(reply.headers['x-frame-options']).toBe('DENY');
      expect(reply.headers['x-content-type-options']).toBe('nosniff');
      expect(reply.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(reply.headers['strict-transport-security']).toContain('max-age=');
      expect(reply.headers['cache-control']).toBe('no-store');
      for (const name of documentOnly) expect(reply.headers[name], name).toBeUndefined();
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.headers['content-type']).toContain('text/html');
    for (const name of documentOnly) expect(page.headers[name], name).toBeDefined();
  });

  it('serves the OpenAPI document and the browsable reference at /api/docs', async () => {
    const docs = await call(t.app, 'GET', '/api/docs/json');
    expect(docs.statusCode).toBe(200);
    const openapi = json<{ openapi: string; paths: Record<string, unknown> }>(docs);
    expect(openapi.openapi).toMatch(/^3\./);
    for (const path of ['/api/game/new', '/api/game/encounter', '/api/leaderboard/submit', '/api/tracking/event', '/api/strings/{language}']) {
      expect(Object.keys(openapi.paths)).toContain(path);
    }
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
    const docsCsp = String(ui.headers['content-security-policy']);
    expect(docsCsp).toContain("default-src 'self'");
    expect(docsCsp).not.toMatch(/https:|upgrade-insecure-requests|swagger\.io/);
  });

  it('malformed JSON is a 400, a huge body a 413, an unknown content type a 415, all JSON', async () => {
    // The body exactly as written (call() sends a string as it is), declared as JSON.
    const postJsonText = (url: string, text: string) =>
      call(t.app, 'POST', url, { headers: { 'content-type': 'application/json' }, body: text });
    const malformed = await postJsonText('/api/game/new', '{"playerName": "abc",');
    expectError(malformed, 400, 'INVALID_INPUT');
    const poisoned = await postJsonText('/api/tracking/event', '{"visitorId":"v","event":{"__proto__":{"polluted":true}}}');
    expectError(poisoned, 400, 'INVALID_INPUT');
    // The same key written with escapes is the same key once parsed.
    const escaped = await postJsonText('/api/tracking/event', '{"visitorId":"v","event":{"\\u005f_proto__":{"polluted":true}}}');
    expectError(escaped, 400, 'INVALID_INPUT');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const emptyStay = await postJsonText('/api/game/travel', '');
    expect(expectError(emptyStay, 400, 'INVALID_INPUT').message).toBe('The request body must be an object.');
    const huge = await postJsonText('/api/game/new', JSON.stringify({ playerName: 'x'.repeat(100_000) }));
    expectError(huge, 413, 'PAYLOAD_TOO_LARGE');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/game/new',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expectError(text, 400, 'INVALID_INPUT');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/game/new',
      headers: { 'content-type': 'application/xml' },
      payload: '<new/>',
    });
    expectError(xml, 415, 'INVALID_INPUT');
  });

  it('schema failures are 400 INVALID_INPUT with a readable sentence', async () => {
    const missing = expectError(await call(t.app, 'POST', '/api/game/validate', { body: {} }), 400, 'INVALID_INPUT');
    expect(missing.message).toBe('Missing required field: sessionId.');
    const wrongType = expectError(
      await call(t.app, 'POST', '/api/game/sell', { sessionId: 'x', body: { drugId: 'weed', quantity: 1.5 } }),
      400,
      'INVALID_INPUT',
    );
    expect(wrongType.message).toBe('quantity must be a whole number.');
    const notOne = expectError(
      await call(t.app, 'POST', '/api/game/shop/buy', { sessionId: 'x', body: { itemType: 'car', itemId: 'x', quantity: 1 } }),
      400,
      'INVALID_INPUT',
    );
    expect(notOne.message).toBe('itemType must be one of "drug", "weapon", "armor", "ammo", "consumable".');
    const negative = expectError(
      await call(t.app, 'POST', '/api/game/bank/deposit', { sessionId: 'x', body: { amount: -5 } }),
      400,
      'INVALID_INPUT',
    );
    expect(negative.message).toBe('amount must be at least 1.');
    const notObject = expectError(await call(t.app, 'POST', '/api/game/bank/deposit', { sessionId: 'x', body: [1, 2] }), 400, 'INVALID_INPUT');
    expect(notObject.message).toBe('The request body must be an object.');
  });
});

describe('health when the database is down', () => {
  it('answers 503 JSON', async () => {
    const { sqliteTarget } = await import('./support/storageTargets');
    const target = sqliteTarget();
    const t = await createTestApp(target, { wrapStorage: (s) => failing(s, ['ping']) });
    try {
      const response = await call(t.app, 'GET', '/api/health');
      expect(response.statusCode).toBe(503);
      const body = json<HealthFailureResponse>(response);
      expect(body).toMatchObject({ success: false, code: 'DATABASE_UNAVAILABLE', status: 'error', database: 'error' });
      expect(body.error).toBe(body.message);
    } finally {
      await t.close();
      await target.cleanup();
    }
  });
});

describe('version in production', () => {
  it("reads '2.2.0-PROD'", async () => {
    const { sqliteTarget } = await import('./support/storageTargets');
    const target = sqliteTarget();
    const t = await createTestApp(target, { environment: 'production' });
    try {
      expect(json(await call(t.app, 'GET', '/api/version'))).toEqual({ version: '2.2.0-PROD', environment: 'production' });
    } finally {
      await t.close();
      await target.cleanup();
    }
  });
});

describe('changelog parsing', () => {
  it('turns each `## v{version} - {date}` heading and its list into an entry, newest first', () => {
    const entries = parseChangelog(
      ['# Changelog', 'intro text', '', '## v2.2.1 - 2026-11-23', '- Fixed a bug', '- Faster', '', '## v2.2.0 - 2026-11-22', '- First'].join('\n'),
    );
    expect(entries).toEqual([
      { version: '2.2.1', date: '2026-11-23', changes: '- Fixed a bug\n- Faster' },
      { version: '2.2.0', date: '2026-11-22', changes: '- First' },
    ]);
  });

  it("keeps only the players' section of an entry: `### For players` and the lines before any section", () => {
    const entries = parseChangelog(
      [
        '## v3.0.0 - 2026-12-01',
        '- Loose line for players',
        '### For players',
        '- Music',
        '### For operators',
        '- WAL checkpoints',
        '### for PLAYERS',
        '- How to play',
        '## v2.9.0 - 2026-11-30',
        '### For operators',
        '- Only for operators',
      ].join('\n'),
    );
    expect(entries).toEqual([
      { version: '3.0.0', date: '2026-12-01', changes: '- Loose line for players\n- Music\n- How to play' },
      { version: '2.9.0', date: '2026-11-30', changes: '' },
    ]);
  });

  it('serves an empty list when the file is missing', async () => {
    const { sqliteTarget } = await import('./support/storageTargets');
    const target = sqliteTarget();
    const dir = mkdtempSync(join(tmpdir(), 'changelog-'));
    const custom = join(dir, 'CHANGELOG.md');
    writeFileSync(custom, '## v9.9.9 - 2030-01-01\n- Time travel\n');
    const withFile = await createTestApp(target, { changelogPath: custom });
    const without = await createTestApp(target, { changelogPath: join(dir, 'missing.md') });
    try {
      expect(json<ChangelogResponse>(await call(withFile.app, 'GET', '/api/changelog')).entries).toEqual([
        { version: '9.9.9', date: '2030-01-01', changes: '- Time travel' },
      ]);
      expect(json(await call(without.app, 'GET', '/api/changelog'))).toEqual({ success: true, entries: [] });
    } finally {
      await withFile.close();
      await without.close();
      await target.cleanup();
    }
  });
});
