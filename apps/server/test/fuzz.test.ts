// Fuzz: thousands of random and malformed requests on every route, from a seeded generator (reproducible;
// set FUZZ_SEED to explore other sequences). No answer may be a 5xx or carry a stack trace, every failure has
// the JSON error shape, and a refused request never changes a game.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { ApiRoutes } from '@drugwars/protocol';
import { DRUGS, LOCATIONS, LOAN_SHARKS, SHIPPING_COMPANIES, WEAPONS, ARMOR, AMMO, CONSUMABLES } from '@drugwars/engine';
import { canonicalJson } from '../src/services/canonicalJson';
import { sqliteTarget } from './support/storageTargets';
import { createTestApp, type TestApp } from './support/testApp';

const FUZZ_SEED = Number(process.env.FUZZ_SEED ?? 20261122);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 3000);

/** mulberry32: a tiny seeded generator, so a failure can be replayed exactly. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)]!;
  const chance = (p: number) => next() < p;
  return { next, int, pick, chance };
}
type Gen = ReturnType<typeof generator>;

const ids = [
  ...DRUGS.map((d) => d.id),
  ...LOCATIONS.map((l) => l.id),
  ...WEAPONS.map((w) => w.id),
  ...ARMOR.map((a) => a.id),
  ...AMMO.map((a) => a.id),
  ...CONSUMABLES.map((c) => c.id),
  ...LOAN_SHARKS.map((s) => s.id),
  ...SHIPPING_COMPANIES.map((c) => c.id),
  'all',
];

const nastyStrings = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  "' OR 1=1; --",
  '"; DROP TABLE sessions; --',
  '<script>alert(1)</script>',
  '../../../etc/passwd',
  '%00',
  '\u0000',
  '\uD800',
  '🚀💊',
  'ünïcødé',
  'NaN',
  'Infinity',
  '-1',
  '1e309',
  '0x10',
  'null',
  'true',
  '[]',
  '{}',
  'a'.repeat(300),
  'loser-abcdef',
  'admin',
  '1234-5678-9012-3456',
  '1234567890123456',
];

const nastyNumbers = [0, -1, 1, 2, 3, 7, 10, 99, 100, 1000, 1.5, -0.5, 1e9, 1e12, 1e12 + 1, 2 ** 53, -(2 ** 53), 1e308, Number.MAX_SAFE_INTEGER];

function randomString(g: Gen): string {
  if (g.chance(0.5)) return g.pick(ids);
  if (g.chance(0.6)) return g.pick(nastyStrings);
  const length = g.int(40);
  let s = '';
  for (let i = 0; i < length; i++) s += String.fromCharCode(g.chance(0.9) ? 32 + g.int(95) : g.int(0xffff));
  return s;
}

function randomValue(g: Gen, depth = 0): unknown {
  const roll = g.int(depth > 2 ? 5 : 8);
  switch (roll) {
    case 0:
      return null;
    case 1:
      return g.chance(0.5);
    case 2:
      return g.pick(nastyNumbers);
    case 3:
    case 4:
      return randomString(g);
    case 5:
      return Array.from({ length: g.int(4) }, () => randomValue(g, depth + 1));
    default: {
      const obj: Record<string, unknown> = {};
      for (let i = g.int(4); i > 0; i--) obj[randomString(g)] = randomValue(g, depth + 1);
      return obj;
    }
  }
}

const fieldNames = [
  'playerName', 'seed', 'sessionId', 'destination', 'itemType', 'itemId', 'quantity', 'drugId', 'action', 'targetId', 'amount',
  'sharkId', 'destinationId', 'companyId', 'visitorId', 'stage', 'event', 'path', 'timeToStage', 'score', 'name',
];
const enumValues = ['drug', 'weapon', 'armor', 'ammo', 'consumable', 'fight', 'escape', 'bribe', 'surrender', 'pay', 'skip'];

/** A body that is often almost right: known field names with plausible or hostile values. */
function plausibleBody(g: Gen): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (let i = 1 + g.int(4); i > 0; i--) {
    const field = g.pick(fieldNames);
    const roll = g.int(6);
    body[field] =
      roll === 0 ? g.pick(enumValues) : roll === 1 ? g.pick(nastyNumbers) : roll === 2 ? g.pick(ids) : roll === 3 ? [g.pick(ids), randomString(g)] : randomValue(g);
  }
  if (g.chance(0.05)) Object.defineProperty(body, '__proto__', { value: { polluted: true }, enumerable: true });
  return body;
}

const malformedPayloads = ['{', '{"a":', 'nul', '[1,2', '{"quantity": 01}', '\u0000', '{"a":1}{"b":2}', '"just a string"', '42', 'true', ' '];

/** URL-encodes, or (for lone surrogates) sends a malformed percent-escape, which the server must survive too. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return '%E0%A4%A';
  }
}

interface Fired {
  method: string;
  url: string;
  headers: Record<string, string | string[]>;
  payload?: string;
}

describe('fuzz: every route, random and malformed input', () => {
  const target = sqliteTarget();
  let t: TestApp;
  const liveSessions: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
    await target.cleanup();
  });

  async function newSession(g: Gen): Promise<string> {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/game/new',
      payload: { playerName: 'fuzzer', seed: g.chance(0.5) ? String(g.int(1e9)) : null },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ sessionId: string }>().sessionId;
  }

  async function snapshot(sessionId: string) {
    const record = await t.storage.sessions.load(sessionId, new Date(0));
    return record ? { version: record.version, state: canonicalJson(record.state), ended: false } : null;
  }

  it(`answers ${REQUESTS} hostile requests without a 5xx and without changing a game on refusal (seed ${FUZZ_SEED})`, async () => {
    const g = generator(FUZZ_SEED);
    for (let i = 0; i < 3; i++) liveSessions.push(await newSession(g));
    const routes = Object.values(ApiRoutes);
    const statusCounts = new Map<number, number>();

    for (let n = 0; n < REQUESTS; n++) {
      // Keep a pool of live games (end-session and expiry remove them).
      const sessionId = g.pick(liveSessions);
      const route = g.pick(routes);
      const method = g.chance(0.93) ? route.method : g.pick(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD'] as const);
      let url: string = route.url.replace(':language', encode(randomString(g)) || 'en');
      if (g.chance(0.05)) url = `/api/game/${encode(randomString(g))}`;
      if (g.chance(0.1)) url += `?${encode(randomString(g))}=${encode(randomString(g))}&limit=${g.pick(nastyNumbers)}`;

      const headers: Record<string, string | string[]> = {};
      const sessionRoll = g.int(10);
      if (sessionRoll < 6) headers['x-session-id'] = sessionId;
      else if (sessionRoll === 6) headers['x-session-id'] = randomUUID();
      else if (sessionRoll === 7) headers['x-session-id'] = randomString(g) || 'x';
      else if (sessionRoll === 8) headers['x-session-id'] = [sessionId, randomUUID()];
      if (g.chance(0.1)) headers['user-agent'] = randomString(g) || 'fuzz';

      const fired: Fired = { method, url, headers };
      const bodyRoll = g.int(10);
      if (method !== 'GET' && method !== 'HEAD') {
        if (bodyRoll < 6) {
          const body = g.chance(0.5) ? plausibleBody(g) : randomValue(g);
          if (g.chance(0.3) && body && typeof body === 'object' && !Array.isArray(body)) (body as Record<string, unknown>).sessionId = sessionId;
          fired.payload = JSON.stringify(body);
          headers['content-type'] = 'application/json';
        } else if (bodyRoll < 8) {
          fired.payload = g.pick(malformedPayloads);
          headers['content-type'] = g.pick(['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'application/json; charset=utf-16']);
        } else if (bodyRoll === 8) {
          fired.payload = JSON.stringify({ playerName: 'x'.repeat(20_000 + g.int(20_000)) });
          headers['content-type'] = 'application/json';
        }
      }

      const before = await snapshot(sessionId);
      const response = await t.app.inject({ method: fired.method as 'GET', url: fired.url, headers: fired.headers, payload: fired.payload });
      const where = `#${n} ${fired.method} ${fired.url} ${JSON.stringify(fired.headers)} ${fired.payload?.slice(0, 300)} -> ${response.statusCode} ${response.body.slice(0, 300)}`;
      statusCounts.set(response.statusCode, (statusCounts.get(response.statusCode) ?? 0) + 1);

      expect(response.statusCode, where).toBeLessThan(500);
      expect(response.body, where).not.toMatch(/\bat .+\.(ts|js|mjs):\d+/);
      if (response.statusCode >= 400 && method !== 'HEAD') {
        const body = response.json<{ success: unknown; code: unknown; error: unknown; message: unknown }>();
        expect(body.success, where).toBe(false);
        expect(typeof body.code, where).toBe('string');
        expect(typeof body.message, where).toBe('string');
        expect(body.error, where).toBe(body.message);
        // A refusal leaves the game exactly as it was.
        expect(await snapshot(sessionId), where).toEqual(before);
      }

      // Replace games that were ended or finished so later requests still reach live games.
      const after = await snapshot(sessionId);
      if (!after || JSON.parse(after.state).gameOver === true) {
        liveSessions.splice(liveSessions.indexOf(sessionId), 1, await newSession(g));
      }
    }

    // The run must really have exercised both sides.
    const ok = [...statusCounts].filter(([s]) => s < 300).reduce((a, [, c]) => a + c, 0);
    const refused = [...statusCounts].filter(([s]) => s >= 400).reduce((a, [, c]) => a + c, 0);
    expect(ok).toBeGreaterThan(REQUESTS * 0.05);
    expect(refused).toBeGreaterThan(REQUESTS * 0.3);
  });
});
