// SQLite through better-sqlite3 and Kysely's SqliteDialect: one connection per storage, which Kysely lends to one
// query or transaction at a time.
//
// better-sqlite3 is synchronous: a statement that waits for SQLite's write lock (busy_timeout) waits on the thread
// that runs the event loop. The lock may be held by another process on the file (WORKERS > 1), by the
// checkpointer's RESTART, or by another storage of this process (tests open two on one file, as two servers
// would); in that last case the holder needs this very thread to commit, so waiting would stall for the whole
// timeout. So once open, the connection never waits (busy_timeout 0): a write that finds the lock taken fails at
// once with SQLITE_BUSY, and its whole transaction runs again a moment later while the process goes on serving
// (hence TransactionWork's rule in database.ts). Every write is in a transaction (`read` takes SELECTs only), and
// in WAL mode a read never waits for a writer.
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely';
import type { Database } from './schema';
import type { StorageDatabase, TransactionWork } from './database';
import { migrateToLatest } from './migrations';
import { SqliteGroupCommit } from './sqliteGroupCommit';
import { startSqliteCheckpointer } from './sqliteCheckpointer';

/** How long a write goes on trying while another connection holds the write lock, before it fails. */
export const WRITE_LOCK_WAIT_MS = 5000;
/** The longest pause between two tries (each pause is random up to this, growing from 1 ms). */
const MAX_RETRY_PAUSE_MS = 10;
/** How long a starting process waits for another one's migration before giving up. */
const MIGRATION_LOCK_WAIT_MS = 60_000;

export function openSqliteDatabase(path: string): StorageDatabase {
  const inMemory = path === ':memory:';
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  // Opening waits for the lock as SQLite does (better-sqlite3's 5 s): another process may be recovering the file.
  const sqlite = new BetterSqlite3(path);
  // WAL: readers never block the writer, commits append to the log. synchronous=NORMAL in WAL mode keeps every
  // committed transaction through a process crash (kill -9); only a power cut can drop the last ones.
  // foreign_keys: a session's actions, snapshot and keys go with it (ON DELETE CASCADE).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 0');
  // A checkpoint inside a commit stalls the event loop (it copies pages and fsyncs): a thread does them instead.
  if (!inMemory) sqlite.pragma('wal_autocheckpoint = 0');
  const checkpointer = inMemory ? null : startSqliteCheckpointer(path);
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: preparingOnce(sqlite) }) });
  const groups = new SqliteGroupCommit(<T>(work: TransactionWork<T>) => retryWhileLocked(() => kysely.transaction().execute(work)));
  return {
    dialect: 'sqlite',
    read: kysely,
    kysely,
    transaction: (work) => groups.transaction(work),
    async migrate() {
      await groups.idle();
      await withMigrationLock(sqlite, () => migrateToLatest(kysely, 'sqlite'));
    },
    async close() {
      await groups.idle(); // transactions already asked for commit, never dropped
      await kysely.destroy();
      await checkpointer?.stop();
      // Kysely closes the handle only if it ever ran a query. Closing the last connection checkpoints the WAL.
      if (sqlite.open) sqlite.close();
    },
  };
}

/** Distinct statement texts kept prepared; past this the kept ones are dropped (queries are few and fixed). */
const MAX_STATEMENTS = 500;

/**
 * The connection as Kysely's SqliteDialect sees it, with each distinct SQL text prepared once: Kysely asks for a
 * prepared statement for every query it runs, and SQLite parsing and planning the same text again was a large
 * share of a move's CPU. Values are always parameters, so the texts are the repositories' few queries.
 */
function preparingOnce(sqlite: BetterSqlite3.Database): SqliteDatabase {
  const statements = new Map<string, BetterSqlite3.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= MAX_STATEMENTS) statements.clear();
        statement = sqlite.prepare(sql);
        statements.set(sql, statement);
      }
      return statement;
    },
    close: () => sqlite.close(),
  };
}

function isLocked(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
}

async function retryWhileLocked<T>(attempt: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + WRITE_LOCK_WAIT_MS;
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (!isLocked(error) || Date.now() >= giveUpAt) throw error;
      await sleep(Math.random() * Math.min(MAX_RETRY_PAUSE_MS, tries));
    }
  }
}

/**
 * Runs the migrations holding the write lock (BEGIN IMMEDIATE on this connection, which Kysely's migrations then
 * use: its SqliteDialect opens no transaction for them and takes no lock), so servers starting together on one
 * file apply each migration once, and a failed migration rolls back whole.
 */
async function withMigrationLock(sqlite: BetterSqlite3.Database, migrate: () => Promise<void>): Promise<void> {
  const giveUpAt = Date.now() + MIGRATION_LOCK_WAIT_MS;
  for (;;) {
    try {
      sqlite.exec('BEGIN IMMEDIATE');
      break;
    } catch (error) {
      if (!isLocked(error)) throw error;
      if (Date.now() > giveUpAt) throw new Error(`Another process held the database's write lock for ${MIGRATION_LOCK_WAIT_MS} ms.`);
      await sleep(25);
    }
  }
  try {
    await migrate();
  } catch (error) {
    if (sqlite.inTransaction) sqlite.exec('ROLLBACK');
    throw error;
  }
  if (sqlite.inTransaction) sqlite.exec('COMMIT');
}
