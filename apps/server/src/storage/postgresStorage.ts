// PostgreSQL adapter: a pg Pool behind Kysely's PostgresDialect. Several server processes may share one
// database: `append` is a transaction whose UPDATE ... WHERE version = expected takes the session row lock,
// so exactly one of two concurrent appends at the same version commits, whichever process they come from.
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import type { Database } from './schema';
import { KyselyStorage, type SnapshotOptions } from './kyselyStorage';
import { driveAsync, type QueryRunner, type ReadOp, type WriteOp } from './queryRunner';

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

export interface PostgresStorageOptions {
  /** Keep every table in this schema (created if missing) by putting it first on the search_path. */
  schema?: string;
  /** Pool size per process. */
  max?: number;
  /** How states are snapshotted (see KyselyStorageOptions). */
  snapshots?: SnapshotOptions;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export function createPostgresStorage(connectionString: string, options: PostgresStorageOptions = {}): KyselyStorage {
  const { schema } = options;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) {
    throw new Error(`Invalid PostgreSQL schema name: ${schema}`);
  }
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    types,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return new KyselyStorage(db, new PostgresRunner(db), {
    dialect: 'postgres',
    ...(schema ? { schema } : {}),
    ...options.snapshots,
  });
}

/**
 * Runs an operation by driveAsync (queryRunner.ts): the operation runs again after each query it awaited, answered
 * from the results so far, so the one synchronous definition serves both databases.
 */
class PostgresRunner implements QueryRunner {
  constructor(private readonly db: Kysely<Database>) {}

  read<T>(op: ReadOp<T>): Promise<T> {
    return driveAsync(op, (query) => this.db.executeQuery(query), { readOnly: true });
  }

  /** Each statement commits on its own (autocommit), on whichever pooled connection is free. */
  write<T>(op: WriteOp<T>): Promise<T> {
    return driveAsync(op, (query) => this.db.executeQuery(query), { readOnly: false });
  }

  /** One pooled connection for the whole BEGIN ... COMMIT (ROLLBACK on any error). */
  transaction<T>(op: WriteOp<T>): Promise<T> {
    return this.db.transaction().execute((trx) => driveAsync(op, (query) => trx.executeQuery(query), { readOnly: false }));
  }
}
