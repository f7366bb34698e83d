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
import { ConfigError, readConfig, type ServerConfig } from './config';
import { serveClusterMetrics } from './metricsCluster';
import { createStorage } from './storage/createStorage';
import { startWorkers } from './workers';

let config: ServerConfig;
try {
  config = readConfig(process.env);
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}
const { host, port, databaseUrl, environment, logLevel: level, trustProxy } = config;

if (databaseUrl.startsWith('sqlite:')) {
  const file = databaseUrl.slice('sqlite:'.length);
  if (file !== ':memory:' && file !== '') mkdirSync(dirname(file), { recursive: true });
}

async function serve(): Promise<void> {
  const storage = createStorage(databaseUrl);
  await storage.migrate();

  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { connectTimeout: 500, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', () => {
    // Logged by the rate limiter's skipOnError path; without this handler ioredis would crash the process.
  });

  const app = await buildApp({
    storage,
    environment,
    about: config.about,
    logger: { level, redact: ['req.headers["x-session-id"]', 'req.headers["x-visitor-id"]'] },
    redis,
    trustProxy,
    rateLimits: config.rateLimits,
    actionCaps: config.actionCaps,
    trackingRetentionDays: config.trackingRetentionDays,
    ...(config.metricsToken === undefined ? {} : { metricsToken: config.metricsToken }),
    dailySecret: config.dailySecret,
  });
  if (environment === 'production' && config.dailySecret === undefined) {
    app.log.warn('DAILY_SECRET is not set: the Daily Run seeds come from a secret generated in the database (README "Configuration").');
  }

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
  // A scrape of /api/metrics reaches one worker, which asks this process for the sum over all of them.
  if (config.metricsToken !== undefined) serveClusterMetrics();
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

if (cluster.isPrimary && config.workers > 1) supervise(config.workers);
else await serve();
