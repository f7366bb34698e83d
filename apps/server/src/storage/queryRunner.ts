// How storage logic runs on two very different drivers without being written twice.
//
// Each storage operation is a generator that yields Kysely-compiled queries and receives their results. A runner
// drives it: the SQLite runner executes every query synchronously on better-sqlite3 (cached prepared statements)
// inside one synchronous transaction, so a transaction never yields to the event loop halfway; the PostgreSQL
// runner awaits each query on one pooled connection inside BEGIN/COMMIT. The SQL itself always comes from the
// Kysely query builder.
import type { Compilable, CompiledQuery, QueryResult } from 'kysely';

export type Op<T> = Generator<CompiledQuery, T, QueryResult<unknown>>;

type Query<R> = Compilable<R> | CompiledQuery<R>;

function compiled<R>(query: Query<R>): CompiledQuery<R> {
  return 'compile' in query ? query.compile() : query;
}

/** Run a query that returns rows; `yield* rows(query)` evaluates to the typed rows. */
export function* rows<R>(query: Query<R>): Generator<CompiledQuery, R[], QueryResult<unknown>> {
  const result = yield compiled(query);
  return result.rows as R[];
}

/** Run an insert/update/delete; `yield* affected(query)` evaluates to the number of rows it touched. */
export function* affected(query: Query<unknown>): Generator<CompiledQuery, number, QueryResult<unknown>> {
  const result = yield compiled(query);
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * A query built and compiled by Kysely once; each call only puts its values into the parameter positions (the
 * hot paths run on every request, and building + compiling the query tree costs more than running it on
 * SQLite). `build` must use each argument as a plain value (no arithmetic or branching on it): it is called
 * once with placeholder objects, and each placeholder's position among the compiled parameters is remembered.
 */
export function prepare<A extends unknown[], R>(build: (...args: A) => Compilable<R>): (...args: A) => CompiledQuery<R> {
  let template: { query: CompiledQuery<R>; slots: ({ arg: number } | { value: unknown })[] } | undefined;
  return (...args: A): CompiledQuery<R> => {
    if (!template) {
      const placeholders = args.map((_, i) => Object.freeze({ preparedArgument: i }));
      const query = build(...(placeholders as unknown as A)).compile();
      const slots = query.parameters.map((p) => {
        const arg = placeholders.indexOf(p as (typeof placeholders)[number]);
        return arg >= 0 ? { arg } : { value: p };
      });
      const unused = placeholders.findIndex((p) => !query.parameters.includes(p));
      if (unused >= 0) throw new Error(`prepare: argument ${unused} is not used as a plain query value`);
      template = { query, slots };
    }
    const parameters = template.slots.map((slot) => ('arg' in slot ? args[slot.arg] : slot.value));
    return { ...template.query, parameters };
  };
}

export interface QueryRunner {
  /**
   * Drive `op` to completion; with `transaction`, all its queries commit together or not at all. An operation
   * that writes says so with `transaction` or `write` (the SQLite runner queues writes for group commit and runs
   * everything else at once, so an operation marked neither must only read).
   */
  run<T>(op: () => Op<T>, options?: { transaction?: boolean; write?: boolean }): Promise<T>;
  /** Runs whatever writes are still queued (before the database closes); runners that queue nothing omit it. */
  flush?(): void;
}
