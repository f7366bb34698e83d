// What every repository is given: a database to read from, and the one way to write to it. The SQLite and
// PostgreSQL adapters (sqliteDatabase.ts, postgresDatabase.ts) each build one; the repositories never see which.
import type { Kysely, Transaction } from 'kysely';
import type { DialectName } from './migrations';
import type { Database } from './schema';

/** SELECTs only: a write outside `StorageDatabase.transaction` does not compile. */
export type Reader = Pick<Kysely<Database>, 'selectFrom' | 'selectNoFrom'>;

/**
 * A transaction's work. It may run more than once: on SQLite a write that finds another connection holding the
 * write lock fails at once and the whole transaction is run again a moment later (sqliteDatabase.ts). So it reads
 * and writes only through `trx`, and whatever the caller does with the outcome (a cache, a reply) happens after the
 * promise settles.
 */
export type TransactionWork<T> = (trx: Transaction<Database>) => Promise<T>;

export interface StorageDatabase {
  readonly dialect: DialectName;
  readonly read: Reader;
  /** Kysely's `db.transaction().execute(work)`: all of `work`'s writes commit together or not at all. */
  transaction<T>(work: TransactionWork<T>): Promise<T>;
  /** The Kysely instance itself (migrations; tests that look at rows). */
  readonly kysely: Kysely<Database>;
  migrate(): Promise<void>;
  close(): Promise<void>;
}
