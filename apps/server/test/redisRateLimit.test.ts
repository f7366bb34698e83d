// With REDIS_URL the rate-limit counters live in Redis, so several server processes share one budget per
// client; a Redis outage must not break the game (limits are skipped, requests still answer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { sqliteTarget } from './support/storageTargets';
import { call, createTestApp, type TestApp } from './support/testApp';
import { expectError } from './support/games';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const options = { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true } as const;

async function reachable(url: string): Promise<boolean> {
  const probe = new Redis(url, options);
  try {
    await probe.connect();
    await probe.ping();
    return true;
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const redisUp = await reachable(REDIS_URL);
// Redis is optional for the product (REDIS_URL unset = in-memory limits), so its absence is a loud skip, even in CI.
if (!redisUp) console.warn(`\n*** SKIPPING "rate limits shared through Redis": no Redis at ${REDIS_URL} (TEST_REDIS_URL) ***\n`);

describe.runIf(redisUp)('rate limits shared through Redis', () => {
  const target = sqliteTarget();
  const namespace = `drugwars-test-${randomBytes(6).toString('hex')}-`;
  const limits = { newGame: { max: 2, timeWindowMs: 60_000 } };
  let redisA: Redis;
  let redisB: Redis;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    redisA = new Redis(REDIS_URL, options);
    redisB = new Redis(REDIS_URL, options);
    await Promise.all([redisA.connect(), redisB.connect()]);
    a = await createTestApp(target, { redis: redisA, rateLimitNamespace: namespace, rateLimits: limits });
    b = await createTestApp(target, { redis: redisB, rateLimitNamespace: namespace, rateLimits: limits });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    const keys = await redisA.keys(`${namespace}*`);
    if (keys.length > 0) await redisA.del(...keys);
    redisA.disconnect();
    redisB.disconnect();
    await target.cleanup();
  });

  it('two servers count one client against one budget', async () => {
    const body = { playerName: 'twin', seed: null };
    expect((await call(a.app, 'POST', '/api/game/new', { body })).statusCode).toBe(200);
    expect((await call(b.app, 'POST', '/api/game/new', { body })).statusCode).toBe(200);
    expectError(await call(a.app, 'POST', '/api/game/new', { body }), 429, 'RATE_LIMITED');
    expectError(await call(b.app, 'POST', '/api/game/new', { body }), 429, 'RATE_LIMITED');
  });
});

describe('rate limits when Redis is down', () => {
  const target = sqliteTarget();
  let redis: Redis;
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails at once.
    redis = new Redis('redis://127.0.0.1:1', { ...options, retryStrategy: () => null });
    redis.on('error', () => {});
    t = await createTestApp(target, { redis, rateLimits: { newGame: { max: 1, timeWindowMs: 60_000 } } });
  });
  afterAll(async () => {
    await t.close();
    redis.disconnect();
    await target.cleanup();
  });

  it('keeps serving players (limits skipped, no 5xx)', async () => {
    for (let i = 0; i < 3; i++) {
      const response = await call(t.app, 'POST', '/api/game/new', { body: { playerName: 'solo', seed: null } });
      expect(response.statusCode, response.body).toBe(200);
    }
  });
});
