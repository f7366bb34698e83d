// Answers to an adversarial run: replies not cached, strict query numbers, 414 for an over-long path parameter
// whether or not the web app is served, reserved player names, NUL in tracking ids refused the same way on both
// databases (and logged without a stack), tracking retention, and the connection timeouts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { DEFAULT_CONNECTION_TIMEOUT_MS } from '../src/app';
import type { DatabaseStorage } from '../src/storage/createStorage';
import { describeEachStorage, sqliteTarget } from './support/storageTargets';
import { call, createTestApp, type TestApp } from './support/testApp';
import { expectError, startGame } from './support/games';

const DAY = 24 * 60 * 60 * 1000;

describe('replies, query numbers and addresses', () => {
  const target = sqliteTarget();
  let t: TestApp;
  let withWeb: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>DRUG WARS</title>');
    t = await createTestApp(target);
    withWeb = await createTestApp(target, { webDistDir: dist });
  });
  afterAll(async () => {
    await t.close();
    await withWeb.close();
    await target.cleanup();
    rmSync(dist, { recursive: true, force: true });
  });

  it('every API reply says cache-control: no-store (session replies, errors, reads); the web app keeps its own', async () => {
    const game = await startGame(t.app, { playerName: 'nostore', seed: '1' });
    const replies = [
      await call(t.app, 'POST', '/api/game/new', { body: { playerName: 'again', seed: null } }),
      await call(t.app, 'GET', '/api/game/state', { sessionId: game.sessionId }),
      await call(t.app, 'POST', '/api/game/bank/deposit', { sessionId: game.sessionId, body: { amount: 1 } }),
      await call(t.app, 'POST', '/api/game/resume', { body: { sessionId: game.sessionId } }),
      await call(t.app, 'GET', '/api/game/state', { sessionId: '00000000-0000-4000-8000-000000000000' }),
      await call(t.app, 'GET', '/api/leaderboard/top'),
      await call(t.app, 'GET', '/api/nope'),
    ];
    for (const r of replies) expect(r.headers['cache-control'], r.body.slice(0, 80)).toBe('no-store');
    expect((await call(withWeb.app, 'GET', '/')).headers['cache-control']).toBe('no-cache');
  });

  it('refuses a fractional or signed-text limit instead of rounding it', async () => {
    for (const limit of ['2.7', '1e1', '0x10', '+3', '%203']) {
      const r = await call(t.app, 'GET', `/api/leaderboard/top?limit=${limit}`);
      expect(expectError(r, 400, 'INVALID_INPUT').message, limit).toBe('limit must be a whole number.');
    }
    expect((await call(t.app, 'GET', '/api/leaderboard/top?limit=3')).statusCode).toBe(200);
    expectError(await call(t.app, 'GET', '/api/leaderboard/top?limit=101'), 400, 'INVALID_INPUT');
  });

  it('answers a path parameter over 100 characters with 414, with or without the web app', async () => {
    for (const app of [t.app, withWeb.app]) {
      expectError(await call(app, 'GET', `/api/strings/${'a'.repeat(101)}`), 414, 'INVALID_INPUT');
      expectError(await call(app, 'GET', `/api/strings/${'a'.repeat(36)}`), 400, 'INVALID_INPUT');
      expectError(await call(app, 'GET', '/api/no/such/route'), 404, 'NOT_FOUND');
    }
  });

  it("refuses names that pass for the game's own ('-', 'Anonymous', 'loser-xxxxxx')", async () => {
    for (const playerName of ['-', '---', 'Anonymous', 'loser-000000', 'LOSER-abc123']) {
      expectError(await call(t.app, 'POST', '/api/game/new', { body: { playerName, seed: null } }), 400, 'INVALID_PLAYER_NAME');
    }
    // An empty name still gets a generated one.
    const generated = await startGame(t.app, { playerName: '', seed: null });
    expect(generated.gameState.player.name).toMatch(/^loser-[0-9a-f]{6}$/);
  });
});

describeEachStorage('control characters in tracking ids', (target) => {
  let t: TestApp;
  const logLines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    t = await createTestApp(target, { logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('are refused with the same 400 on this database, nothing stored, nothing logged as an error', async () => {
    const bodies: [string, unknown][] = [
      ['visitor', { visitorId: 'v\u0000x' }],
      ['pageview', { visitorId: 'v1', sessionId: 's\u0000' }],
      ['funnel', { visitorId: '\u0001', stage: 'name_entry' }],
      ['event', { visitorId: 'v1', sessionId: '\u0000', event: {} }],
      ['event', { visitorId: 'v\u0000', event: {} }],
    ];
    for (const [kind, body] of bodies) {
      const response = await call(t.app, 'POST', `/api/tracking/${kind}`, { body });
      expect(expectError(response, 400, 'INVALID_INPUT').message, kind).toMatch(/has an invalid format\.$/);
    }
    // NUL inside the payload is only JSON text (an escape sequence): stored on both databases.
    expect((await call(t.app, 'POST', '/api/tracking/event', { body: { visitorId: 'v1', event: { note: 'a\u0000b' } } })).statusCode).toBe(200);
    const rows = await (t.storage as DatabaseStorage).db.selectFrom('tracking').select(['visitor_id', 'payload']).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(rows[0]!.payload)).toEqual({ visitorId: 'v1', event: { note: 'a\u0000b' } });
    const errors = logLines.map((line) => JSON.parse(line) as { level: number; err?: unknown }).filter((l) => l.level >= 40 || l.err);
    expect(errors).toEqual([]);
  });
});

describe('the request log', () => {
  const target = sqliteTarget();
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    t = await createTestApp(target, { logger: { level: 'info', stream } });
  });
  afterAll(async () => {
    await t.close();
    await target.cleanup();
  });

  it('writes one line per request at info, once it is answered, with the request, the status and the time', async () => {
    const game = await startGame(t.app, { playerName: 'logged', seed: null });
    lines.length = 0;
    await call(t.app, 'GET', '/api/game/state', { sessionId: game.sessionId });
    await call(t.app, 'POST', '/api/game/bank/deposit', { sessionId: game.sessionId, body: { amount: 1 } });
    await call(t.app, 'GET', '/api/nope');
    // Refused by the router itself (an over-long path parameter), before any route runs.
    await call(t.app, 'GET', `/api/strings/${'a'.repeat(101)}`);
    type Line = { msg: string; req?: { method: string; url: string }; res?: { statusCode: number }; responseTime?: unknown };
    const requests = (lines as Line[]).filter((line) => line.req !== undefined || line.res !== undefined);
    expect(requests.map((line) => [line.msg, line.req?.method, line.req?.url, line.res?.statusCode])).toEqual([
      ['request completed', 'GET', '/api/game/state', 200],
      ['request completed', 'POST', '/api/game/bank/deposit', 200],
      ['request completed', 'GET', '/api/nope', 404],
      ['request refused', 'GET', `/api/strings/${'a'.repeat(101)}`, 414],
    ]);
    for (const line of requests.slice(0, 3)) expect(typeof line.responseTime).toBe('number');
    expect(lines.some((line) => line.msg === 'incoming request')).toBe(false);
  });
});

describeEachStorage('tracking retention', (target) => {
  it('the purge deletes tracking rows older than TRACKING_RETENTION_DAYS (90 by default) and keeps the rest', async () => {
    let now = new Date('2026-11-24T12:00:00Z');
    const t = await createTestApp(target, { now: () => now });
    const short = await createTestApp(target, { now: () => now, trackingRetentionDays: 1 });
    try {
      await t.storage.tracking.add('event', 'old', null, {}, new Date(now.getTime() - 91 * DAY));
      await t.storage.tracking.add('event', 'recent', null, {}, new Date(now.getTime() - 89 * DAY));
      expect(await t.app.purgeExpiredTracking()).toBe(1);
      expect(await t.app.purgeExpiredTracking()).toBe(0);
      now = new Date(now.getTime() + 2 * DAY);
      expect(await t.app.purgeExpiredTracking()).toBe(1);

      await short.storage.tracking.add('event', 'yesterday', null, {}, new Date(now.getTime() - 2 * DAY));
      await short.storage.tracking.add('event', 'today', null, {}, now);
      expect(await short.app.purgeExpiredTracking()).toBe(1);
    } finally {
      await t.close();
      await short.close();
    }
  });
});

describe('connection timeouts', () => {
  const target = sqliteTarget();
  afterAll(() => target.cleanup());

  it('are 30 s by default for a request and for an idle connection', async () => {
    const t = await createTestApp(target);
    try {
      expect(DEFAULT_CONNECTION_TIMEOUT_MS).toBe(30_000);
      expect(t.app.server.requestTimeout).toBe(30_000);
      expect(t.app.server.headersTimeout).toBe(30_000);
      expect(t.app.server.keepAliveTimeout).toBe(30_000);
    } finally {
      await t.close();
    }
  });

  /** Opens a socket, lets `send` write to it, and resolves with how long the server kept it open. */
  function openFor(port: number, send: (socket: Socket) => void): Promise<{ ms: number; received: string }> {
    return new Promise((resolve) => {
      const started = Date.now();
      let received = '';
      const socket = connect(port, '127.0.0.1', () => send(socket));
      socket.on('data', (data) => (received += data.toString()));
      socket.on('error', () => {});
      socket.on('close', () => resolve({ ms: Date.now() - started, received }));
    });
  }

  it('cut off a trickled body, a silent connection and an idle keep-alive connection after the timeout', async () => {
    const t = await createTestApp(target, { connectionTimeoutMs: 1000 });
    try {
      await t.app.listen({ host: '127.0.0.1', port: 0 });
      const port = (t.app.server.address() as { port: number }).port;
      const trickle = openFor(port, (socket) => {
        socket.write('POST /api/tracking/event HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{');
        const timer = setInterval(() => (socket.writable ? socket.write(' ') : clearInterval(timer)), 100);
        socket.on('close', () => clearInterval(timer));
      });
      const silent = openFor(port, () => {});
      const keepAlive = openFor(port, (socket) => socket.write('GET /api/version HTTP/1.1\r\nHost: x\r\n\r\n'));
      const [a, b, c] = await Promise.all([trickle, silent, keepAlive]);
      // The trickle would take 100 s; every one of them is closed a second or two after its timeout.
      for (const { ms } of [a, b, c]) {
        expect(ms).toBeGreaterThanOrEqual(900);
        expect(ms).toBeLessThan(10_000);
      }
      expect(a.received).toMatch(/^HTTP\/1\.1 408/);
      expect(c.received).toMatch(/^HTTP\/1\.1 200/);
    } finally {
      await t.close();
    }
  });
});
