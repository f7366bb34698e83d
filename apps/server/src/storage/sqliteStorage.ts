// SQLite adapter: better-sqlite3 (synchronous, in-process). Kysely compiles the queries (and runs the
// migrations through its SqliteDialect); the operations themselves run synchronously on cached prepared
// statements, a whole transaction inside one better-sqlite3 `transaction()` call. So a transaction never yields
// to the event loop halfway: nothing else of this process can interleave with it, and it never holds SQLite's
// write lock while waiting for JavaScript. Other processes on the same file are kept out by SQLite's write lock
// (BEGIN IMMEDIATE; busy_timeout waits for the lock instead of failing at once).
import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { Worker } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery, type QueryResult } from 'kysely';
import type { Database } from './schema';
import { KyselyStorage, type SnapshotOptions } from './kyselyStorage';
import type { Op, QueryRunner } from './queryRunner';

/** How long a writer waits for another process's write lock before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;
/** How often the background thread copies the WAL back into the database file. */
const CHECKPOINT_INTERVAL_MS = 200;
/** WAL frames (pages) beyond which the background thread also restarts the WAL so the file stops growing. */
const WAL_RESTART_FRAMES = 8192;

/**
 * SQLite's automatic checkpoint runs inside whichever commit crosses 1000 WAL pages, on the event loop, and
 * includes an fsync of the database file: a multi-millisecond stall of every request now and then (the p99).
 * Instead the main connection never checkpoints and this worker thread, with its own connection, runs a PASSIVE
 * checkpoint (never blocks the writer) five times a second. Under a constant stream of writes a PASSIVE
 * checkpoint never finds the WAL fully copied at the moment a writer starts, so the WAL would grow forever:
 * once it passes WAL_RESTART_FRAMES the worker runs a RESTART checkpoint, which holds writers back only for the
 * few frames the last PASSIVE pass left, and the next write starts the WAL from the beginning again.
 */
const CHECKPOINTER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driverPath);
const db = new Database(workerData.path, { fileMustExist: true });
db.pragma('busy_timeout = ${BUSY_TIMEOUT_MS}');
const checkpoint = () => {
  try {
    const [passive] = db.pragma('wal_checkpoint(PASSIVE)');
    if (passive && passive.log > workerData.restartFrames) db.pragma('wal_checkpoint(RESTART)');
  } catch { /* busy or closing: next time */ }
};
const timer = setInterval(checkpoint, workerData.intervalMs);
parentPort.on('message', () => { clearInterval(timer); checkpoint(); db.close(); parentPort.close(); });
`;

function startCheckpointer(path: string): { stop(): Promise<void> } {
  const worker = new Worker(CHECKPOINTER_SOURCE, {
    eval: true,
    workerData: {
      path,
      driverPath: createRequire(import.meta.url).resolve('better-sqlite3'),
      intervalMs: CHECKPOINT_INTERVAL_MS,
      restartFrames: WAL_RESTART_FRAMES,
    },
  });
  worker.unref(); // never keeps the process alive
  worker.on('error', () => {}); // a failed checkpointer only means the WAL grows until the next start
  return {
    stop: () =>
      new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        worker.postMessage('stop');
        setTimeout(() => void worker.terminate(), 2000).unref();
      }),
  };
}

export type SqliteStorageOptions = SnapshotOptions & SqliteRunnerOptions;

export function createSqliteStorage(path: string, options: SqliteStorageOptions = {}): KyselyStorage {
  const { groupCommit, ...snapshots } = options;
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  // WAL: readers never block the writer and commits are appends to the log. synchronous=NORMAL in WAL mode
  // stays consistent after a process crash (a committed transaction survives kill -9); only a power loss can
  // drop the last commits. foreign_keys enables the actions -> sessions ON DELETE CASCADE.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const checkpointer = path === ':memory:' ? null : (sqlite.pragma('wal_autocheckpoint = 0'), startCheckpointer(path));
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const runner = new SqliteRunner(sqlite, groupCommit === undefined ? {} : { groupCommit });
  return new KyselyStorage(db, runner, {
    dialect: 'sqlite',
    withMigrationLock: (migrate) => {
      runner.flush();
      return withWriteLock(sqlite, migrate);
    },
    ...snapshots,
    onClose: async () => {
      await checkpointer?.stop();
      // Kysely only closes the handle if it ever ran a query itself (migrations do; a storage that never
      // migrated would leak the file handle). Closing the last connection checkpoints and removes the WAL.
      if (sqlite.open) sqlite.close();
    },
  });
}

/** How long a starting process waits for another one's migration before giving up. */
const MIGRATION_LOCK_WAIT_MS = 60_000;
const MIGRATION_LOCK_RETRY_MS = 25;

/**
 * Holds SQLite's write lock (BEGIN IMMEDIATE) around `body`, which runs its queries on this same connection:
 * Kysely's SqliteDialect uses this one handle and opens no transaction of its own for migrations. So a second
 * process (or a second storage on the same file) starting at the same time waits, then finds every migration
 * applied; and a failed migration is rolled back whole instead of leaving half a schema. The wait is an async
 * retry rather than busy_timeout, which would block this thread while the lock holder may need it.
 */
async function withWriteLock<T>(sqlite: BetterSqlite3.Database, body: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + MIGRATION_LOCK_WAIT_MS;
  for (;;) {
    sqlite.pragma('busy_timeout = 0');
    try {
      sqlite.exec('BEGIN IMMEDIATE');
      break;
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'SQLITE_BUSY' || Date.now() > giveUpAt) throw error;
    } finally {
      sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
    await new Promise((resolve) => setTimeout(resolve, MIGRATION_LOCK_RETRY_MS));
  }
  let result: T;
  try {
    result = await body();
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    throw error;
  }
  if (sqlite.inTransaction) sqlite.exec('COMMIT');
  return result;
}

/**
 * Group commit: up to this many writing operations share one transaction. A commit (BEGIN + COMMIT + the WAL
 * frames of the pages it touched) was the largest storage cost of a game action. Writes queued during one
 * event-loop turn commit together at its end, or as soon as this many are waiting, so replies keep leaving during
 * a long turn instead of all at its end (a client on the other core then waits for the whole turn): npm run
 * bench measured 8 best of 2 to 64.
 */
export const GROUP_COMMIT_MAX_OPS = 8;
/** How often a group retries the write lock while another connection holds it (asynchronously). */
const WRITE_LOCK_RETRY_MS = 1;

interface QueuedWrite {
  drive: () => unknown;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export interface SqliteRunnerOptions {
  /** Queue writes and commit them in groups (default true); false runs and commits each write at once. */
  groupCommit?: boolean;
}

class SqliteRunner implements QueryRunner {
  /** Keyed by SQL text; the set of distinct statements is small and fixed (values are always parameters). */
  private readonly statements = new Map<string, BetterSqlite3.Statement<unknown[]>>();

  /** One transaction wrapper for every call (better-sqlite3 builds its BEGIN/COMMIT plumbing per wrapper). */
  private readonly inTransaction: BetterSqlite3.Transaction<(body: () => unknown) => unknown>;

  private readonly groupCommit: boolean;

  /** Writing operations waiting for the next group, in arrival order. */
  private queue: QueuedWrite[] = [];

  /** A drain is scheduled (end of this turn, or a lock retry); when it runs, the queue goes out. */
  private drainScheduled = false;

  /** Since when the queue head has been waiting for another connection's write lock (0: not waiting). */
  private lockWaitSince = 0;

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    options: SqliteRunnerOptions = {},
  ) {
    this.inTransaction = sqlite.transaction((body: () => unknown) => body());
    this.groupCommit = options.groupCommit ?? true;
  }

  private execute(query: CompiledQuery): QueryResult<unknown> {
    let statement = this.statements.get(query.sql);
    if (!statement) {
      statement = this.sqlite.prepare<unknown[]>(query.sql);
      this.statements.set(query.sql, statement);
    }
    const params = query.parameters as unknown[];
    if (statement.reader) return { rows: statement.all(...params) };
    return { rows: [], numAffectedRows: BigInt(statement.run(...params).changes) };
  }

  /**
   * A read runs at once (WAL readers never wait for writers). A write, with group commit, is queued and runs in
   * the next group: one transaction of up to GROUP_COMMIT_MAX_OPS writes, each inside its own SAVEPOINT (so
   * its failure undoes only its own writes), whose promises settle only after COMMIT: nothing is acknowledged
   * before it is on disk. The group takes SQLite's write lock without waiting and holds it only while it runs
   * (one synchronous stretch): when another connection has it (another process, the checkpointer's RESTART)
   * the group retries a millisecond later instead of blocking the event loop, so reads go on being served.
   */
  run<T>(op: () => Op<T>, options?: { transaction?: boolean; write?: boolean }): Promise<T> {
    const drive = (): T => {
      const steps = op();
      let step = steps.next();
      while (!step.done) step = steps.next(this.execute(step.value));
      return step.value;
    };
    const writes = options?.transaction === true || options?.write === true;
    if (!this.groupCommit || !writes) {
      try {
        // IMMEDIATE takes the write lock at BEGIN, so a writer never has to upgrade a read lock (which could fail
        // with SQLITE_BUSY against another process instead of waiting).
        return Promise.resolve(options?.transaction ? (this.inTransaction.immediate(drive) as T) : drive());
      } catch (error) {
        return Promise.reject(asError(error));
      }
    }
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ drive, resolve: resolve as (value: unknown) => void, reject });
      if (this.queue.length >= GROUP_COMMIT_MAX_OPS && this.lockWaitSince === 0) this.drain();
      else this.scheduleDrain(0);
    });
  }

  /** Runs every queued write now, waiting for the write lock if it must (before closing or migrating). */
  flush(): void {
    while (this.queue.length > 0) this.commitGroup({ wait: true });
  }

  private scheduleDrain(delayMs: number): void {
    if (this.drainScheduled) return;
    this.drainScheduled = true;
    const run = () => {
      this.drainScheduled = false;
      this.drain();
    };
    // setImmediate: after every request read in this turn has queued its write
    if (delayMs === 0) setImmediate(run);
    else setTimeout(run, delayMs);
  }

  private drain(): void {
    while (this.queue.length > 0) {
      if (!this.commitGroup({ wait: false })) {
        // Another connection holds the write lock: try again shortly, without blocking; give up as SQLite would.
        const now = Date.now();
        if (this.lockWaitSince === 0) this.lockWaitSince = now;
        if (now - this.lockWaitSince < BUSY_TIMEOUT_MS) return this.scheduleDrain(WRITE_LOCK_RETRY_MS);
        this.lockWaitSince = 0;
        const waiting = this.queue;
        this.queue = [];
        const busy = new Error(`The database stayed locked by another connection for ${BUSY_TIMEOUT_MS} ms.`);
        for (const w of waiting) w.reject(busy);
        return;
      }
      this.lockWaitSince = 0;
      // One group per turn stretch: later groups go out after this one's replies (next immediate).
      if (this.queue.length > 0) return this.scheduleDrain(0);
    }
  }

  /**
   * One group: BEGIN IMMEDIATE, up to GROUP_COMMIT_MAX_OPS queued writes, COMMIT, then their promises settle.
   * Returns false (nothing taken from the queue) when the write lock is held elsewhere and `wait` is false.
   */
  private commitGroup({ wait }: { wait: boolean }): boolean {
    try {
      if (!wait) this.sqlite.pragma('busy_timeout = 0');
      this.sqlite.exec('BEGIN IMMEDIATE');
    } catch (error) {
      if (!wait && (error as { code?: unknown }).code === 'SQLITE_BUSY') return false;
      const waiting = this.queue;
      this.queue = [];
      for (const w of waiting) w.reject(asError(error));
      return true;
    } finally {
      if (!wait) this.sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    }
    const group = this.queue.splice(0, GROUP_COMMIT_MAX_OPS);
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: Error })[] = [];
    for (const w of group) {
      try {
        outcomes.push({ ok: true, value: this.inTransaction(w.drive) }); // nested: a SAVEPOINT
      } catch (error) {
        outcomes.push({ ok: false, error: asError(error) });
      }
      if (!this.sqlite.inTransaction) break; // SQLite rolled the whole transaction back itself (disk full, I/O)
    }
    let failure: Error | null = null;
    if (!this.sqlite.inTransaction) failure = new Error('The database rolled back the transaction.');
    else {
      try {
        this.sqlite.exec('COMMIT');
      } catch (error) {
        failure = asError(error);
        if (this.sqlite.inTransaction) this.sqlite.exec('ROLLBACK');
      }
    }
    if (failure) {
      // Every write of the group is gone. Nothing outside the database saw them: reads never run inside a group,
      // and the storage updates its state cache only once a write's promise has resolved.
      for (const w of group) w.reject(failure);
      return true;
    }
    group.forEach((w, i) => {
      const outcome = outcomes[i]!;
      if (outcome.ok) w.resolve(outcome.value);
      else w.reject(outcome.error);
    });
    return true;
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
