// buildApp: the whole HTTP product around one Storage (tests drive it through app.inject()).
// plugins (plugins/*.ts: body parser, security headers, reply compression, rate limits, docs, metrics, web app,
// purge timer)
// -> routes (routes/*Routes.ts) -> services -> storage port.
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import { ApiErrorCode } from '@drugwars/protocol';
import type { Storage } from './storage/port';
import { describeValidationErrors, handleError, sendError, type SchemaError } from './errors';
import { DEFAULT_ACTION_CAPS, type ActionCaps } from './services/actionCaps';
import { DailyRun } from './services/dailyRun';
import { GameSessions } from './services/gameSessions';
import { Leaderboard } from './services/leaderboard';
import { Replays } from './services/replays';
import { Tracking } from './services/tracking';
import type { AboutValues, Environment } from './services/version';
import { apiDocs } from './plugins/apiDocs';
import { jsonBodyParser } from './plugins/jsonBodyParser';
import { countDatabaseErrors, createServerMetrics, metricsPlugin, NO_METRICS } from './plugins/metrics';
import { DEFAULT_TRACKING_RETENTION_DAYS, purgeTimer } from './plugins/purgeTimer';
import { replyCompression } from './plugins/replyCompression';
import { rateLimiting } from './plugins/rateLimiting';
import { securityHeaders } from './plugins/securityHeaders';
import { ADDRESS_TOO_LONG, MAX_PATH_PARAM_LENGTH, webApp } from './plugins/webApp';
import { registerGameDataRoutes } from './routes/gameDataRoutes';
import { registerGameRoutes } from './routes/gameRoutes';
import { registerLeaderboardRoutes } from './routes/leaderboardRoutes';
import { registerMetaRoutes } from './routes/metaRoutes';
import { DEFAULT_RATE_LIMITS, type RateLimits } from './routes/rateLimits';
import { registerTrackingRoutes } from './routes/trackingRoutes';
import type { App } from './routes/types';
import { strictValidatorCompiler } from './validatorCompiler';

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

export const DEFAULT_WEB_DIST_DIR = join(repoRoot, 'apps', 'web', 'dist');
export const DEFAULT_CHANGELOG_PATH = join(repoRoot, 'CHANGELOG.md');
/** Largest request body: every real call is far below this; anything above is refused with 413. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * 1024;
export const DEFAULT_PURGE_INTERVAL_MS = 60 * 60 * 1000;
/**
 * A request (headers and body) must arrive within this, and a connection idle between requests is closed after
 * it: a client that trickles a request, or holds connections open doing nothing, holds them this long at most.
 */
export const DEFAULT_CONNECTION_TIMEOUT_MS = 30_000;
/** How often Node checks for requests past their timeout: a slow request is cut between 30 and 31 s, not 30-60 s. */
const TIMEOUT_CHECK_INTERVAL_MS = 1000;

/**
 * One log line per request, written when it is answered (docs/deploy.md): with it the request's method, address,
 * client, status and time. Fastify's own controller writes two at info, 'incoming request' as it arrives and
 * 'request completed' as it ends, and each line is a serialization, a redaction pass and a write to stdout, a
 * large part of a small request's CPU (docs/performance.md). The arrival line is kept at debug.
 */
class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

export interface BuildAppOptions {
  /** Owned by the caller: buildApp never closes it (main.ts does, after the app has closed). */
  storage: Storage;
  environment?: Environment;
  /** The operator's contact and donation address (config ABOUT_*); unset, the page hides those lines. */
  about?: AboutValues;
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
  /** Caps on actions per game day and per game. */
  actionCaps?: ActionCaps;
  /** Tracking rows older than this are purged by the purge timer. */
  trackingRetentionDays?: number;
  /** Request and idle-connection timeout (tests shorten it). */
  connectionTimeoutMs?: number;
  /** Serve /api/metrics to `Authorization: Bearer <this>`; unset = no metrics at all. */
  metricsToken?: string;
  /** DAILY_SECRET (at least 16 characters); undefined = a secret generated once and kept in the database. */
  dailySecret?: string;
}

/** Whether a route's 200 reply has a gameState (new game, resume, state and every move). */
function carriesGameState(schema: unknown): boolean {
  const ok = (schema as { response?: Record<string, { properties?: Record<string, unknown> }> } | undefined)?.response?.['200'];
  return ok?.properties?.gameState !== undefined;
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const now = options.now ?? (() => new Date());
  const rateLimits: RateLimits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
  const metrics = options.metricsToken === undefined ? NO_METRICS : createServerMetrics();
  const storage = options.metricsToken === undefined ? options.storage : countDatabaseErrors(options.storage, metrics);

  const timeoutMs = options.connectionTimeoutMs ?? DEFAULT_CONNECTION_TIMEOUT_MS;
  const app: App = Fastify({
    logger: options.logger ?? false,
    logController: new OneLinePerRequest(),
    bodyLimit: options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES,
    trustProxy: options.trustProxy ?? false,
    // Slow-request hardening (DEFAULT_CONNECTION_TIMEOUT_MS). Node reads the header timeout and the check interval
    // only when the server is created, so they go in here rather than being set afterwards.
    requestTimeout: timeoutMs,
    keepAliveTimeout: timeoutMs,
    http: { requestTimeout: timeoutMs, headersTimeout: timeoutMs, connectionsCheckingInterval: TIMEOUT_CHECK_INTERVAL_MS },
    routerOptions: { maxParamLength: MAX_PATH_PARAM_LENGTH },
    // Schema failures become one sentence a player can read (the error handler sends it as INVALID_INPUT).
    schemaErrorFormatter: (errors, dataVar) =>
      new Error(describeValidationErrors(errors as unknown as SchemaError[], dataVar)),
    // Router-level refusals (malformed URL, over-long path parameter) get the same JSON failure body.
    // Fastify sets up no completion line for these (OneLinePerRequest): their one line is written here.
    frameworkErrors: (error, request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const status = tooLong ? 414 : 400;
      request.log.info({ req: request, res: { statusCode: status } }, 'request refused');
      void sendError(reply, status, ApiErrorCode.INVALID_INPUT, tooLong ? ADDRESS_TOO_LONG : 'The address is not valid.');
    },
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(strictValidatorCompiler);
  app.setErrorHandler(handleError);
  // Replies with a game state are written by JSON.stringify, every other reply by its schema's serializer. The game
  // state's schema (a move's whole state or its change, many nullable fields) is a tree of unions, which
  // fast-json-stringify settles by running Ajv on the reply, every time: docs/performance.md has what that cost a
  // move. Writing the object as it is filters nothing it must: the engine builds exactly the protocol's
  // ClientGameState (a compile-time test keeps the two equal), and the route tests check that no reply carries the
  // PRNG state or a secret seed.
  app.addHook('onRoute', (route) => {
    if (carriesGameState(route.schema)) route.serializerCompiler = () => JSON.stringify;
  });

  await app.register(jsonBodyParser);
  await app.register(securityHeaders);
  await app.register(replyCompression);
  await app.register(rateLimiting, {
    ...(options.redis ? { redis: options.redis } : {}),
    nameSpace: options.rateLimitNamespace ?? 'drugwars-rate-limit-',
  });
  await app.register(apiDocs);
  await app.register(metricsPlugin, { metrics, token: options.metricsToken });

  const dailyRun = new DailyRun({ storage, now, secret: options.dailySecret });
  const sessions = new GameSessions({
    storage,
    now,
    sessionTtlMs: options.sessionTtlMs,
    actionCaps: options.actionCaps ?? DEFAULT_ACTION_CAPS,
    events: { actionApplied: metrics.actionApplied, auditFailed: metrics.auditFailed },
    dailyRun,
  });
  const leaderboard = new Leaderboard(storage, sessions, dailyRun, now);
  const replays = new Replays(storage, dailyRun, app.log);
  const tracking = new Tracking(storage, now, app.log);

  registerMetaRoutes(app, {
    storage,
    environment: options.environment ?? 'development',
    about: options.about ?? {},
    changelogPath: options.changelogPath ?? DEFAULT_CHANGELOG_PATH,
  });
  registerGameDataRoutes(app);
  registerGameRoutes(app, { sessions, newGameRateLimit: rateLimits.newGame });
  registerLeaderboardRoutes(app, { leaderboard, replays, submitRateLimit: rateLimits.submit, replayRateLimit: rateLimits.replay });
  registerTrackingRoutes(app, { tracking, rateLimit: rateLimits.tracking });

  await app.register(webApp, { distDir: options.webDistDir === undefined ? DEFAULT_WEB_DIST_DIR : options.webDistDir });
  await app.register(purgeTimer, {
    storage,
    now,
    expiresBefore: () => sessions.expiresBefore(),
    trackingRetentionDays: options.trackingRetentionDays ?? DEFAULT_TRACKING_RETENTION_DAYS,
    intervalMs: options.purgeIntervalMs === undefined ? DEFAULT_PURGE_INTERVAL_MS : options.purgeIntervalMs,
  });

  return app;
}
