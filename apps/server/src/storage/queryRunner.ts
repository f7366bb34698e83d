// How storage logic runs on two very different drivers without being written twice.
//
// Each storage operation is a generator that yields Kysely-compiled queries and receives their results. A runner
// drives it: the SQLite runner executes every query synchronously on better-sqlite3 (cached prepared statements)
// inside one synchronous transaction, so a transaction never yields to the event loop halfway; the PostgreSQL
// runner awaits each query on one pooled connection inside BEGIN/COMMIT. The SQL itself always comes from the
// Kysely query builder.
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';

export type Op<T> = Generator<CompiledQuery, T, QueryResult<unknown>>;

/** Run a query that returns rows; `yield* rows(builder)` evaluates to the typed rows. */
export function* rows<R>(query: Compilable<R>): Generator<CompiledQuery, R[], QueryResult<unknown>> {
  const result = yield query.compile();
  return result.rows as R[];
}

/** Run an insert/update/delete; `yield* affected(builder)` evaluates to the number of rows it touched. */
export function* affected(query: Compilable): Generator<CompiledQuery, number, QueryResult<unknown>> {
  const result = yield query.compile();
  return Number(result.numAffectedRows ?? 0n);
}

export interface QueryRunner {
  /** Drive `op` to completion; with `transaction`, all its queries commit together or not at all. */
  run<T>(op: () => Op<T>, options?: { transaction?: boolean }): Promise<T>;
}
