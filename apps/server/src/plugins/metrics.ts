// /api/metrics: the service's health in the Prometheus text format (prom-client). Off unless a token is
// configured (METRICS_TOKEN): then the route exists and answers only `Authorization: Bearer <token>` (401
// otherwise). Counted here: requests by route, method and status, with their latency; the rest (game actions by
// type, audit failures, database errors) through the ServerMetrics handle buildApp wires into the services and
// the storage; Node's own (event-loop lag, heap, GC, CPU) from prom-client's default collectors. With WORKERS > 1
// a scrape reaches one worker, which asks the primary for the sum over all workers (metricsCluster.ts).
import cluster from 'node:cluster';
import { timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ApiErrorCode } from '@drugwars/protocol';
import { sendError } from '../errors';
import { clusterMetricsText, shareRegistryWithPrimary } from '../metricsCluster';
import { SessionLogError, type Storage } from '../storage/port';

export const METRICS_URL = '/api/metrics';

/** What the services report (a no-op when metrics are off). */
export interface ServerMetrics {
  registry: Registry | null;
  actionApplied(type: string): void;
  auditFailed(): void;
  databaseError(operation: string): void;
}

export const NO_METRICS: ServerMetrics = { registry: null, actionApplied() {}, auditFailed() {}, databaseError() {} };

export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const actions = new Counter({ name: 'drugwars_game_actions_total', help: 'Game actions applied, by type', labelNames: ['type'], registers: [registry] });
  const audits = new Counter({ name: 'drugwars_audit_failures_total', help: 'Audits whose log did not reproduce the stored game', registers: [registry] });
  const database = new Counter({
    name: 'drugwars_database_errors_total',
    help: 'Storage calls that failed, by storage operation',
    labelNames: ['operation'],
    registers: [registry],
  });
  return {
    registry,
    actionApplied: (type) => actions.inc({ type }),
    auditFailed: () => audits.inc(),
    databaseError: (operation) => database.inc({ operation }),
  };
}

export interface MetricsOptions {
  metrics: ServerMetrics;
  /** The bearer token; undefined turns the route off. */
  token: string | undefined;
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const metricsPlugin = fp<MetricsOptions>(
  async (app, options) => {
    const { registry } = options.metrics;
    if (!registry || options.token === undefined) return;
    const token = options.token;

    const requests = new Counter({
      name: 'drugwars_http_requests_total',
      help: 'HTTP requests answered, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      registers: [registry],
    });
    const latency = new Histogram({
      name: 'drugwars_http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by route pattern, method and status',
      labelNames: ['route', 'method', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    });
    app.addHook('onResponse', (request, reply, done) => {
      // The route's pattern (never the raw url: ids and junk paths would make a label per request).
      const route = request.routeOptions.url ?? 'unmatched';
      if (route !== METRICS_URL) {
        const labels = { route, method: request.method, status: String(reply.statusCode) };
        requests.inc(labels);
        latency.observe(labels, reply.elapsedTime / 1000);
      }
      done();
    });

    if (cluster.isWorker) shareRegistryWithPrimary(registry);

    app.get(METRICS_URL, { schema: { hide: true } }, async (request, reply) => {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
      if (!sameToken(given, token)) {
        reply.header('www-authenticate', 'Bearer');
        return sendError(reply, 401, ApiErrorCode.UNAUTHORIZED, 'This needs the metrics token.');
      }
      const text = cluster.isWorker ? await clusterMetricsText() : await registry.metrics();
      return reply.type(registry.contentType).send(text);
    });
  },
  { name: 'metrics' },
);

/**
 * The storage with every failed call counted as a database error (by operation: `sessions.load`, `ping`, ...). A
 * log that does not fit its snapshot (SessionLogError) is the data's fault, not the database's: it is counted as an
 * audit failure instead.
 */
export function countDatabaseErrors(storage: Storage, metrics: ServerMetrics): Storage {
  const counted = <T extends object>(target: T, prefix: string): T =>
    new Proxy(target, {
      get(object, property, receiver) {
        const value: unknown = Reflect.get(object, property, receiver);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        return (...args: unknown[]) => {
          const result = method.apply(object, args);
          if (result instanceof Promise) {
            return result.catch((error: unknown) => {
              if (!(error instanceof SessionLogError)) metrics.databaseError(`${prefix}${String(property)}`);
              throw error;
            });
          }
          return result;
        };
      },
    });
  const { sessions, leaderboard, tracking, settings } = storage;
  const database = counted(storage, '');
  return {
    sessions: counted(sessions, 'sessions.'),
    leaderboard: counted(leaderboard, 'leaderboard.'),
    tracking: counted(tracking, 'tracking.'),
    settings: counted(settings, 'settings.'),
    migrate: () => database.migrate(),
    ping: () => database.ping(),
    close: () => database.close(),
  };
}
