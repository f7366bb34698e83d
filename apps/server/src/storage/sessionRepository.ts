// A game session and its action log. The log is the game: the state is stored as a snapshot every
// SNAPSHOT_EVERY actions (and when the game ends), and load rolls the last snapshot forward over the actions logged
// after it with the engine (rollForward.ts), unless this process has that state in memory (sessionStateCache.ts).
import type { Selectable } from 'kysely';
import type { Action, GameState } from '@drugwars/engine';
import type { StorageDatabase } from './database';
import type { SessionsTable } from './schema';
import { SessionLogError, type AppendResult, type IdempotentChange, type SessionRecord, type SessionRepository } from './port';
import { rollForward } from './rollForward';
import { SessionStateCache } from './sessionStateCache';

/**
 * Actions between two stored snapshots. A state is ~8-60 KB of JSON (it keeps the history of every day) and an
 * action row ~60 bytes: writing the state on every move would write hundreds of times the log's bytes. A load
 * re-applies at most SNAPSHOT_EVERY - 1 logged actions (~10 us each).
 */
export const SNAPSHOT_EVERY = 16;

/** Sessions (or tracking rows) deleted per statement by a purge, so no transaction holds the write lock for long. */
export const PURGE_BATCH = 500;

export interface SessionRepositoryOptions {
  /** Actions between two snapshots (default SNAPSHOT_EVERY); 1 writes every state, so nothing is ever rolled forward. */
  snapshotEvery?: number;
}

const SESSION_COLUMNS = [
  'id',
  'player_name',
  'seed',
  'is_seeded',
  'version',
  'created_at',
  'updated_at',
  'ended_at',
  'score_submitted',
  'day_start_version',
  'daily_date',
  'visitor_id',
] as const;

function toRecord(row: Selectable<SessionsTable>, state: GameState): SessionRecord {
  return {
    id: row.id,
    playerName: row.player_name,
    seed: row.seed,
    isSeeded: row.is_seeded === 1,
    state,
    version: row.version,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
    endedAt: row.ended_at === null ? null : new Date(row.ended_at),
    scoreSubmitted: row.score_submitted === 1,
    dayStartVersion: row.day_start_version,
    daily: row.daily_date !== null && row.visitor_id !== null ? { date: row.daily_date, visitorId: row.visitor_id } : null,
  };
}

/** Thrown inside append's transaction (rolling it back) when its idempotency key is already used on the session. */
class IdempotencyKeyTaken extends Error {}

export function createSessionRepository(database: StorageDatabase, options: SessionRepositoryOptions = {}): SessionRepository {
  const { read, transaction } = database;
  const snapshotEvery = Math.max(1, Math.floor(options.snapshotEvery ?? SNAPSHOT_EVERY));
  const states = new SessionStateCache();
  const live = (id: string, expiresBefore: Date) =>
    read.selectFrom('sessions').where('id', '=', id).where('ended_at', 'is', null).where('updated_at', '>=', expiresBefore.getTime());

  return {
    async create(session, now) {
      const t = now.getTime();
      const snapshot = JSON.stringify(session.state);
      await transaction(async (trx) => {
        await trx
          .insertInto('sessions')
          .values({
            id: session.id,
            player_name: session.playerName,
            seed: session.seed,
            is_seeded: session.isSeeded ? 1 : 0,
            version: 0,
            created_at: t,
            updated_at: t,
            ended_at: null,
            score_submitted: 0,
            daily_date: session.daily?.date ?? null,
            visitor_id: session.daily?.visitorId ?? null,
          })
          .execute();
        await trx.insertInto('session_snapshots').values({ session_id: session.id, snapshot_version: 0, snapshot }).execute();
      });
      states.set(session.id, 0, session.state);
    },

    async load(id, expiresBefore) {
      if (states.has(id)) {
        const row = await live(id, expiresBefore).select(SESSION_COLUMNS).executeTakeFirst();
        if (!row) return null;
        const state = states.get(id, row.version);
        if (state) return toRecord(row, state);
      }
      // The row and its snapshot in one statement, so PostgreSQL shows both as of one moment.
      const row = await live(id, expiresBefore)
        .innerJoin('session_snapshots', 'session_snapshots.session_id', 'sessions.id')
        .select([...SESSION_COLUMNS, 'snapshot_version', 'snapshot'])
        .executeTakeFirst();
      if (!row) return null;
      const { snapshot, snapshot_version: snapshotVersion, ...session } = row;
      let state = JSON.parse(snapshot) as GameState;
      if (snapshotVersion < session.version) {
        // Exactly the actions up to the version read (later ones may be arriving from another request).
        const later = await read
          .selectFrom('actions')
          .select(['seq', 'action'])
          .where('session_id', '=', id)
          .where('seq', '>', snapshotVersion)
          .where('seq', '<=', session.version)
          .orderBy('seq')
          .execute();
        if (later.length !== session.version - snapshotVersion || later.some((r, i) => r.seq !== snapshotVersion + i + 1)) {
          throw new SessionLogError(id, `the log does not hold actions ${snapshotVersion + 1}..${session.version}`);
        }
        state = rollForward(state, later.map((r) => r.action), id);
      }
      states.set(id, session.version, state);
      return toRecord(session, state);
    },

    async actions(id, page) {
      let query = read.selectFrom('actions').select('action').where('session_id', '=', id).orderBy('seq');
      if (page) query = query.where('seq', '>', page.afterSeq).limit(Math.max(0, Math.floor(page.limit)));
      const rows = await query.execute();
      return rows.map((r) => JSON.parse(r.action) as Action);
    },

    async append(id, expectedVersion, action, newState, now, appendOptions = {}) {
      const t = now.getTime();
      const { idempotencyKey, dayStartVersion } = appendOptions;
      const version = expectedVersion + 1;
      const actionText = JSON.stringify(action);
      const snapshot = version % snapshotEvery === 0 || newState.gameOver ? JSON.stringify(newState) : null;
      let result: AppendResult;
      try {
        result = await transaction(async (trx): Promise<AppendResult> => {
          // The version check and the write are one statement: of two requests that loaded the same version,
          // exactly one UPDATE matches (the other sees the new version, or on PostgreSQL waits for the row lock
          // and then matches nothing). Only the winner goes on to log its action.
          const updated = await trx
            .updateTable('sessions')
            .set({ version, updated_at: t, ...(dayStartVersion === undefined ? {} : { day_start_version: dayStartVersion }) })
            .where('id', '=', id)
            .where('version', '=', expectedVersion)
            .where('ended_at', 'is', null)
            .executeTakeFirst();
          if (updated.numUpdatedRows === 0n) {
            const live = await trx.selectFrom('sessions').select('id').where('id', '=', id).where('ended_at', 'is', null).executeTakeFirst();
            return { ok: false, reason: live ? 'VERSION_CONFLICT' : 'NOT_FOUND' };
          }
          await trx.insertInto('actions').values({ session_id: id, seq: version, action: actionText, created_at: t }).execute();
          if (idempotencyKey !== undefined) {
            const stored = await trx
              .insertInto('idempotency_keys')
              .values({ session_id: id, key: idempotencyKey, kind: 'action', seq: version, created_at: t })
              .onConflict((oc) => oc.columns(['session_id', 'key']).doNothing())
              .executeTakeFirst();
            // Taken already (by this action's first attempt on another process): undo everything above.
            if (stored.numInsertedOrUpdatedRows === 0n) throw new IdempotencyKeyTaken();
          }
          if (snapshot !== null) {
            await trx
              .updateTable('session_snapshots')
              .set({ snapshot, snapshot_version: version })
              .where('session_id', '=', id)
              .execute();
          }
          return { ok: true, version };
        });
      } catch (error) {
        if (error instanceof IdempotencyKeyTaken) return { ok: false, reason: 'VERSION_CONFLICT' };
        throw error;
      }
      // Only once committed: a rolled-back append leaves nothing in memory.
      if (result.ok) states.set(id, version, newState);
      return result;
    },

    async findIdempotencyKey(id, key): Promise<IdempotentChange | null> {
      // The join finds the logged action of an 'action' key (an 'end' key's seq is 0: nothing).
      const row = await read
        .selectFrom('idempotency_keys')
        .leftJoin('actions', (join) =>
          join.onRef('actions.session_id', '=', 'idempotency_keys.session_id').onRef('actions.seq', '=', 'idempotency_keys.seq'),
        )
        .select(['idempotency_keys.kind', 'idempotency_keys.seq', 'actions.action'])
        .where('idempotency_keys.session_id', '=', id)
        .where('idempotency_keys.key', '=', key)
        .executeTakeFirst();
      if (!row) return null;
      if (row.kind === 'end') return { kind: 'end' };
      if (row.action === null) throw new SessionLogError(id, `idempotency key of action ${row.seq} without its action`);
      return { kind: 'action', seq: row.seq, action: JSON.parse(row.action) as Action };
    },

    end(id, now, endOptions = {}) {
      const t = now.getTime();
      const key = endOptions.idempotencyKey;
      return transaction(async (trx) => {
        const ended = await trx.updateTable('sessions').set({ ended_at: t }).where('id', '=', id).where('ended_at', 'is', null).executeTakeFirst();
        if (ended.numUpdatedRows === 0n) return false;
        if (key !== undefined) {
          await trx
            .insertInto('idempotency_keys')
            .values({ session_id: id, key, kind: 'end', seq: 0, created_at: t })
            .onConflict((oc) => oc.columns(['session_id', 'key']).doNothing())
            .execute();
        }
        return true;
      });
    },

    async purgeExpired(idleBefore) {
      const cutoff = idleBefore.getTime();
      let total = 0;
      for (;;) {
        // The outer test is checked again on the locked row, so a session an append touched after the inner
        // SELECT survives. Actions, snapshot and keys go with their session (ON DELETE CASCADE).
        const deleted = await transaction((trx) =>
          trx
            .deleteFrom('sessions')
            .where('id', 'in', (eb) =>
              eb.selectFrom('sessions').select('id').where('updated_at', '<', cutoff).where('score_submitted', '=', 0).limit(PURGE_BATCH),
            )
            .where('updated_at', '<', cutoff)
            .where('score_submitted', '=', 0)
            .executeTakeFirst(),
        );
        const n = Number(deleted.numDeletedRows);
        total += n;
        if (n < PURGE_BATCH) return total;
      }
    },
  };
}
