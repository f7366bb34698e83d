// Picks the database from DATABASE_URL (DESIGN.md section 4) and puts the repositories on it:
//   sqlite:PATH            -> SQLite file (the server's default is sqlite:./data/drugwars.db); sqlite::memory: works too
//   postgres://... | postgresql://...  -> PostgreSQL; an optional `schema=NAME` query parameter keeps every table
//                                         in that schema (used by tests so runs never touch each other's data)
import { sql, type Kysely } from 'kysely';
import type { Storage } from './port';
import type { Database } from './schema';
import type { DialectName } from './migrations';
import type { StorageDatabase } from './database';
import { openSqliteDatabase } from './sqliteDatabase';
import { openPostgresDatabase } from './postgresDatabase';
import { createSessionRepository, type SessionRepositoryOptions } from './sessionRepository';
import { createLeaderboardRepository } from './leaderboardRepository';
import { createTrackingRepository } from './trackingRepository';
import { createSettingsRepository } from './settingsRepository';

export const DEFAULT_DATABASE_URL = 'sqlite:./data/drugwars.db';

export type CreateStorageOptions = SessionRepositoryOptions;

/** A Storage with its database showing, for tests and tools that look at rows. */
export interface DatabaseStorage extends Storage {
  readonly dialect: DialectName;
  readonly db: Kysely<Database>;
}

export function createStorage(databaseUrl: string, options: CreateStorageOptions = {}): DatabaseStorage {
  return storageOn(openDatabase(databaseUrl), options);
}

function openDatabase(databaseUrl: string): StorageDatabase {
  if (databaseUrl.startsWith('sqlite:')) {
    const path = databaseUrl.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path === '') throw new Error('DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/drugwars.db');
    return openSqliteDatabase(path);
  }
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) {
    const url = new URL(databaseUrl);
    const schema = url.searchParams.get('schema') ?? undefined;
    url.searchParams.delete('schema');
    return openPostgresDatabase(url.toString(), schema ? { schema } : {});
  }
  throw new Error(`Unsupported DATABASE_URL (expected sqlite:PATH or postgres://...): ${redact(databaseUrl)}`);
}

function storageOn(database: StorageDatabase, options: CreateStorageOptions): DatabaseStorage {
  return {
    dialect: database.dialect,
    db: database.kysely,
    sessions: createSessionRepository(database, options),
    leaderboard: createLeaderboardRepository(database),
    tracking: createTrackingRepository(database),
    settings: createSettingsRepository(database),
    migrate: () => database.migrate(),
    async ping() {
      await sql`select 1`.execute(database.kysely);
    },
    close: () => database.close(),
  };
}

/** Never echo a password from a connection string into logs. */
function redact(databaseUrl: string): string {
  return databaseUrl.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
