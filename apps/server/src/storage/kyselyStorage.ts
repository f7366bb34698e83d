// The Storage port implemented once over Kysely; the SQLite and PostgreSQL adapters only build the Kysely
// instance (dialect, connection settings) and a QueryRunner and hand them here. Every query is written with the
// query builder, so both databases run the same statements; see queryRunner.ts for how they are executed.
import { Migrator, sql, type Compilable, type DeleteResult, type Kysely, type Selectable, type Updateable } from 'kysely';
import type { Action, GameState } from '@drugwars/engine';
import {
  SessionLogError,
  type AppendOptions,
  type AppendResult,
  type IdempotentChange,
  type LogPage,
  type Board,
  type EntryWithSession,
  type LeaderboardEntry,
  type LeaderboardPeriod,
  type NewScore,
  type NewSession,
  type SessionRecord,
  type Storage,
  type SubmitScoreResult,
  type TrackingKind,
  type RollForward,
} from './port';
import type { Database, LeaderboardTable, SessionsTable } from './schema';
import { CodeMigrationProvider, type DialectName } from './migrations';
import { periodBuckets, periodFilter } from './leaderboardPeriods';
import { prepare, type QueryRunner } from './queryRunner';

/** Sessions deleted per statement by purgeExpired, so no single transaction holds locks for long. */
const PURGE_BATCH = 500;

export interface KyselyStorageOptions {
  dialect: DialectName;
  /** PostgreSQL schema holding every table (and Kysely's migration bookkeeping); undefined = the default. */
  schema?: string;
  /** Extra clean-up after the Kysely instance is destroyed. */
  onClose?: () => Promise<void> | void;
  /** Parsed states kept per session (see StateCache; default DEFAULT_STATE_CACHE_SIZE); 0 turns the cache off. */
  stateCacheSize?: number;
  /**
   * Folds logged actions onto a stored state (the engine's apply; see rollForward.ts). With it, append writes
   * the state only every few actions (see SNAPSHOT_EVERY) and load rolls the latest snapshot forward; without it
   * every append writes the state (the storage then never needs to know what a game is).
   */
  rollForward?: RollForward;
  /**
   * With rollForward: how far behind the log a snapshot is at most once this process no longer holds the session
   * (SNAPSHOT_EVERY when undefined; 1 writes the state on every append).
   */
  snapshotEvery?: number;
  /**
   * Runs the whole migration inside a lock other processes respect. PostgreSQL needs none (Kysely's Migrator
   * takes a row lock in a transaction); SQLite's Kysely adapter takes no lock at all, so two processes starting
   * together on one file would both run 0001 and one would fail with 'table sessions already exists'.
   */
  withMigrationLock?: <T>(migrate: () => Promise<T>) => Promise<T>;
}

/** How states are kept: in memory (the cache) and on disk (snapshots). */
export type SnapshotOptions = Pick<KyselyStorageOptions, 'rollForward' | 'snapshotEvery' | 'stateCacheSize'>;

/** Parsed states of the most recently used sessions. */
export const DEFAULT_STATE_CACHE_SIZE = 256;

/**
 * Actions between two stored states, for a session this process does not hold in its state cache. The state is
 * ~26-57 KB of JSON by the last day (the history of every day) and writing it on every click was most of a
 * request's cost; an action row is ~60 bytes. A process that does not have the state cached reads the snapshot and
 * re-applies the logged actions since (~10 us each). A finished game's final state is always written.
 *
 * While the state stays in this process's cache, nobody needs the snapshot (loads use the cache), so append writes
 * it only every SNAPSHOT_EVERY * CACHED_SNAPSHOT_FACTOR actions, and a state that leaves the cache (least recently
 * used) SNAPSHOT_EVERY or more actions after its snapshot is written then. So with more live games than the cache
 * holds (each load a miss) a load re-applies fewer than SNAPSHOT_EVERY actions, as before; a game whose player
 * moves to another worker mid-game (or a process that crashed) re-applies at most 63 once. Stringifying and
 * writing the state every 16 actions was ~8 of ~31 us of storage CPU per action (an in-process benchmark of 64
 * games appending on SQLite), every 64 ~2.
 */
export const SNAPSHOT_EVERY = 16;

/** See SNAPSHOT_EVERY. */
export const CACHED_SNAPSHOT_FACTOR = 4;

/**
 * How exact a session's stored activity time (updated_at, from which the 7-day expiry counts) is: an action
 * within this of the stored time leaves it as it is. A minute in seven days changes no expiry anyone notices.
 */
export const ACTIVITY_RESOLUTION_MS = 60_000;

/**
 * The last record (state and session row) this process read or wrote for a session, with its version. It saves
 * reading and parsing the state on every load (the biggest storage cost per request) and is only a cache: load
 * still reads the session's version, and the cached record is used only when that is the cached one, so a write
 * by another process (or a lost race) is always seen. `peek` skips even that read for callers whose next step is
 * a version-checked append (see the port). Entries are shared objects: callers treat a loaded record and its state
 * as immutable, as the engine does (apply never mutates its input). Least recently used entries go first.
 */
class StateCache {
  private readonly entries = new Map<string, { record: SessionRecord; snapshotVersion: number }>();

  constructor(
    private readonly capacity: number,
    /** Told of each entry that leaves because the cache is full (not of deleted or replaced ones). */
    private readonly onEvict: (record: SessionRecord, snapshotVersion: number) => void = () => {},
  ) {}

  /** The cached record when it is at `version` (any version when undefined). */
  get(id: string, version?: number): SessionRecord | undefined {
    const hit = this.entries.get(id);
    if (!hit || (version !== undefined && hit.record.version !== version)) return undefined;
    this.entries.delete(id); // re-insert: Map order is the recency order
    this.entries.set(id, hit);
    return hit.record;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** The cached record at `version`, without counting as a use. */
  peekAt(id: string, version: number): SessionRecord | undefined {
    const hit = this.entries.get(id);
    return hit && hit.record.version === version ? hit.record : undefined;
  }

  /** The version of the stored snapshot, when the cached entry is at `version`. */
  snapshotVersion(id: string, version: number): number | undefined {
    const hit = this.entries.get(id);
    return hit && hit.record.version === version ? hit.snapshotVersion : undefined;
  }

  set(record: SessionRecord, snapshotVersion: number): void {
    if (this.capacity <= 0) return;
    this.entries.delete(record.id);
    this.entries.set(record.id, { record, snapshotVersion });
    if (this.entries.size > this.capacity) {
      const [oldest, entry] = this.entries.entries().next().value!;
      this.entries.delete(oldest);
      this.onEvict(entry.record, entry.snapshotVersion);
    }
  }

  delete(id: string): void {
    this.entries.delete(id);
  }

  clear(): void {
    this.entries.clear();
  }
}

const SESSION_META = [
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

/** What a board or replay reads of an entry. */
const ENTRY_COLUMNS = [
  'leaderboard.id',
  'leaderboard.player_name',
  'score',
  'final_day',
  'date_achieved',
  'died',
  'game_over_reason',
  'board',
  'leaderboard.daily_date',
  'leaderboard.visitor_id',
  'rules_version',
] as const;

type EntryRow = Pick<
  Selectable<LeaderboardTable>,
  'id' | 'player_name' | 'score' | 'final_day' | 'date_achieved' | 'died' | 'game_over_reason' | 'board' | 'daily_date' | 'visitor_id' | 'rules_version'
>;

function toEntry(r: EntryRow): LeaderboardEntry {
  return {
    // pg returns a bigint identity as a number (see the int8 parser in postgresStorage.ts).
    id: Number(r.id),
    player_name: r.player_name,
    score: r.score,
    final_day: r.final_day,
    date_achieved: new Date(r.date_achieved).toISOString(),
    died: r.died === 1,
    gameOverReason: r.game_over_reason,
    board: r.board as Board,
    dailyDate: r.daily_date,
    visitorId: r.visitor_id,
    rulesVersion: r.rules_version,
  };
}

/** A record load read from the database (or changed), with the version of the stored snapshot, to be cached. */
class Fresh {
  constructor(
    readonly record: SessionRecord,
    readonly snapshotVersion: number,
  ) {}
}

/** Thrown inside append's transaction (rolling it back) when its idempotency key is already used on the session. */
class IdempotencyKeyTaken extends Error {}

/**
 * The leaderboard read: one bucket equality (or none for all time) and the index order, so the database reads
 * the first `limit` entries of one index (see migrations.ts). Exported for the query-plan test.
 */
export function topScoresQuery(db: Kysely<Database>, period: LeaderboardPeriod, limit: number, now: Date) {
  const filter = periodFilter(period, now);
  let query = db.selectFrom('leaderboard').select(ENTRY_COLUMNS).where('board', '=', 'ranked');
  if (filter) query = query.where(filter.column, '=', filter.value);
  return query
    .orderBy('score', 'desc')
    .orderBy('date_achieved', 'asc')
    .orderBy('id', 'asc')
    .limit(Math.max(0, Math.floor(limit)));
}

/** A day's Daily Run board: one equality pair and the index order (leaderboard_daily_idx). Exported for the plan test. */
export function dailyScoresQuery(db: Kysely<Database>, date: string, limit: number) {
  return db
    .selectFrom('leaderboard')
    .select(ENTRY_COLUMNS)
    .where('board', '=', 'daily')
    .where('daily_date', '=', date)
    .orderBy('score', 'desc')
    .orderBy('date_achieved', 'asc')
    .orderBy('id', 'asc')
    .limit(Math.max(0, Math.floor(limit)));
}

/** The hot-path queries, each built and compiled once per storage (arguments are plain values only). */
function preparedQueries(db: Kysely<Database>) {
  /** An UPDATE of the session's row that matches only at the expected version of a live session. */
  const guarded = <A extends unknown[]>(values: (...args: A) => Updateable<SessionsTable>) =>
    prepare((id: string, expectedVersion: number, ...args: A) =>
      db
        .updateTable('sessions')
        .set(values(...args))
        .where('id', '=', id)
        .where('version', '=', expectedVersion)
        .where('ended_at', 'is', null),
    );
  return {
    insertSession: prepare(
      (
        id: string,
        playerName: string,
        seed: string,
        isSeeded: number,
        createdAt: number,
        updatedAt: number,
        dailyDate: string | null,
        visitorId: string | null,
      ) =>
        db.insertInto('sessions').values({
          id,
          player_name: playerName,
          seed,
          is_seeded: isSeeded,
          version: 0,
          created_at: createdAt,
          updated_at: updatedAt,
          ended_at: null,
          score_submitted: 0,
          daily_date: dailyDate,
          visitor_id: visitorId,
        }),
    ),
    /**
     * What may have changed since this process cached the record: the version (every append bumps it) and the
     * submitted flag (submit sets it without a new version); ended and expired sessions match no row. SQLite's
     * PRAGMA data_version (unchanged = no other connection has committed) could skip it, but measured on
     * better-sqlite3 it costs ~1.8 us against this SELECT's ~3.1 (both begin a read transaction: two fcntl calls
     * on the -shm file, ~1.4 us of kernel time, either way), so it would save ~1.3 us per GET with one process
     * and add ~1.8 with two, whose commits change it all the time: not done.
     */
    liveVersion: prepare((id: string, notIdleBefore: number) =>
      db
        .selectFrom('sessions')
        .select(['version', 'score_submitted'])
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .where('updated_at', '>=', notIdleBefore),
    ),
    insertSnapshot: prepare((sessionId: string, snapshot: string) =>
      db.insertInto('session_snapshots').values({ session_id: sessionId, snapshot_version: 0, snapshot }),
    ),
    /** The row and its snapshot in one statement, so PostgreSQL shows both as of one moment. */
    liveFull: prepare((id: string, notIdleBefore: number) =>
      db
        .selectFrom('sessions')
        .innerJoin('session_snapshots', 'session_snapshots.session_id', 'sessions.id')
        .select([...SESSION_META, 'snapshot_version', 'snapshot'])
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .where('updated_at', '>=', notIdleBefore),
    ),
    liveId: prepare((id: string) => db.selectFrom('sessions').select('id').where('id', '=', id).where('ended_at', 'is', null)),
    /** Written after bumpIfVersion succeeded, in the same transaction. */
    updateSnapshot: prepare((snapshot: string, snapshotVersion: number, sessionId: string) =>
      db
        .updateTable('session_snapshots')
        .set({ snapshot, snapshot_version: snapshotVersion })
        .where('session_id', '=', sessionId),
    ),
    /**
     * The state of a session that left the cache, written only over the snapshot this process knew of: another
     * process may have stored a later one meanwhile (snapshot versions only grow).
     */
    updateSnapshotOver: prepare((snapshot: string, snapshotVersion: number, sessionId: string, knownVersion: number) =>
      db
        .updateTable('session_snapshots')
        .set({ snapshot, snapshot_version: snapshotVersion })
        .where('session_id', '=', sessionId)
        .where('snapshot_version', '=', knownVersion),
    ),
    /**
     * The optimistic-concurrency guard: one winner per version. With the activity time when it moves on (see
     * ACTIVITY_RESOLUTION_MS), and with where today's actions start when the action begins a new game day.
     */
    bumpIfVersion: guarded((nextVersion: number, updatedAt: number) => ({ version: nextVersion, updated_at: updatedAt })),
    bumpVersion: guarded((nextVersion: number) => ({ version: nextVersion })),
    bumpVersionNewDay: guarded((nextVersion: number, dayStartVersion: number) => ({ version: nextVersion, day_start_version: dayStartVersion })),
    bumpIfVersionNewDay: guarded((nextVersion: number, updatedAt: number, dayStartVersion: number) => ({
      version: nextVersion,
      updated_at: updatedAt,
      day_start_version: dayStartVersion,
    })),
    insertIdempotencyKey: prepare((sessionId: string, key: string, kind: string, seq: number, createdAt: number) =>
      db
        .insertInto('idempotency_keys')
        .values({ session_id: sessionId, key, kind, seq, created_at: createdAt })
        .onConflict((oc) => oc.columns(['session_id', 'key']).doNothing()),
    ),
    /** A key's use, with the action it logged (the join finds nothing for an 'end' key, whose seq is 0). */
    idempotencyKey: prepare((sessionId: string, key: string) =>
      db
        .selectFrom('idempotency_keys')
        .leftJoin('actions', (join) =>
          join.onRef('actions.session_id', '=', 'idempotency_keys.session_id').onRef('actions.seq', '=', 'idempotency_keys.seq'),
        )
        .select(['idempotency_keys.kind', 'idempotency_keys.seq', 'actions.action'])
        .where('idempotency_keys.session_id', '=', sessionId)
        .where('idempotency_keys.key', '=', key),
    ),
    actionsPage: prepare((sessionId: string, afterSeq: number, limit: number) =>
      db
        .selectFrom('actions')
        .select('action')
        .where('session_id', '=', sessionId)
        .where('seq', '>', afterSeq)
        .orderBy('seq', 'asc')
        .limit(limit),
    ),
    /** The actions after a snapshot, up to the version the session row was read at (later ones may be arriving). */
    actionsBetween: prepare((sessionId: string, afterSeq: number, upToSeq: number) =>
      db
        .selectFrom('actions')
        .select(['seq', 'action'])
        .where('session_id', '=', sessionId)
        .where('seq', '>', afterSeq)
        .where('seq', '<=', upToSeq)
        .orderBy('seq', 'asc'),
    ),
    insertAction: prepare((sessionId: string, seq: number, action: string, createdAt: number) =>
      db.insertInto('actions').values({ session_id: sessionId, seq, action, created_at: createdAt }),
    ),
    actionsOf: prepare((sessionId: string) =>
      db.selectFrom('actions').select('action').where('session_id', '=', sessionId).orderBy('seq', 'asc'),
    ),
  };
}

export class KyselyStorage implements Storage {
  constructor(
    /** Builds and compiles queries (and runs the migrations); queries themselves go through the runner. */
    readonly db: Kysely<Database>,
    /** Runs the operations (see queryRunner.ts). */
    readonly runner: QueryRunner,
    private readonly options: KyselyStorageOptions,
  ) {
    this.snapshotEvery = options.rollForward ? Math.max(1, Math.floor(options.snapshotEvery ?? SNAPSHOT_EVERY)) : 1;
    this.cachedSnapshotEvery = this.snapshotEvery <= 1 ? 1 : this.snapshotEvery * CACHED_SNAPSHOT_FACTOR;
    this.states = new StateCache(options.stateCacheSize ?? DEFAULT_STATE_CACHE_SIZE, (record, snapshotVersion) => {
      if (record.version - snapshotVersion >= this.snapshotEvery) this.writeSnapshot(record, snapshotVersion);
    });
    this.q = preparedQueries(db);
  }

  private readonly states: StateCache;

  private readonly snapshotEvery: number;

  /** Actions between two snapshots while this process holds the session's state (see SNAPSHOT_EVERY). */
  private readonly cachedSnapshotEvery: number;

  /** Snapshot writes of states that left the cache, until they settle (close waits for them). */
  private readonly evictionWrites = new Set<Promise<void>>();

  /** The queries every game request runs, compiled once (see prepare in queryRunner.ts). */
  private readonly q: ReturnType<typeof preparedQueries>;

  get dialect(): DialectName {
    return this.options.dialect;
  }

  async migrate(): Promise<void> {
    const migrator = new Migrator({
      db: this.db,
      provider: new CodeMigrationProvider(this.options.dialect),
      // With a dedicated schema the bookkeeping tables live there too (and Migrator creates the schema).
      ...(this.options.schema ? { migrationTableSchema: this.options.schema } : {}),
    });
    const lock = this.options.withMigrationLock ?? ((migrate) => migrate());
    await lock(async () => {
      // Thrown inside the lock, so a lock that is a transaction (SQLite) rolls the failed migration back.
      const { error, results } = await migrator.migrateToLatest();
      if (error) {
        const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
        throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
          cause: error,
        });
      }
    });
  }

  createSession(session: NewSession, now: Date): Promise<void> {
    const t = now.getTime();
    const q = this.q;
    // Serialized before the transaction: with group commit (SQLite) a write runs while its group holds the
    // database's write lock, which other processes wait for.
    const stateText = JSON.stringify(session.state);
    return this.runner
      .transaction((x) => {
        const daily = session.daily ?? null;
        x.affected(
          q.insertSession(session.id, session.playerName, session.seed, session.isSeeded ? 1 : 0, t, t, daily?.date ?? null, daily?.visitorId ?? null),
        );
        x.affected(q.insertSnapshot(session.id, stateText));
      })
      .then(() => {
        const daily = session.daily ?? null;
        this.states.set(
          {
            id: session.id,
            playerName: session.playerName,
            seed: session.seed,
            isSeeded: session.isSeeded,
            state: session.state,
            version: 0,
            createdAt: new Date(t),
            updatedAt: new Date(t),
            endedAt: null,
            scoreSubmitted: false,
            dayStartVersion: 0,
            daily,
          },
          0,
        );
      });
  }

  load(id: string, expiresBefore: Date): Promise<SessionRecord | null> {
    const q = this.q;
    const states = this.states;
    const cutoff = expiresBefore.getTime();
    const rollForward = this.options.rollForward;
    // Decided before the operation: which queries it runs may depend only on its arguments and their results
    // (a runner may run it again; see queryRunner.ts).
    const known = states.has(id);
    return this.runner
      .read((x): SessionRecord | Fresh | null => {
        if (known) {
          // Read only what may have changed; reuse the cached record if nobody has written since.
          const [live] = x.rows(q.liveVersion(id, cutoff));
          if (!live) return null;
          const cached = states.peekAt(id, live.version);
          if (cached) {
            const submitted = live.score_submitted === 1;
            if (cached.scoreSubmitted === submitted) return cached;
            return new Fresh({ ...cached, scoreSubmitted: submitted }, states.snapshotVersion(id, live.version) ?? 0);
          }
        }
        const [row] = x.rows(q.liveFull(id, cutoff));
        if (!row) return null;
        const { snapshot, snapshot_version: snapshotVersion, ...meta } = row;
        // The snapshot is older than the log: re-apply the actions since, exactly the ones up to our version (read
        // before the snapshot is parsed, so a runner that runs the operation again parses it once).
        const later = snapshotVersion !== meta.version ? x.rows(q.actionsBetween(id, snapshotVersion, meta.version)) : null;
        let state = JSON.parse(snapshot) as GameState;
        if (later) {
          const contiguous = later.every((r, i) => r.seq === snapshotVersion + i + 1);
          if (!rollForward || later.length !== meta.version - snapshotVersion || !contiguous) {
            throw new SessionLogError(id, `the log does not hold actions ${snapshotVersion + 1}..${meta.version}`);
          }
          try {
            state = rollForward(state, later.map((r) => JSON.parse(r.action) as Action), id);
          } catch (error) {
            if (error instanceof SessionLogError) throw error;
            throw new SessionLogError(id, `unreadable logged action (${error instanceof Error ? error.message : String(error)})`);
          }
        }
        return new Fresh(toRecord(meta, state), snapshotVersion);
      })
      .then(this.loaded);
  }

  /**
   * What load's operation found, once it has run: a cached record is used again (a use in the recency order), a
   * fresh one is cached. Kept out of the operation, which does nothing outside the database (see queryRunner.ts).
   */
  private readonly loaded = (found: SessionRecord | Fresh | null): SessionRecord | null => {
    if (found === null) return null;
    if (found instanceof Fresh) {
      this.states.set(found.record, found.snapshotVersion);
      return found.record;
    }
    this.states.get(found.id, found.version);
    return found;
  };

  async peek(id: string, expiresBefore: Date): Promise<SessionRecord | null> {
    const cached = this.states.get(id);
    // Idle past the cut-off by what this process knows: the database decides (it may know a later action).
    if (cached && cached.updatedAt.getTime() >= expiresBefore.getTime()) return cached;
    return this.load(id, expiresBefore);
  }

  actions(id: string, page?: LogPage): Promise<Action[]> {
    const q = this.q;
    return this.runner.read((x) => {
      const found = x.rows(page ? q.actionsPage(id, page.afterSeq, Math.max(0, Math.floor(page.limit))) : q.actionsOf(id));
      return found.map((r) => JSON.parse(r.action) as Action);
    });
  }

  findIdempotencyKey(id: string, key: string): Promise<IdempotentChange | null> {
    const q = this.q;
    return this.runner.read((x): IdempotentChange | null => {
      const [row] = x.rows(q.idempotencyKey(id, key));
      if (!row) return null;
      if (row.kind === 'end') return { kind: 'end' };
      if (row.action === null) throw new SessionLogError(id, `idempotency key of action ${row.seq} without its action`);
      return { kind: 'action', seq: row.seq, action: JSON.parse(row.action) as Action };
    });
  }

  append(
    id: string,
    expectedVersion: number,
    action: Action,
    newState: GameState,
    now: Date,
    options: AppendOptions = {},
  ): Promise<AppendResult> {
    const t = now.getTime();
    const { idempotencyKey, dayStartVersion } = options;
    const nextVersion = expectedVersion + 1;
    const q = this.q;
    const states = this.states;
    // The stored activity time moves on only when it is ACTIVITY_RESOLUTION_MS old (by the record this process
    // cached at this very version, whose updated_at is the stored one): every write of it moves the session in
    // the updated_at index, a few more pages for every commit to write.
    const cached = states.peekAt(id, expectedVersion);
    const touch = cached === undefined || t - cached.updatedAt.getTime() >= ACTIVITY_RESOLUTION_MS;
    // Write the state when snapshots are off, when the game has ended (the scored state is on disk as it is), when
    // the snapshot this process knows of is old enough (see SNAPSHOT_EVERY), or when it knows of none.
    const lastSnapshot = this.states.snapshotVersion(id, expectedVersion);
    const snapshot =
      this.snapshotEvery <= 1 ||
      newState.gameOver ||
      lastSnapshot === undefined ||
      nextVersion - lastSnapshot >= this.cachedSnapshotEvery;
    // Serialized before the transaction: with group commit (SQLite) a write runs while its group holds the
    // database's write lock, which other processes wait for.
    const actionText = JSON.stringify(action);
    const stateText = snapshot ? JSON.stringify(newState) : '';
    return this.runner.transaction(
      (x): AppendResult => {
        // The version check and the write are one statement: of two requests that loaded the same version,
        // exactly one UPDATE matches (the other sees the bumped version, or in PostgreSQL waits for the row lock
        // and then matches nothing). Only the winner goes on to log its action.
        const updated = x.affected(
          touch
            ? dayStartVersion === undefined
              ? q.bumpIfVersion(id, expectedVersion, nextVersion, t)
              : q.bumpIfVersionNewDay(id, expectedVersion, nextVersion, t, dayStartVersion)
            : dayStartVersion === undefined
              ? q.bumpVersion(id, expectedVersion, nextVersion)
              : q.bumpVersionNewDay(id, expectedVersion, nextVersion, dayStartVersion),
        );
        if (updated === 0) {
          const [live] = x.rows(q.liveId(id));
          return { ok: false, reason: live ? 'VERSION_CONFLICT' : 'NOT_FOUND' };
        }
        x.affected(q.insertAction(id, nextVersion, actionText, t));
        if (idempotencyKey !== undefined) {
          // Taken already (by this action's first attempt on another process): undo everything above.
          const stored = x.affected(q.insertIdempotencyKey(id, idempotencyKey, 'action', nextVersion, t));
          if (stored === 0) throw new IdempotencyKeyTaken();
        }
        if (snapshot) x.affected(q.updateSnapshot(stateText, nextVersion, id));
        return { ok: true, version: nextVersion };
      },
    ).then(
      (result) => {
        // Only once committed: a rolled-back append must not leave its state in the cache.
        if (result.ok) {
          const before = states.get(id, expectedVersion);
          if (newState.gameOver) {
            // A finished game takes no more actions: its (fully written) state leaves the cache rather than keep
            // a game's worth of objects alive in the heap every garbage collection marks. Its few later reads (the
            // score's submission) parse the snapshot.
            states.delete(id);
          } else if (before) {
            // Every field written out, in toRecord's order: one object shape for every cached record (spreads made several).
            const after: SessionRecord = {
              id: before.id,
              playerName: before.playerName,
              seed: before.seed,
              isSeeded: before.isSeeded,
              state: newState,
              version: result.version,
              createdAt: before.createdAt,
              updatedAt: touch ? now : before.updatedAt,
              endedAt: before.endedAt,
              scoreSubmitted: before.scoreSubmitted,
              dayStartVersion: dayStartVersion ?? before.dayStartVersion,
              daily: before.daily,
            };
            states.set(after, snapshot ? result.version : (lastSnapshot ?? 0));
          } else {
            // Not loaded through this cache (a caller that appends blind): the next load reads the row.
            states.delete(id);
          }
        }
        return result;
      },
      (error: unknown) => {
        if (error instanceof IdempotencyKeyTaken) return { ok: false, reason: 'VERSION_CONFLICT' } as const;
        throw error;
      },
    );
  }

  endSession(id: string, now: Date, options: { idempotencyKey?: string } = {}): Promise<boolean> {
    const db = this.db;
    const q = this.q;
    const t = now.getTime();
    const key = options.idempotencyKey;
    return this.runner.transaction((x) => {
      const n = x.affected(db.updateTable('sessions').set({ ended_at: t }).where('id', '=', id).where('ended_at', 'is', null));
      if (n > 0 && key !== undefined) x.affected(q.insertIdempotencyKey(id, key, 'end', 0, t));
      return n > 0;
    }).finally(() => this.states.delete(id));
  }

  /** Deletes sessions idle since before the cut-off, except those on the leaderboard (see the port). */
  purgeExpired(idleBefore: Date): Promise<number> {
    const cutoff = idleBefore.getTime();
    // The outer updated_at test is re-checked on the locked row, so a session touched by a concurrent append after
    // the inner SELECT survives. Actions go with their session (ON DELETE CASCADE).
    return this.deleteInBatches(() =>
      this.db
        .deleteFrom('sessions')
        .where('id', 'in', (eb) =>
          eb.selectFrom('sessions').select('id').where('updated_at', '<', cutoff).where('score_submitted', '=', 0).limit(PURGE_BATCH),
        )
        .where('updated_at', '<', cutoff)
        .where('score_submitted', '=', 0),
    );
  }

  purgeTracking(createdBefore: Date): Promise<number> {
    const cutoff = createdBefore.getTime();
    return this.deleteInBatches(() =>
      this.db
        .deleteFrom('tracking')
        .where('id', 'in', (eb) => eb.selectFrom('tracking').select('id').where('created_at', '<', cutoff).limit(PURGE_BATCH)),
    );
  }

  /**
   * Runs `batch` (a DELETE of at most PURGE_BATCH rows) until one deletes fewer; returns how many in all. One
   * DELETE of everything (a day of tracking rows at the rate limit is millions) would hold SQLite's write lock,
   * and every game write behind it, for seconds; short statements let live traffic through in between.
   */
  private async deleteInBatches(batch: () => Compilable<DeleteResult>): Promise<number> {
    let total = 0;
    for (;;) {
      const n = await this.runner.write((x) => x.affected(batch()));
      total += n;
      if (n < PURGE_BATCH) return total;
    }
  }

  submitScore(sessionId: string, score: NewScore, now: Date): Promise<SubmitScoreResult> {
    // Money is integers end to end; a fraction here is a caller bug, refused before it reaches a bigint column.
    if (!Number.isSafeInteger(score.score) || !Number.isSafeInteger(score.final_day)) {
      return Promise.reject(new RangeError(`submitScore needs integer score and final_day, got ${score.score}, ${score.final_day}`));
    }
    const t = now.getTime();
    const db = this.db;
    const daily = score.daily ?? null;
    const row = {
      session_id: sessionId,
      player_name: score.player_name,
      score: score.score,
      final_day: score.final_day,
      date_achieved: t,
      ...periodBuckets(t),
      daily_date: daily?.date ?? null,
      visitor_id: daily?.visitorId ?? null,
      rules_version: score.rulesVersion,
      died: score.died ? 1 : 0,
      game_over_reason: score.gameOverReason,
    };
    return this.runner.transaction(
      (x): SubmitScoreResult => {
        // Flip the flag first: the single-row UPDATE is the once-only gate, across processes too.
        const flagged = x.affected(
          db
            .updateTable('sessions')
            .set({ score_submitted: 1 })
            .where('id', '=', sessionId)
            .where('score_submitted', '=', 0),
        );
        if (flagged === 0) {
          const [exists] = x.rows(db.selectFrom('sessions').select('id').where('id', '=', sessionId));
          return { ok: false, reason: exists ? 'ALREADY_SUBMITTED' : 'NOT_FOUND' };
        }
        let inserted = 0;
        if (daily?.mayRank) {
          // The visitor's first of the day goes on the board; the partial unique index turns a second (even one
          // racing from another process) into nothing inserted, and it is filed as practice below.
          inserted = x.affected(
            db
              .insertInto('leaderboard')
              .values({ ...row, board: 'daily' })
              .onConflict((oc) => oc.columns(['daily_date', 'visitor_id']).where(sql.ref('board'), '=', sql.lit('daily')).doNothing()),
          );
        }
        if (inserted === 0) {
          // session_id is UNIQUE as well: even an id reused after a purge cannot enter the board twice.
          inserted = x.affected(
            db
              .insertInto('leaderboard')
              .values({ ...row, board: daily ? 'practice' : 'ranked' })
              .onConflict((oc) => oc.column('session_id').doNothing()),
          );
          if (inserted === 0) return { ok: false, reason: 'ALREADY_SUBMITTED' };
        }
        const [stored] = x.rows(db.selectFrom('leaderboard').select(ENTRY_COLUMNS).where('session_id', '=', sessionId));
        const entry = toEntry(stored!);
        if (entry.board === 'practice') return { ok: true, entry, place: null, allTimePlace: null };
        const ranked = db.selectFrom('leaderboard').where('board', '=', 'ranked');
        const onToday =
          entry.board === 'daily'
            ? db.selectFrom('leaderboard').where('board', '=', 'daily').where('daily_date', '=', entry.dailyDate)
            : ranked.where('utc_day', '=', row.utc_day);
        // Entries ahead of this one on a board (today's list, all time, or its day's Daily Run): better scores,
        // then earlier ties, exactly the order the board reads; each count reads one board-led index range.
        const placeOn = (board: typeof ranked): number => {
          const [ahead] = x.rows(
            board
              .select((eb) => eb.fn.countAll<number | string>().as('n'))
              .where((eb) =>
                eb.or([
                  eb('score', '>', row.score),
                  eb.and([eb('score', '=', row.score), eb('date_achieved', '<', t)]),
                  eb.and([eb('score', '=', row.score), eb('date_achieved', '=', t), eb('id', '<', entry.id)]),
                ]),
              ),
          );
          return Number(ahead?.n ?? 0) + 1;
        };
        const place = placeOn(onToday);
        // A Daily Run is on no all-time list: its board is the day's.
        const allTimePlace = entry.board === 'ranked' ? placeOn(ranked) : null;
        return { ok: true, entry, place, allTimePlace };
      },
    );
  }

  topScores(period: LeaderboardPeriod, limit: number, now: Date): Promise<LeaderboardEntry[]> {
    const ordered = topScoresQuery(this.db, period, limit, now);
    return this.runner.read((x) => {
      return x.rows(ordered).map(toEntry);
    });
  }

  dailyScores(date: string, limit: number): Promise<LeaderboardEntry[]> {
    const ordered = dailyScoresQuery(this.db, date, limit);
    return this.runner.read((x) => {
      return x.rows(ordered).map(toEntry);
    });
  }

  entry(id: number): Promise<EntryWithSession | null> {
    if (!Number.isSafeInteger(id)) return Promise.resolve(null);
    const query = this.db
      .selectFrom('leaderboard')
      .leftJoin('sessions', 'sessions.id', 'leaderboard.session_id')
      .select([...ENTRY_COLUMNS, 'sessions.id as sid', 'sessions.player_name as session_name', 'seed', 'is_seeded', 'version'])
      .where('leaderboard.id', '=', id);
    return this.runner.read((x) => {
      const [r] = x.rows(query);
      if (!r) return null;
      const session =
        r.sid !== null && r.session_name !== null && r.seed !== null && r.is_seeded !== null && r.version !== null
          ? { id: r.sid, playerName: r.session_name, seed: r.seed, isSeeded: r.is_seeded === 1, version: r.version }
          : null;
      return { entry: toEntry(r), session };
    });
  }

  setting(key: string, value: string): Promise<string> {
    const db = this.db;
    return this.runner.transaction((x): string => {
      x.affected(db.insertInto('settings').values({ key, value }).onConflict((oc) => oc.column('key').doNothing()));
      const [stored] = x.rows(db.selectFrom('settings').select('value').where('key', '=', key));
      return stored!.value;
    });
  }

  track(kind: TrackingKind, visitorId: string | null, sessionId: string | null, payload: unknown, now: Date): Promise<void> {
    const db = this.db;
    return this.runner.write((x) => {
      x.affected(
        db.insertInto('tracking').values({
          kind,
          visitor_id: visitorId,
          session_id: sessionId,
          payload: JSON.stringify(payload ?? null),
          created_at: now.getTime(),
        }),
      );
    });
  }

  ping(): Promise<void> {
    const db = this.db;
    return this.runner.read((x) => {
      x.rows(db.selectNoFrom((eb) => eb.lit(1).as('ok')));
    });
  }

  /**
   * Writes the state of a session that left the cache with its snapshot SNAPSHOT_EVERY or more actions behind (see
   * there), unless a later one is stored by then. In the background: a failure only leaves the older snapshot,
   * from which a load re-applies more actions.
   */
  private writeSnapshot(record: SessionRecord, snapshotVersion: number): void {
    if (record.state.gameOver) return; // written whole by the append that ended it
    const q = this.q;
    const { id, version } = record;
    const stateText = JSON.stringify(record.state);
    const write = this.runner
      .write((x) => {
        x.affected(q.updateSnapshotOver(stateText, version, id, snapshotVersion));
      })
      .catch(() => {})
      .finally(() => this.evictionWrites.delete(write));
    this.evictionWrites.add(write);
  }

  async close(): Promise<void> {
    this.runner.flush?.(); // writes already queued are committed and acknowledged, never dropped
    await Promise.all(this.evictionWrites);
    this.states.clear();
    await this.db.destroy();
    await this.options.onClose?.();
  }
}
