// buildApp: the whole HTTP product around one Storage (tests drive it through app.inject()).
// plugins (plugins/*.ts: body parser, security headers, reply compression, rate limits, docs, serializer, web app,
// purge timer)
// -> routes (routes/*Routes.ts) -> services -> storage port.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import { ApiErrorCode } from '@drugwars/protocol';
import type { Storage } from './storage/port';
import { describeValidationErrors, handleError, sendError, type SchemaError } from './errors';
import { GameSessions } from './services/gameSessions';
import { Leaderboard } from './services/leaderboard';
import { Tracking } from './services/tracking';
import type { Environment } from './services/version';
import { apiDocs } from './plugins/apiDocs';
import { gameStateSerializer } from './plugins/gameStateSerializer';
import { jsonBodyParser } from './plugins/jsonBodyParser';
import { purgeTimer } from './plugins/purgeTimer';
import { replyCompression } from './plugins/replyCompression';
import { rateLimiting } from './plugins/rateLimiting';
import { securityHeaders } from './plugins/securityHeaders';
import { webApp } from './plugins/webApp';
import { registerGameDataRoutes } from './routes/gameDataRoutes';
import { registerGameRoutes } from './routes/gameRoutes';
import { registerLeaderboardRoutes } from './routes/leaderboardRoutes';
import { registerMetaRoutes } from './routes/metaRoutes';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './routes/rateLimits';
import { registerTrackingRoutes } from './routes/trackingRoutes';
import type { App } from './routes/types';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const DEFAULT_WEB_DIST_DIR = join(repoRoot, 'apps', 'web', 'dist');
export const DEFAULT_CHANGELOG_PATH = join(repoRoot, 'CHANGELOG.md');
/** Largest request body: every real call is far below this; anything above is refused with 413. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;
export const DEFAULT_PURGE_INTERVAL_MS = 60 * 60 * 1000;

export interface BuildAppOptions {
  /** Owned by the caller: buildApp never closes it (main.ts does, after the app has closed). */
  storage: Storage;
  environment?: Environment;
  /** Fastify/pino logger options; false (the default) for silence in tests. */
  logger?: FastifyServerOptions['logger'];
  /** Per-client limits; tests set small ones. */
  rateLimits?: Partial<RateLimits>;
  /** Share rate-limit counters between server processes (owned by the caller). */
  redis?: Redis;
  /** Key prefix of the counters in Redis (tests use their own). */
  rateLimitNamespace?: string;
  /** Built web app to serve at /; null or a missing directory serves the API only. */
  webDistDir?: string | null;
  changelogPath?: string;
  /** The clock (tests move it to expire sessions). */
  now?: () => Date;
  sessionTtlMs?: number;
  /** How often expired sessions are deleted; null turns the timer off. */
  purgeIntervalMs?: number | null;
  bodyLimitBytes?: number;
  /** Trust X-Forwarded-For from a reverse proxy for the client address (rate limits). */
  trustProxy?: boolean;
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const now = options.now ?? (() => new Date());
  const rateLimits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };

  const app: App = Fastify({
    logger: options.logger ?? false,
    bodyLimit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    // A client that trickles a request for longer than this is cut off (slow-request hardening).
    requestTimeout: 30_000,
    // Schema failures become one sentence a player can read (the error handler sends it as INVALID_INPUT).
    schemaErrorFormatter: (errors, dataVar) =>
      new Error(describeValidationErrors(errors as unknown as SchemaError[], dataVar)),
    // Router-level refusals (malformed URL, over-long path parameter) get the same JSON failure body.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void sendError(reply, tooLong ? 414 : 400, ApiErrorCode.INVALID_INPUT, tooLong ? 'The address is too long.' : 'The address is not valid.');
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(TypeBoxValidatorCompiler);
  app.setErrorHandler(handleError);

  await app.register(jsonBodyParser);
  await app.register(securityHeaders);
  await app.register(replyCompression);
  await app.register(rateLimiting, {
    ...(options.redis ? { redis: options.redis } : {}),
    nameSpace: options.rateLimitNamespace ?? 'drugwars-rate-limit-',
  });
  await app.register(apiDocs);
  await app.register(gameStateSerializer);

  const sessions = new GameSessions({ storage: options.storage, now, sessionTtlMs: options.sessionTtlMs });
  const leaderboard = new Leaderboard(options.storage, sessions, now);
  const tracking = new Tracking(options.storage, now, app.log);

  registerMetaRoutes(app, {
    storage: options.storage,
    environment: options.environment ?? 'development',
    changelogPath: options.changelogPath ?? DEFAULT_CHANGELOG_PATH,
  });
  registerGameDataRoutes(app);
  registerGameRoutes(app, { sessions, newGameRateLimit: rateLimits.newGame });
  registerLeaderboardRoutes(app, { leaderboard, submitRateLimit: rateLimits.submit });
  registerTrackingRoutes(app, { tracking, rateLimit: rateLimits.tracking });

  await app.register(webApp, { distDir: options.webDistDir === undefined ? DEFAULT_WEB_DIST_DIR : options.webDistDir });
  await app.register(purgeTimer, {
    storage: options.storage,
    expiresBefore: () => sessions.expiresBefore(),
    intervalMs: options.purgeIntervalMs === undefined ? DEFAULT_PURGE_INTERVAL_MS : options.purgeIntervalMs,
  });

  return app;
}
