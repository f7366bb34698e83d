// Analytics: stored through the port, size-limited, and a storage failure never reaches the player.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Storage, TrackingKind } from '../src/storage/port';
import { sqliteTarget } from './support/storageTargets';
import { call, createTestApp, failing, json, type TestApp } from './support/testApp';
import { expectError } from './support/games';

interface Tracked {
  kind: TrackingKind;
  visitorId: string | null;
  sessionId: string | null;
  payload: unknown;
}

/** A Storage that also remembers every tracking.add() call. */
function recording(storage: Storage, calls: Tracked[]): Storage {
  const { tracking } = storage;
  return {
    ...storage,
    tracking: {
      ...tracking,
      add(kind: TrackingKind, visitorId: string | null, sessionId: string | null, payload: unknown, now: Date) {
        calls.push({ kind, visitorId, sessionId, payload });
        return tracking.add(kind, visitorId, sessionId, payload, now);
      },
    },
  };
}

const VISITOR = '7b0a3c1e-1111-4222-8333-444455556666';

describe('tracking routes', () => {
  const target = sqliteTarget();
  const calls: Tracked[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { wrapStorage: (s) => recording(s, calls) });
  });
  afterAll(async () => {
    await t.close();
    await target.cleanup();
  });

  it('stores a visitor, a page view, a funnel stage and a game event', async () => {
    const bodies = {
      visitor: {
        visitorId: VISITOR,
        browser: 'Firefox',
        platform: 'Linux x86_64',
        screenResolution: '1920x1080',
        timezone: 'Europe/Paris',
        country: 'FR',
        referrer: '',
        landingPage: '/',
      },
      pageview: { visitorId: VISITOR, sessionId: null, path: '/game', title: 'DRUG WARS', referrer: '' },
      funnel: { visitorId: VISITOR, stage: 'game_start', sessionId: 'abc', timeToStage: 12 },
      event: { visitorId: VISITOR, sessionId: 'abc', event: { type: 'buy', category: 'transaction', data: { drugId: 'weed', quantity: 2 } } },
    } as const;
    for (const [kind, body] of Object.entries(bodies)) {
      const response = await call(t.app, 'POST', `/api/tracking/${kind}`, { body });
      expect(response.statusCode, `${kind}: ${response.body}`).toBe(200);
      expect(json(response)).toEqual({ success: true });
    }
    expect(calls.map((c) => c.kind)).toEqual(['visitor', 'pageview', 'funnel', 'event']);
    expect(calls[0]).toMatchObject({ visitorId: VISITOR, sessionId: null, payload: bodies.visitor });
    expect(calls[2]).toMatchObject({ visitorId: VISITOR, sessionId: 'abc' });
    expect(calls[3]?.payload).toEqual(bodies.event);
  });

  it('refuses invalid tracking bodies with 400 and stores nothing', async () => {
    const count = calls.length;
    expectError(await call(t.app, 'POST', '/api/tracking/visitor', { body: { browser: 'x' } }), 400, 'INVALID_INPUT');
    expectError(await call(t.app, 'POST', '/api/tracking/funnel', { body: { visitorId: VISITOR, stage: '' } }), 400, 'INVALID_INPUT');
    expectError(await call(t.app, 'POST', '/api/tracking/event', { body: { visitorId: VISITOR, event: 'clicked' } }), 400, 'INVALID_INPUT');
    expect(calls.length).toBe(count);
  });

  it('refuses payloads above 4 KB with 413 and stores nothing', async () => {
    const count = calls.length;
    const big = { visitorId: VISITOR, event: { type: 'x', data: 'y'.repeat(5000) } };
    expectError(await call(t.app, 'POST', '/api/tracking/event', { body: big }), 413, 'PAYLOAD_TOO_LARGE');
    expect(calls.length).toBe(count);
  });
});

describe('tracking when storage fails', () => {
  it('still answers 200: analytics never reach the player', async () => {
    const target = sqliteTarget();
    const t = await createTestApp(target, { wrapStorage: (s) => failing(s, ['tracking.add']) });
    try {
      const response = await call(t.app, 'POST', '/api/tracking/pageview', { body: { visitorId: VISITOR, path: '/' } });
      expect(response.statusCode).toBe(200);
      expect(json(response)).toEqual({ success: true });
    } finally {
      await t.close();
      await target.cleanup();
    }
  });
});

describe('rate limits', () => {
  const target = sqliteTarget();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, {
      rateLimits: {
        newGame: { max: 2, timeWindowMs: 60_000 },
        submit: { max: 1, timeWindowMs: 60_000 },
        tracking: { max: 3, timeWindowMs: 60_000 },
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await target.cleanup();
  });

  it('limits new games per client address with a JSON 429', async () => {
    const body = { playerName: 'spammer', seed: null };
    expect((await call(t.app, 'POST', '/api/game/new', { body })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/game/new', { body })).statusCode).toBe(200);
    const limited = expectError(await call(t.app, 'POST', '/api/game/new', { body }), 429, 'RATE_LIMITED');
    expect(limited.message).toMatch(/Too many requests/);
    // Another address is not affected.
    const other = await t.app.inject({ method: 'POST', url: '/api/game/new', payload: body, remoteAddress: '10.1.2.3' });
    expect(other.statusCode).toBe(200);
    // Other game calls are not limited.
    expect((await call(t.app, 'GET', '/api/version')).statusCode).toBe(200);
  });

  it('limits score submits', async () => {
    expectError(await call(t.app, 'POST', '/api/leaderboard/submit', { body: {} }), 404, 'SESSION_NOT_FOUND');
    expectError(await call(t.app, 'POST', '/api/leaderboard/submit', { body: {} }), 429, 'RATE_LIMITED');
  });

  it('shares one budget across the tracking calls', async () => {
    const ok = [
      await call(t.app, 'POST', '/api/tracking/visitor', { body: { visitorId: VISITOR } }),
      await call(t.app, 'POST', '/api/tracking/pageview', { body: { visitorId: VISITOR } }),
      await call(t.app, 'POST', '/api/tracking/funnel', { body: { visitorId: VISITOR, stage: 'name_entry' } }),
    ];
    expect(ok.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expectError(await call(t.app, 'POST', '/api/tracking/event', { body: { visitorId: VISITOR, event: {} } }), 429, 'RATE_LIMITED');
  });
});

describe('rate limits behind a proxy (trustProxy)', () => {
  it('counts each forwarded client address separately', async () => {
    const target = sqliteTarget();
    const t = await createTestApp(target, { trustProxy: true, rateLimits: { newGame: { max: 1, timeWindowMs: 60_000 } } });
    try {
      const from = (ip: string) =>
        t.app.inject({ method: 'POST', url: '/api/game/new', payload: { playerName: 'proxied', seed: null }, headers: { 'x-forwarded-for': ip } });
      expect((await from('203.0.113.1')).statusCode).toBe(200);
      expectError(await from('203.0.113.1'), 429, 'RATE_LIMITED');
      expect((await from('203.0.113.2')).statusCode).toBe(200);
    } finally {
      await t.close();
      await target.cleanup();
    }
  });
});
