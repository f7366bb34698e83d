// The SQLite QueryRunner: reads run at once, writes are group-committed (see SqliteRunner below).
import type BetterSqlite3 from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { BUSY_TIMEOUT_MS, tryBeginImmediate } from './sqlitePragmas';
import { compiled, selectOnly, writeInRead, type Query, type QueryRunner, type ReadOp, type Writer, type WriteOp } from './queryRunner';

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

type Outcome = { ok: true; value: unknown } | { ok: false; error: Error };

interface QueuedWrite {
  op: WriteOp<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

export interface SqliteRunnerOptions {
  /** Queue writes and commit them in groups (default true); false runs and commits each write at once. */
  groupCommit?: boolean;
}

/**
 * A read runs at once (WAL readers never wait for writers). A write, with group commit, is queued and runs in the
 * next group: one transaction of up to GROUP_COMMIT_MAX_OPS writes, a failing one undoing only its own writes (see
 * runGroup), whose promises settle only after COMMIT: nothing is acknowledged before it is on
 * disk. The group takes SQLite's write lock without waiting and holds it only while it runs (one synchronous
 * stretch): when another connection has it (another process, the checkpointer's RESTART) the group retries a
 * millisecond later instead of blocking the event loop, so reads go on being served.
 */
export class SqliteRunner implements QueryRunner {
  /** Keyed by SQL text; the set of distinct statements is small and fixed (values are always parameters). */
  private readonly statements = new Map<string, BetterSqlite3.Statement<unknown[]>>();

  /** One transaction wrapper for every call (better-sqlite3 builds its BEGIN/COMMIT plumbing per wrapper). */
  private readonly inTransaction: BetterSqlite3.Transaction<(body: () => unknown) => unknown>;

  private readonly groupCommit: boolean;

  /** COMMIT of every group, prepared once (exec would parse it again each time). */
  private readonly commit: BetterSqlite3.Statement;

  /** The SAVEPOINT around a group's writes (see runGroup). */
  private readonly groupStatements: Record<'savepoint' | 'release' | 'rollbackTo', BetterSqlite3.Statement>;

  /** Writing operations waiting for the next group, in arrival order. */
  private queue: QueuedWrite[] = [];

  /** A drain is scheduled (end of this turn, or a lock retry); when it runs, the queue goes out. */
  private drainScheduled = false;

  /** Since when the queue head has been waiting for another connection's write lock (0: not waiting). */
  private lockWaitSince = 0;

  /** Runs an operation's queries at once (see Executor); the one for reads refuses writes. */
  private readonly reader: Executor;

  private readonly writer: Executor;

  constructor(
    private readonly sqlite: BetterSqlite3.Database,
    options: SqliteRunnerOptions = {},
  ) {
    this.inTransaction = sqlite.transaction((body: () => unknown) => body());
    this.groupCommit = options.groupCommit ?? true;
    this.commit = sqlite.prepare('COMMIT');
    this.groupStatements = {
      savepoint: sqlite.prepare('SAVEPOINT group_commit'),
      release: sqlite.prepare('RELEASE group_commit'),
      rollbackTo: sqlite.prepare('ROLLBACK TO group_commit'),
    };
    const statement = (sql: string): BetterSqlite3.Statement<unknown[]> => {
      let found = this.statements.get(sql);
      if (!found) {
        found = sqlite.prepare<unknown[]>(sql);
        this.statements.set(sql, found);
      }
      return found;
    };
    this.reader = new Executor(statement, true);
    this.writer = new Executor(statement, false);
  }

  read<T>(op: ReadOp<T>): Promise<T> {
    try {
      return Promise.resolve(op(this.reader));
    } catch (error) {
      return Promise.reject(asError(error));
    }
  }

  write<T>(op: WriteOp<T>): Promise<T> {
    if (this.groupCommit) return this.enqueue(op);
    try {
      return Promise.resolve(op(this.writer));
    } catch (error) {
      return Promise.reject(asError(error));
    }
  }

  transaction<T>(op: WriteOp<T>): Promise<T> {
    if (this.groupCommit) return this.enqueue(op);
    try {
      // IMMEDIATE takes the write lock at BEGIN, so a writer never has to upgrade a read lock (which could fail
      // with SQLITE_BUSY against another process instead of waiting).
      return Promise.resolve(this.inTransaction.immediate(() => op(this.writer)) as T);
    } catch (error) {
      return Promise.reject(asError(error));
    }
  }

  private enqueue<T>(op: WriteOp<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ op, resolve: resolve as (value: unknown) => void, reject });
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
    // setImmediate: after every request read in this turn has queued its write
    if (delayMs === 0) setImmediate(this.runScheduledDrain);
    else setTimeout(this.runScheduledDrain, delayMs);
  }

  /** One function for every scheduled drain (no closure made per write). */
  private readonly runScheduledDrain = (): void => {
    this.drainScheduled = false;
    this.drain();
  };

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
  /**
   * The group's writes, one after the other inside one SAVEPOINT of the group's (not one each: two statements per
   * write saved). When a write fails, the group is undone back to that SAVEPOINT and runs again with each write in
   * its own, so a failure undoes only its own writes. Running a write again is safe: an operation is a function of
   * its query results and does nothing outside the database until its promise settles (queryRunner.ts).
   */
  private runGroup(group: QueuedWrite[]): Outcome[] {
    const values: unknown[] = [];
    this.groupStatements.savepoint.run();
    for (const w of group) {
      try {
        values.push(w.op(this.writer));
      } catch (error) {
        // SQLite rolled the whole transaction back itself (disk full, I/O): the group fails (commitGroup).
        if (!this.sqlite.inTransaction) return [{ ok: false, error: asError(error) }];
        this.groupStatements.rollbackTo.run();
        this.groupStatements.release.run();
        return this.runEachInSavepoint(group);
      }
    }
    this.groupStatements.release.run();
    return values.map((value) => ({ ok: true, value }));
  }

  private runEachInSavepoint(group: QueuedWrite[]): Outcome[] {
    const outcomes: Outcome[] = [];
    for (const w of group) {
      try {
        outcomes.push({ ok: true, value: this.inTransaction(() => w.op(this.writer)) }); // nested: a SAVEPOINT
      } catch (error) {
        outcomes.push({ ok: false, error: asError(error) });
      }
      if (!this.sqlite.inTransaction) break; // SQLite rolled the whole transaction back itself (disk full, I/O)
    }
    return outcomes;
  }

  private commitGroup({ wait }: { wait: boolean }): boolean {
    try {
      if (wait) this.sqlite.exec('BEGIN IMMEDIATE');
      else if (!tryBeginImmediate(this.sqlite)) return false;
    } catch (error) {
      const waiting = this.queue;
      this.queue = [];
      for (const w of waiting) w.reject(asError(error));
      return true;
    }
    const group = this.queue.splice(0, GROUP_COMMIT_MAX_OPS);
    const outcomes = this.runGroup(group);
    let failure: Error | null = null;
    if (!this.sqlite.inTransaction) failure = new Error('The database rolled back the transaction.');
    else {
      try {
        this.commit.run();
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

/**
 * Runs an operation's queries synchronously on cached prepared statements (keyed by SQL text: the set of distinct
 * statements is small and fixed, values are always parameters).
 */
class Executor implements Writer {
  constructor(
    private readonly statement: (sql: string) => BetterSqlite3.Statement<unknown[]>,
    private readonly readOnly: boolean,
  ) {}

  rows<R>(query: Query<R>, ..._notAWrite: unknown[]): R[] {
    const q = selectOnly(compiled(query));
    return this.statement(q.sql).all(...(q.parameters as unknown[])) as R[];
  }

  affected(query: Query<unknown>): number {
    const q: CompiledQuery = compiled(query);
    if (this.readOnly) throw writeInRead(q);
    return this.statement(q.sql).run(...(q.parameters as unknown[])).changes;
  }
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
