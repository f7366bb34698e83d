// PostgreSQL through a pg Pool and Kysely's PostgresDialect. Several server processes (or machines) may share one
// database: a session's append is a transaction whose UPDATE ... WHERE version = expected takes the session's
// row lock, so exactly one of two concurrent appends at one version commits, whichever process they come from.
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema';
import type { StorageDatabase, TransactionWork } from './database';
import { migrateToLatest } from './migrations';

const INT8_OID = 20;

/** bigint columns (money, times, counts) come back as numbers; refuse silently losing precision. */
function parseInt8(text: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`Integer ${text} is outside the safe range`);
  return n;
}

const types: pg.CustomTypesConfig = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID && format !== 'binary' ? parseInt8 : pg.types.getTypeParser(oid, format)) as pg.CustomTypesConfig['getTypeParser'],
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export interface PostgresOptions {
  /** Keep every table in this schema (created if missing) by putting it first on the search_path. */
  schema?: string;
  /** Pool size per process. */
  max?: number;
}

export function openPostgresDatabase(connectionString: string, options: PostgresOptions = {}): StorageDatabase {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return {
    dialect: 'postgres',
    read: kysely,
    kysely,
    transaction: <T>(work: TransactionWork<T>) => kysely.transaction().execute(work),
    // Kysely's Migrator takes a row lock in a transaction: servers starting together apply each migration once.
    migrate: () => migrateToLatest(kysely, 'postgres', schema),
    close: () => kysely.destroy(),
  };
}
