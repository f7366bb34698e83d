// Analytics rows (SPEC.md section 1), kept for TRACKING_RETENTION_DAYS.
import type { StorageDatabase } from './database';
import type { TrackingRepository } from './port';
import { PURGE_BATCH } from './sessionRepository';

export function createTrackingRepository({ transaction }: StorageDatabase): TrackingRepository {
  return {
    async add(kind, visitorId, sessionId, payload, now) {
      const row = { kind, visitor_id: visitorId, session_id: sessionId, payload: JSON.stringify(payload ?? null), created_at: now.getTime() };
      await transaction((trx) => trx.insertInto('tracking').values(row).execute());
    },

    async purge(createdBefore) {
      const cutoff = createdBefore.getTime();
      let total = 0;
      // In batches: a day of rows at the rate limit is millions, and one DELETE of them all would hold SQLite's
      // write lock, and every game write behind it, for seconds.
      for (;;) {
        const deleted = await transaction((trx) =>
          trx
            .deleteFrom('tracking')
            .where('id', 'in', (eb) => eb.selectFrom('tracking').select('id').where('created_at', '<', cutoff).limit(PURGE_BATCH))
            .executeTakeFirst(),
        );
        const n = Number(deleted.numDeletedRows);
        total += n;
        if (n < PURGE_BATCH) return total;
      }
    },
  };
}
