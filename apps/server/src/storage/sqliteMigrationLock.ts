// Migrations on one SQLite file shared by several processes: Kysely's SqliteDialect takes no lock of its own, so
// two servers starting together would both run 0001 and one would fail with 'table sessions already exists'.
import type BetterSqlite3 from 'better-sqlite3';
import { tryBeginImmediate } from './sqlitePragmas';

/** How long a starting process waits for another one's migration before giving up. */
const MIGRATION_LOCK_WAIT_MS = 60_000;
const MIGRATION_LOCK_RETRY_MS = 25;

/**
 * Holds SQLite's write lock (BEGIN IMMEDIATE) around `body`, which runs its queries on this same connection:
 * Kysely's SqliteDialect uses this one handle and opens no transaction of its own for migrations. So a second
 * process (or a second storage on the same file) starting at the same time waits, then finds every migration
 * applied; and a failed migration is rolled back whole instead of leaving half a schema.
 */
export async function withSqliteMigrationLock<T>(sqlite: BetterSqlite3.Database, body: () => Promise<T>): Promise<T> {
  const giveUpAt = Date.now() + MIGRATION_LOCK_WAIT_MS;
  while (!tryBeginImmediate(sqlite)) {
    if (Date.now() > giveUpAt) throw new Error(`Another process held the database's write lock for ${MIGRATION_LOCK_WAIT_MS} ms.`);
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
