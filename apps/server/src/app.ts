// buildApp: the whole HTTP product around one Storage (tests drive it through app.inject()).
// plugins (security, rate limits, docs, static web app) -> routes -> services -> storage port.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { IncomingMessage, ServerResponse } from 'node:http';
import Fastify, { type FastifyServerOptions } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { TypeBoxValidatorCompiler, type TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Redis } from 'ioredis';
import { ApiErrorCode } from '@drugwars/protocol';
import type { Storage } from './storage/port';
import { describeValidationErrors, handleError, sendError, type SchemaError } from './errors';
import { GameSessions } from './services/gameSessions';
import { Leaderboard } from './services/leaderboard';
import { Tracking } from './services/tracking';
import { APP_VERSION, type Environment } from './services/version';
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
/**
 * JSON replies at least this big are compressed (brotli or gzip, as the client accepts). Smaller ones, every
 * game action's reply among them (5-8 KB), fit in TCP's initial congestion window (10 segments, about 14.6 KB)
 * and reach the player in one round trip compressed or not, while compressing one costs 35-55 us of CPU, about
 * as much as the rest of the request: below this size compression buys the player nothing and halves the
 * server's throughput. History, leaderboards, the changelog and the API docs are above it.
 */
export const COMPRESS_JSON_MIN_BYTES = 14 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes sessions idle for longer than the session lifetime; the purge timer calls it. */
    purgeExpiredSessions(): Promise<number>;
  }
}

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

function rejectProtoKey(key: string, value: unknown): unknown {
  if (key === '__proto__') throw new SyntaxError('forbidden key');
  return value;
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const now = options.now ?? (() => new Date());
  const environment = options.environment ?? 'development';
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

  // An empty body with a JSON content type is "no body" (POST /api/game/stay from fetch with default headers).
  // Like Fastify's own parser, a "__proto__" key is refused (prototype poisoning), as a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text, rejectProtoKey));
    } catch {
      const error = Object.assign(new Error('The request body is not valid JSON.'), {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
      done(error, undefined);
    }
  });

  // Security headers: the same on every reply, so helmet works them out once here and a hook copies them
  // (@fastify/helmet rebuilt helmet's middleware, parsing the CSP directives again, on every request).
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });

  // Only the API goes through the reply compressor: the web app's files were compressed at build time (the
  // static plugin sends those copies), and small ones are not worth it. (This hook must come before compress's.)
  app.addHook('onRoute', (route) => {
    if (route.url !== '/api' && !route.url.startsWith('/api/')) route.compress = false;
  });
  await app.register(compress, {
    encodings: ['br', 'gzip'],
    // On a buffered reply (every JSON reply); a streamed one (the API docs' files) is compressed whatever its size.
    threshold: COMPRESS_JSON_MIN_BYTES,
    // Requests are never decompressed: every body is a small JSON object, and a compressed one could expand
    // far past the body limit.
    globalDecompression: false,
  });

  await app.register(rateLimit, {
    global: false,
    ...(options.redis ? { redis: options.redis } : {}),
    // A Redis outage must not take the game down: skip limiting rather than fail the request.
    skipOnError: true,
    nameSpace: options.rateLimitNamespace ?? 'drugwars-rate-limit-',
    errorResponseBuilder: (_request, context) =>
      Object.assign(new Error(`Too many requests. Try again in ${context.after}.`), { statusCode: context.statusCode }),
  });

  await app.register(swagger, {
    openapi: {
      info: { title: 'DRUG WARS API', version: APP_VERSION, description: 'Every call the game makes (SPEC.md section 7).' },
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { validatorUrl: null },
    staticCSP: true,
    // Its own CSP (hashes for its scripts), minus anything that reaches outside this server or forces https;
    // Swagger UI sets inline styles at run time, so its page (only) allows them.
    transformStaticCSP: (header) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/g, '')
        .replace(/ https:/g, '')
        .replace(/ validator\.swagger\.io/g, '')
        .replace(/style-src 'self'/, "style-src 'self' 'unsafe-inline'"),
  });

  // Replies that carry a game state are written by JSON.stringify, not by the schema-compiled serializer: for a
  // state of several KB it costs a fraction as much, and it filters nothing it must: the engine's toClientView
  // builds exactly the protocol's ClientGameState (a compile-time drift test keeps the two equal), and the
  // route tests check no reply carries the PRNG state or a secret seed.
  app.addHook('onRoute', (route) => {
    if (carriesGameState(route.schema)) route.serializerCompiler = () => serializeWithJsonStringify;
  });

  const sessions = new GameSessions({ storage: options.storage, now, sessionTtlMs: options.sessionTtlMs });
  const leaderboard = new Leaderboard(options.storage, sessions, now);
  const tracking = new Tracking(options.storage, now, app.log);

  registerMetaRoutes(app, {
    storage: options.storage,
    environment,
    changelogPath: options.changelogPath ?? DEFAULT_CHANGELOG_PATH,
  });
  registerGameDataRoutes(app);
  registerGameRoutes(app, { sessions, newGameRateLimit: rateLimits.newGame });
  registerLeaderboardRoutes(app, { leaderboard, submitRateLimit: rateLimits.submit });
  registerTrackingRoutes(app, { tracking, rateLimit: rateLimits.tracking });

  const webDistDir = options.webDistDir === undefined ? DEFAULT_WEB_DIST_DIR : options.webDistDir;
  const serveWeb = webDistDir !== null && existsSync(join(webDistDir, 'index.html'));
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // The wildcard route serves files built after start too; a missing file goes to the not-found handler.
      wildcard: true,
      // The build wrote a .br and a .gz copy of every compressible file: each request gets the best one its
      // Accept-Encoding takes (brotli, then gzip), or the file itself; nothing is compressed per request.
      preCompressed: true,
      cacheControl: false,
      setHeaders: (res, path) => {
        // Vite fingerprints everything under assets/ (a new build has new names): cached for a year, never
        // revalidated. Everything else (index.html, sw.js, the manifest, icons) is revalidated on every use.
        res.setHeader('cache-control', /[\\/]assets[\\/]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
        // The same URL answers differently by Accept-Encoding: shared caches must keep them apart.
        res.setHeader('vary', 'accept-encoding');
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isApi = path === '/api' || path.startsWith('/api/');
    // A missing file (anything whose last segment has an extension) stays a 404.
    const isFile = /\.[^/]*$/.test(path);
    if (serveWeb && !isApi && !isFile && (request.method === 'GET' || request.method === 'HEAD')) {
      // Client-side routes (/game, /leaderboard, /gameover, unknown pages) are the single-page app.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendError(reply, 404, ApiErrorCode.NOT_FOUND, 'Not found.');
  });

  // Expired sessions are deleted by a background timer (unref'd so it never keeps the process alive).
  const purgeExpiredSessions = async (): Promise<number> => {
    const count = await options.storage.purgeExpired(sessions.expiresBefore());
    if (count > 0) app.log.info({ count }, 'purged expired sessions');
    return count;
  };
  app.decorate('purgeExpiredSessions', purgeExpiredSessions);
  const purgeIntervalMs = options.purgeIntervalMs === undefined ? DEFAULT_PURGE_INTERVAL_MS : options.purgeIntervalMs;
  if (purgeIntervalMs !== null) {
    const timer = setInterval(() => {
      purgeExpiredSessions().catch((err: unknown) => app.log.warn({ err }, 'purging expired sessions failed'));
    }, purgeIntervalMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  return app;
}

const serializeWithJsonStringify = (data: unknown): string => JSON.stringify(data);

/** Whether a route's 200 reply schema has a gameState property (the action, state and session routes). */
function carriesGameState(schema: unknown): boolean {
  const ok = (schema as { response?: Record<string, { properties?: Record<string, unknown> }> } | undefined)?.response?.[
    '200'
  ];
  return ok?.properties?.gameState !== undefined;
}

/** The headers helmet would set, computed once (helmet's middleware run against a recording response). */
function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: unknown) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error(String(error));
  });
  return headers;
}
