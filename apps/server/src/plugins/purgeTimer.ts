// Expired sessions are deleted by a background timer (unref'd so it never keeps the process alive); tests call
// app.purgeExpiredSessions() themselves.
import fp from 'fastify-plugin';
import type { Storage } from '../storage/port';

declare module 'fastify' {
  interface FastifyInstance {
    /** Deletes sessions idle for longer than the session lifetime; the purge timer calls it. */
    purgeExpiredSessions(): Promise<number>;
  }
}

export interface PurgeTimerOptions {
  storage: Storage;
  /** The cut-off: sessions idle since before it are expired. */
  expiresBefore: () => Date;
  /** How often the timer runs; null turns it off. */
  intervalMs: number | null;
}

export const purgeTimer = fp<PurgeTimerOptions>(
  async (app, options) => {
    const purgeExpiredSessions = async (): Promise<number> => {
      const count = await options.storage.purgeExpired(options.expiresBefore());
      if (count > 0) app.log.info({ count }, 'purged expired sessions');
      return count;
    };
    app.decorate('purgeExpiredSessions', purgeExpiredSessions);
    if (options.intervalMs !== null) {
      const timer = setInterval(() => {
        purgeExpiredSessions().catch((err: unknown) => app.log.warn({ err }, 'purging expired sessions failed'));
      }, options.intervalMs);
      timer.unref();
      app.addHook('onClose', async () => clearInterval(timer));
    }
  },
  { name: 'purge-timer' },
);
