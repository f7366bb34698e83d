// /api/metrics: off without METRICS_TOKEN; with it, only for `Authorization: Bearer <token>`; the Prometheus text
// counts requests by route and status, game actions by type, audit failures, database errors and event-loop lag;
// with WORKERS=2 every scrape sees both processes' requests.
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { spawnServer } from './support/storageProcess';
import { sqliteTarget } from './support/storageTargets';
import { call, createTestApp, failing, type TestApp } from './support/testApp';
import { expectError, startGame } from './support/games';

const TOKEN = 'scrape-me-0123456789';
const auth = { authorization: `Bearer ${TOKEN}` };

/** The value of one sample line (metric name with its labels as written), or undefined. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('/api/metrics', () => {
  const target = sqliteTarget();
  let off: TestApp;
  let on: TestApp;
  beforeAll(async () => {
    off = await createTestApp(target);
    on = await createTestApp(target, { metricsToken: TOKEN, wrapStorage: (s) => failing(s, ['tracking.add']) });
  });
  afterAll(async () => {
    await off.close();
    await on.close();
    await target.cleanup();
  });

  it('does not exist without a token', async () => {
    expectError(await call(off.app, 'GET', '/api/metrics', { headers: auth }), 404, 'NOT_FOUND');
  });

  it('answers 401 without the right bearer token, and nothing else', async () => {
    const attempts: Record<string, string>[] = [{}, { authorization: 'Bearer wrong' }, { authorization: TOKEN }, { authorization: `Basic ${TOKEN}` }];
    for (const headers of attempts) {
      const response = await call(on.app, 'GET', '/api/metrics', { headers });
      expectError(response, 401, 'UNAUTHORIZED');
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(response.body).not.toContain('drugwars_');
    }
  });

  it('counts requests by route and status, actions by type, audit failures and database errors', async () => {
    const game = await startGame(on.app, { playerName: 'counted', seed: '5' });
    await call(on.app, 'POST', '/api/game/bank/deposit', { sessionId: game.sessionId, body: { amount: 10 } });
    await call(on.app, 'POST', '/api/game/bank/deposit', { sessionId: game.sessionId, body: { amount: 10 } });
    await call(on.app, 'POST', '/api/game/bank/deposit', { sessionId: game.sessionId, body: { amount: 10_000_000 } }); // refused
    await call(on.app, 'POST', '/api/game/stay', { sessionId: game.sessionId, body: {} });
    await call(on.app, 'GET', '/api/no/such/thing');
    // A storage failure (tracking writes fail in this app) is a database error, though the player gets a 2xx.
    expect((await call(on.app, 'POST', '/api/tracking/pageview', { body: { visitorId: 'v1', path: '/' } })).statusCode).toBe(200);
    // A tampered game: the audit fails.
    const record = await on.storage.sessions.load(game.sessionId, new Date(0));
    await on.storage.sessions.append(game.sessionId, record!.version, { type: 'stay' }, { ...record!.state, day: record!.state.day + 5 }, new Date());
    expectError(await call(on.app, 'POST', '/api/game/resume', { body: { sessionId: game.sessionId } }), 403, 'AUDIT_FAILURE');

    const response = await call(on.app, 'GET', '/api/metrics', { headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.headers['cache-control']).toBe('no-store');
    const text = response.body;
    expect(sample(text, 'drugwars_http_requests_total{route="/api/game/bank/deposit",method="POST",status="200"}')).toBe(2);
    expect(sample(text, 'drugwars_http_requests_total{route="/api/game/bank/deposit",method="POST",status="400"}')).toBe(1);
    expect(sample(text, 'drugwars_http_requests_total{route="unmatched",method="GET",status="404"}')).toBe(1);
    expect(sample(text, 'drugwars_http_request_duration_seconds_count{route="/api/game/new",method="POST",status="200"}')).toBe(1);
    expect(sample(text, 'drugwars_game_actions_total{type="deposit"}')).toBe(2);
    expect(sample(text, 'drugwars_game_actions_total{type="stay"}')).toBe(1);
    expect(sample(text, 'drugwars_audit_failures_total')).toBe(1);
    expect(sample(text, 'drugwars_database_errors_total{operation="tracking.add"}')).toBe(1);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    // The scrape itself is not counted, and the route is not in the public API document.
    expect(text).not.toContain('route="/api/metrics"');
    const docs = await call(on.app, 'GET', '/api/docs/json');
    expect(docs.body).not.toContain('/api/metrics');
  });
});

/** One call on a connection of its own, so the cluster hands consecutive calls to different workers. */
function get(baseUrl: string, path: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('/api/metrics with WORKERS=2', () => {
  const target = sqliteTarget();
  afterAll(() => target.cleanup());

  it('sums every worker: each scrape counts all the requests, whichever worker answered them', async () => {
    const server = await spawnServer({ DATABASE_URL: await target.freshUrl(), WORKERS: '2', METRICS_TOKEN: TOKEN });
    try {
      await vi.waitFor(() => expect(server.output()).toContain('"msg":"all workers listening"'), { timeout: 30_000 });
      for (let i = 0; i < 10; i++) expect((await get(server.baseUrl, '/api/version')).status).toBe(200);
      for (let i = 0; i < 3; i++) {
        const scrape = await get(server.baseUrl, '/api/metrics', auth);
        expect(scrape.status, scrape.body).toBe(200);
        expect(sample(scrape.body, 'drugwars_http_requests_total{route="/api/version",method="GET",status="200"}')).toBe(10);
      }
      expect((await get(server.baseUrl, '/api/metrics')).status).toBe(401);
    } finally {
      await server.stop();
    }
  });
});
