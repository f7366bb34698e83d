// SQLite adapter: better-sqlite3 (synchronous, in-process). Kysely compiles the queries (and runs the
// migrations through its SqliteDialect); the operations themselves run synchronously on cached prepared
// statements, a whole transaction inside one better-sqlite3 `transaction()` call. So a transaction never yields
// to the event loop halfway: nothing else of this process can interleave with it, and it never holds SQLite's
// write lock while waiting for JavaScript. Other processes on the same file are kept out by SQLite's write lock
// (BEGIN IMMEDIATE; busy_timeout waits for the lock instead of failing at once).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type CompiledQuery, type QueryResult } from 'kysely';
import type { Database } from './schema';
import { KyselyStorage } from './kyselyStorage';
import type { Op, QueryRunner } from './queryRunner';

/** How long a writer waits for another process's write lock before SQLITE_BUSY. */
const BUSY_TIMEOUT_MS = 5000;

export function createSqliteStorage(path: string): KyselyStorage {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  // WAL: readers never block the writer and commits are appends to the log. synchronous=NORMAL in WAL mode
  // stays consistent after a process crash (a committed transaction survives kill -9); only a power loss can
  // drop the last commits. foreign_keys enables the actions -> sessions ON DELETE CASCADE.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return new KyselyStorage(db, new SqliteRunner(sqlite), {
    dialect: 'sqlite',
    // Kysely only closes the handle if it ever ran a query itself (migrations do; a storage that never
    // migrated would leak the file handle).
    onClose: () => {
      if (sqlite.open) sqlite.close();
    },
  });
}

class SqliteRunner implements QueryRunner {
  /** Keyed by SQL text; the set of distinct statements is small and fixed (values are always parameters). */
  private readonly statements = new Map<string, BetterSqlite3.Statement<unknown[]>>();

  constructor(private readonly sqlite: BetterSqlite3.Database) {}

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

  run<T>(op: () => Op<T>, options?: { transaction?: boolean }): Promise<T> {
    const drive = (): T => {
      const steps = op();
      let step = steps.next();
      while (!step.done) step = steps.next(this.execute(step.value));
      return step.value;
    };
    try {
      // IMMEDIATE takes the write lock at BEGIN, so a writer never has to upgrade a read lock (which could fail
      // with SQLITE_BUSY against another process instead of waiting).
      return Promise.resolve(options?.transaction ? this.sqlite.transaction(drive).immediate() : drive());
    } catch (error) {
      return Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
  }
}
