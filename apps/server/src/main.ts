// The server process (`npm start` -> scripts/start.mjs imports this file). Configuration comes from the
// environment (README "Configuration"); shutdown on SIGTERM/SIGINT lets in-flight requests finish first.
// WORKERS > 1: this process becomes the primary of that many server processes on one port (workers.ts); each
// of them runs this file again and serves.
import cluster from 'node:cluster';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { buildApp } from './app';
import { createStorage, DEFAULT_DATABASE_URL } from './storage/createStorage';
import { environmentFrom } from './services/version';
import { parseWorkers, startWorkers } from './workers';

const env = process.env;
const host = env.HOST || '0.0.0.0';
const port = Number.parseInt(env.PORT || '3000', 10);
const databaseUrl = env.DATABASE_URL || DEFAULT_DATABASE_URL;
const appEnv = (env.APP_ENV ?? '').trim().toLowerCase();
const environment = environmentFrom(appEnv);
// SPEC.md section 6: 'development' or 'dev' turns on debug logging.
const level = env.LOG_LEVEL || (appEnv === 'development' || appEnv === 'dev' ? 'debug' : 'info');
// Behind a reverse proxy or load balancer, the client address (for rate limits) comes from X-Forwarded-For.
const trustProxy = ['1', 'true', 'yes'].includes((env.TRUST_PROXY ?? '').trim().toLowerCase());

if (databaseUrl.startsWith('sqlite:')) {
  const file = databaseUrl.slice('sqlite:'.length);
  if (file !== ':memory:' && file !== '') mkdirSync(dirname(file), { recursive: true });
}

async function serve(): Promise<void> {
  const storage = createStorage(databaseUrl);
  await storage.migrate();

  const redis = env.REDIS_URL
    ? new Redis(env.REDIS_URL, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', () => {
    // Logged by the rate limiter's skipOnError path; without this handler ioredis would crash the process.
  });

  const app = await buildApp({
    storage,
    environment,
    logger: { level, redact: ['req.headers["x-session-id"]'] },
    redis,
    trustProxy,
  });

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      redis?.disconnect();
      await storage.close();
      process.exit(0);
    }
  }
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ host, port });
    // Never the URL itself: it may hold a password.
    app.log.debug({ environment, database: databaseUrl.split(':')[0], redis: Boolean(redis) }, 'configuration');
  } catch (err) {
    app.log.error({ err }, 'could not start the server');
    await storage.close();
    process.exit(1);
  }
}

/** The primary of WORKERS server processes: it forks and supervises them and serves nothing itself. */
function supervise(count: number): void {
  const log = pino({ level });
  const pool = startWorkers(count, log, () => process.exit(1));
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down all workers');
    void pool.stop().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}

let workers = 1;
try {
  // Unset: one process (tests, and a plain `node main.ts`); `npm start` sets one per core (scripts/start.mjs).
  workers = parseWorkers(env.WORKERS, 1);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
if (cluster.isPrimary && workers > 1) supervise(workers);
else await serve();
