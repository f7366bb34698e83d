// SQLite adapter: better-sqlite3 (synchronous, in-process). Kysely compiles the queries (and runs the
// migrations through its SqliteDialect); the operations themselves run synchronously on cached prepared
// statements (sqliteRunner.ts), a whole transaction inside one better-sqlite3 `transaction()` call. So a
// transaction never yields to the event loop halfway: nothing else of this process can interleave with it, and it
// never holds SQLite's write lock while waiting for JavaScript. Other processes on the same file are kept out by
// SQLite's write lock. The pieces: sqlitePragmas.ts (connection settings), sqliteRunner.ts (group commit),
// sqliteMigrationLock.ts, sqliteCheckpointer.ts (WAL checkpoints on a worker thread).
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema';
import { KyselyStorage, type SnapshotOptions } from './kyselyStorage';
import { applySqlitePragmas } from './sqlitePragmas';
import { startSqliteCheckpointer } from './sqliteCheckpointer';
import { withSqliteMigrationLock } from './sqliteMigrationLock';
import { SqliteRunner, type SqliteRunnerOptions } from './sqliteRunner';

export type SqliteStorageOptions = SnapshotOptions & SqliteRunnerOptions;

export function createSqliteStorage(path: string, options: SqliteStorageOptions = {}): KyselyStorage {
  const { groupCommit, ...snapshots } = options;
  const inMemory = path === ':memory:';
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const sqlite = new BetterSqlite3(path);
  applySqlitePragmas(sqlite, { checkpointElsewhere: !inMemory });
  const checkpointer = inMemory ? null : startSqliteCheckpointer(path);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  const runner = new SqliteRunner(sqlite, groupCommit === undefined ? {} : { groupCommit });
  return new KyselyStorage(db, runner, {
    dialect: 'sqlite',
    withMigrationLock: (migrate) => {
      runner.flush();
      return withSqliteMigrationLock(sqlite, migrate);
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
