// Everything the server process reads from its environment, parsed and checked in one place (README
// "Configuration" lists the same variables). A value that does not parse stops the start with a message naming the
// variable, rather than running with a limit nobody asked for.
import { DEFAULT_DATABASE_URL } from './storage/createStorage';
import { environmentFrom, type AboutValues, type Environment } from './services/version';
import { DEFAULT_ACTION_CAPS, type ActionCaps } from './services/actionCaps';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './routes/rateLimits';
import { DEFAULT_TRACKING_RETENTION_DAYS } from './plugins/purgeTimer';
import { parseWorkers } from './workers';
import { dailySecretProblem } from './services/dailyRun';

/** Local by default: `npm start` serves this machine only; HOST=0.0.0.0 serves the network (README, docs/deploy.md). */
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_PORT = 3000;

export interface ServerConfig {
  host: string;
  port: number;
  databaseUrl: string;
  environment: Environment;
  logLevel: string;
  redisUrl: string | undefined;
  trustProxy: boolean;
  workers: number;
  rateLimits: RateLimits;
  actionCaps: ActionCaps;
  trackingRetentionDays: number;
  /** /api/metrics is served only when this is set (Bearer token). */
  metricsToken: string | undefined;
  /** The Daily Run's seed secret; undefined = one generated once and kept in the database. */
  dailySecret: string | undefined;
  /** The contact and donation address the About and CONNECTION FAILED texts show; unset ones are hidden. */
  about: AboutValues;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** A whole number in [min, max] from `name`, or `fallback` when it is unset or empty. */
function wholeNumber(env: Env, name: string, fallback: number, min: number, max: number): number {
  const text = (env[name] ?? '').trim();
  if (text === '') return fallback;
  const n = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max} (got '${env[name]}').`);
  }
  return n;
}

const PER_MINUTE = 60_000;

/** ABOUT_CONTACT and ABOUT_DONATION_ADDRESS, trimmed; an unset or empty one is left out (the page hides its line). */
function aboutValues(env: Env): AboutValues {
  const contact = (env.ABOUT_CONTACT ?? '').trim();
  const donationAddress = (env.ABOUT_DONATION_ADDRESS ?? '').trim();
  return { ...(contact ? { contact } : {}), ...(donationAddress ? { donationAddress } : {}) };
}

export function readConfig(env: Env): ServerConfig {
  const appEnv = (env.APP_ENV ?? '').trim().toLowerCase();
  const metricsToken = (env.METRICS_TOKEN ?? '').trim();
  const dailySecret = (env.DAILY_SECRET ?? '').trim();
  const dailySecretError = dailySecret === '' ? null : dailySecretProblem(dailySecret);
  if (dailySecretError) throw new ConfigError(dailySecretError);
  let workers: number;
  try {
    // Unset: one process (tests, and a plain `node main.ts`); `npm start` sets one per core (scripts/start.mjs).
    workers = parseWorkers(env.WORKERS, 1);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  return {
    host: (env.HOST ?? '').trim() || DEFAULT_HOST,
    port: wholeNumber(env, 'PORT', DEFAULT_PORT, 0, 65_535),
    databaseUrl: env.DATABASE_URL || DEFAULT_DATABASE_URL,
    environment: environmentFrom(appEnv),
    // SPEC.md section 6: 'development' or 'dev' turns on debug logging.
    logLevel: env.LOG_LEVEL || (appEnv === 'development' || appEnv === 'dev' ? 'debug' : 'info'),
    redisUrl: env.REDIS_URL || undefined,
    // Behind a reverse proxy or load balancer, the client address (for rate limits) comes from X-Forwarded-For.
    trustProxy: ['1', 'true', 'yes'].includes((env.TRUST_PROXY ?? '').trim().toLowerCase()),
    workers,
    rateLimits: {
      newGame: { max: wholeNumber(env, 'RATE_LIMIT_NEW_GAME_PER_MIN', DEFAULT_RATE_LIMITS.newGame.max, 1, 1_000_000), timeWindowMs: PER_MINUTE },
      submit: { max: wholeNumber(env, 'RATE_LIMIT_SUBMIT_PER_MIN', DEFAULT_RATE_LIMITS.submit.max, 1, 1_000_000), timeWindowMs: PER_MINUTE },
      replay: { max: wholeNumber(env, 'RATE_LIMIT_REPLAY_PER_MIN', DEFAULT_RATE_LIMITS.replay.max, 1, 1_000_000), timeWindowMs: PER_MINUTE },
      tracking: {
        max: wholeNumber(env, 'RATE_LIMIT_TRACKING_PER_MIN', DEFAULT_RATE_LIMITS.tracking.max, 1, 1_000_000),
        timeWindowMs: PER_MINUTE,
      },
    },
    actionCaps: {
      perDay: wholeNumber(env, 'MAX_ACTIONS_PER_DAY', DEFAULT_ACTION_CAPS.perDay, 1, 1_000_000),
      perGame: wholeNumber(env, 'MAX_ACTIONS_PER_GAME', DEFAULT_ACTION_CAPS.perGame, 1, 1_000_000),
    },
    trackingRetentionDays: wholeNumber(env, 'TRACKING_RETENTION_DAYS', DEFAULT_TRACKING_RETENTION_DAYS, 1, 100_000),
    metricsToken: metricsToken === '' ? undefined : metricsToken,
    dailySecret: dailySecret === '' ? undefined : dailySecret,
    about: aboutValues(env),
  };
}
