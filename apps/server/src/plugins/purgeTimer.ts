// Retention: a background timer (unref'd so it never keeps the process alive) deletes what is kept no longer:
// sessions idle past their lifetime (except those with a leaderboard entry, whose logs are the entries' replays)
// and tracking rows older than the tracking retention. Tests call the decorators themselves.
import fp from 'fastify-plugin';
import type { Storage } from '../storage/port';

/** Tracking rows are kept this many days by default (TRACKING_RETENTION_DAYS). */
export const DEFAULT_TRACKING_RETENTION_DAYS = 90;
const DAY_MS = 24 * 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes sessions idle for longer than the session lifetime (not those on the leaderboard); returns how many. */
    purgeExpiredSessions(): Promise<number>;
    /** Deletes tracking rows older than the tracking retention; returns how many. */
    purgeExpiredTracking(): Promise<number>;
  }
}

export interface PurgeTimerOptions {
  storage: Storage;
  now: () => Date;
  /** The cut-off: sessions idle since before it are expired. */
  expiresBefore: () => Date;
  trackingRetentionDays: number;
  /** How often the timer runs; null turns it off. */
  intervalMs: number | null;
}

export const purgeTimer = fp<PurgeTimerOptions>(
  async (app, options) => {
    const purgeExpiredSessions = async (): Promise<number> => {
      const count = await options.storage.sessions.purgeExpired(options.expiresBefore());
      if (count > 0) app.log.info({ count }, 'purged expired sessions');
      return count;
    };
    const purgeExpiredTracking = async (): Promise<number> => {
      const count = await options.storage.tracking.purge(new Date(options.now().getTime() - options.trackingRetentionDays * DAY_MS));
      if (count > 0) app.log.info({ count }, 'purged old tracking rows');
      return count;
    };
    app.decorate('purgeExpiredSessions', purgeExpiredSessions);
    app.decorate('purgeExpiredTracking', purgeExpiredTracking);
    if (options.intervalMs !== null) {
      const timer = setInterval(() => {
        purgeExpiredSessions().catch((err: unknown) => app.log.warn({ err }, 'purging expired sessions failed'));
        purgeExpiredTracking().catch((err: unknown) => app.log.warn({ err }, 'purging old tracking rows failed'));
      }, options.intervalMs);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'purge-timer' },
);
