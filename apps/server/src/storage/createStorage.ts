// Picks the storage adapter from DATABASE_URL (DESIGN.md section 4):
//   sqlite:PATH            -> SQLite file (the server's default is sqlite:./data/drugwars.db); sqlite::memory: works too
//   postgres://... | postgresql://...  -> PostgreSQL; an optional `schema=NAME` query parameter keeps every table
//                                         in that schema (used by tests so runs never touch each other's data)
import type { Storage } from './port';
import { createSqliteStorage } from './sqliteStorage';
import { createPostgresStorage } from './postgresStorage';
import { SNAPSHOT_EVERY, type SnapshotOptions } from './kyselyStorage';
import { engineRollForward } from './rollForward';

export const DEFAULT_DATABASE_URL = 'sqlite:./data/drugwars.db';

export interface CreateStorageOptions {
  /**
   * Actions between two stored state snapshots (default SNAPSHOT_EVERY; load rolls the snapshot forward with the
   * engine). 1 stores the state after every action and never replays: for tests that store documents which are
   * not engine games.
   */
  snapshotEvery?: number;
  /** Parsed states kept in memory (default DEFAULT_STATE_CACHE_SIZE in kyselyStorage.ts). */
  stateCacheSize?: number;
}

export function createStorage(databaseUrl: string, options: CreateStorageOptions = {}): Storage {
  const snapshots: SnapshotOptions = {
    rollForward: engineRollForward,
    snapshotEvery: options.snapshotEvery ?? SNAPSHOT_EVERY,
    ...(options.stateCacheSize === undefined ? {} : { stateCacheSize: options.stateCacheSize }),
  };
  if (databaseUrl.startsWith('sqlite:')) {
    const path = databaseUrl.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path === '') throw new Error('DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/drugwars.db');
    return createSqliteStorage(path, snapshots);
  }
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) {
    const url = new URL(databaseUrl);
    const schema = url.searchParams.get('schema') ?? undefined;
    url.searchParams.delete('schema');
    return createPostgresStorage(url.toString(), { snapshots, ...(schema ? { schema } : {}) });
  }
  throw new Error(`Unsupported DATABASE_URL (expected sqlite:PATH or postgres://...): ${redact(databaseUrl)}`);
}

/** Never echo a password from a connection string into logs. */
function redact(databaseUrl: string): string {
  return databaseUrl.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
