// Builds the real app over a real, freshly migrated storage (temporary SQLite file, or PostgreSQL when
// TEST_DATABASE_URL is set: see storageTargets.ts) for app.inject() route tests.
import type { LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildAppOptions } from '../../src/app';
import type { App } from '../../src/routes/types';
import type { Storage } from '../../src/storage/port';
import { createStorage } from '../../src/storage/createStorage';
import { openFreshStorage, type StorageTarget } from './storageTargets';

async function openStorage(url: string): Promise<{ storage: Storage; url: string }> {
  const storage = createStorage(url);
  await storage.migrate();
  return { storage, url };
}

/** Limits high enough that only the rate-limit tests ever meet them. */
export const GENEROUS_RATE_LIMITS = {
  newGame: { max: 100_000, timeWindowMs: 60_000 },
  submit: { max: 100_000, timeWindowMs: 60_000 },
  replay: { max: 100_000, timeWindowMs: 60_000 },
  tracking: { max: 100_000, timeWindowMs: 60_000 },
};

export interface TestApp {
  app: App;
  storage: Storage;
  /** The DATABASE_URL of its database (another app, like another process, can open it too). */
  url: string;
  close(): Promise<void>;
}

export type TestAppOptions = Omit<Partial<BuildAppOptions>, 'storage'> & {
  /** Wrap the real storage (e.g. to make some calls fail). */
  wrapStorage?: (storage: Storage) => Storage;
  /** Open this database (another TestApp's url) instead of a fresh one: a second server process on it. */
  databaseUrl?: string;
};

export async function createTestApp(target: StorageTarget, options: TestAppOptions = {}): Promise<TestApp> {
  const { wrapStorage, databaseUrl, ...rest } = options;
  const { storage: real, url } = databaseUrl === undefined ? await openFreshStorage(target) : await openStorage(databaseUrl);
  const storage = wrapStorage ? wrapStorage(real) : real;
  const app = await buildApp({
    storage,
    logger: false,
    webDistDir: null,
    purgeIntervalMs: null,
    rateLimits: GENEROUS_RATE_LIMITS,
    ...rest,
  });
  await app.ready();
  return {
    app,
    storage,
    url,
    async close() {
      await app.close();
      await real.close();
    },
  };
}

/** A Storage whose chosen calls ('ping', 'tracking.add', ...) reject, to prove failures are handled. */
export function failing(storage: Storage, calls: readonly string[]): Storage {
  const fail = (name: string) => () => Promise.reject(new Error(`injected ${name} failure`));
  const wrap = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const name = `${prefix}${String(property)}`;
        return calls.includes(name) ? fail(name) : Reflect.get(object, property, receiver);
      },
    });
  return {
    ...wrap(storage, ''),
    sessions: wrap(storage.sessions, 'sessions.'),
    leaderboard: wrap(storage.leaderboard, 'leaderboard.'),
    tracking: wrap(storage.tracking, 'tracking.'),
    settings: wrap(storage.settings, 'settings.'),
  };
}

export interface CallOptions {
  sessionId?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function call(app: App, method: 'GET' | 'POST', url: string, options: CallOptions = {}): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.sessionId !== undefined) headers['x-session-id'] = options.sessionId;
  return app.inject({
    method,
    url,
    headers,
    ...(options.body === undefined ? {} : { payload: options.body as object }),
  });
}

/** Parsed JSON body, typed with the protocol type the test expects (the assertions check it really is). */
export function json<T = Record<string, unknown>>(response: LightMyRequestResponse): T {
  return response.json<T>();
}
