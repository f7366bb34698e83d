// Picks the storage adapter from DATABASE_URL (DESIGN.md section 4):
//   sqlite:PATH            -> SQLite file (the server's default is sqlite:./data/drugwars.db); sqlite::memory: works too
//   postgres://... | postgresql://...  -> PostgreSQL; an optional `schema=NAME` query parameter keeps every table
//                                         in that schema (used by tests so runs never touch each other's data)
import type { Storage } from './port';
import { createSqliteStorage } from './sqliteStorage';
import { createPostgresStorage } from './postgresStorage';

export const DEFAULT_DATABASE_URL = 'sqlite:./data/drugwars.db';

export function createStorage(databaseUrl: string): Storage {
  if (databaseUrl.startsWith('sqlite:')) {
    const path = databaseUrl.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (path === '') throw new Error('DATABASE_URL sqlite: needs a file path, e.g. sqlite:./data/drugwars.db');
    return createSqliteStorage(path);
  }
  if (databaseUrl.startsWith('postgres://') || databaseUrl.startsWith('postgresql://')) {
    const url = new URL(databaseUrl);
    const schema = url.searchParams.get('schema') ?? undefined;
    url.searchParams.delete('schema');
    return createPostgresStorage(url.toString(), schema ? { schema } : {});
  }
  throw new Error(`Unsupported DATABASE_URL (expected sqlite:PATH or postgres://...): ${redact(databaseUrl)}`);
}

/** Never echo a password from a connection string into logs. */
function redact(databaseUrl: string): string {
  return databaseUrl.replace(/\/\/([^:/@]+):[^@]*@/, '//$1:***@');
}
