// The server process (`npm start` -> scripts/start.mjs imports this file). Configuration comes from the
// environment (README "Configuration"); shutdown on SIGTERM/SIGINT lets in-flight requests finish first.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { Redis } from 'ioredis';
import { buildApp } from './app';
import { createStorage, DEFAULT_DATABASE_URL } from './storage/createStorage';
import { environmentFrom } from './services/version';

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
