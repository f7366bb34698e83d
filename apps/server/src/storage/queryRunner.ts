// How storage logic runs on two very different drivers without being written twice.
//
// Each storage operation is a generator that yields Kysely-compiled queries and receives their results. A runner
// drives it: the SQLite runner executes every query synchronously on better-sqlite3 (cached prepared statements)
// inside one synchronous transaction, so a transaction never yields to the event loop halfway; the PostgreSQL
// runner awaits each query on one pooled connection inside BEGIN/COMMIT. The SQL itself always comes from the
// Kysely query builder.
//
// An operation is a function of its query results: its generator does nothing outside the database (the caller acts
// on the outcome once the promise settles), because a runner may run it more than once before then (SQLite's group
// commit runs a group again when one of its writes fails).
//
// Whether an operation writes is part of its type: `rows()` yields read steps (SELECT only) and `affected()` yields
// write steps, so an operation that writes is a WriteOp, and `runner.read()` accepts only a ReadOp. The SQLite
// runner relies on it: reads run at once, writes go through the group-commit queue; a write that slipped into a
// read would commit outside it (and the runner refuses one at run time as well).
import type { Compilable, CompiledQuery, DeleteResult, InsertResult, QueryResult, UpdateResult } from 'kysely';

/** One query an operation asks its runner to execute. */
export interface Step {
  readonly query: CompiledQuery;
  /** false only for a SELECT (checked when the step is made). */
  readonly writes: boolean;
}
export interface ReadStep extends Step {
  readonly writes: false;
}
export interface WriteStep extends Step {
  readonly writes: true;
}

/** An operation that only reads (SELECTs). */
export type ReadOp<T> = Generator<ReadStep, T, QueryResult<unknown>>;
/** An operation that writes (and may read too). */
export type WriteOp<T> = Generator<ReadStep | WriteStep, T, QueryResult<unknown>>;

type Query<R> = Compilable<R> | CompiledQuery<R>;
/** The result types Kysely gives INSERT/UPDATE/DELETE without RETURNING: never rows to read. */
type WriteResult = InsertResult | UpdateResult | DeleteResult;

function compiled<R>(query: Query<R>): CompiledQuery<R> {
  return 'compile' in query ? query.compile() : query;
}

/**
 * Run a SELECT; `yield* rows(query)` evaluates to the typed rows. (An INSERT/UPDATE/DELETE does not compile here:
 * for one, the rest parameter asks for an argument of type never.)
 */
export function* rows<R>(
  query: Query<R>,
  ..._notAWrite: R extends WriteResult ? [never] : []
): Generator<ReadStep, R[], QueryResult<unknown>> {
  const q = compiled(query);
  if (q.query.kind !== 'SelectQueryNode') {
    // An INSERT ... RETURNING reads rows but writes: it would need a write step of its own.
    throw new TypeError(`rows() runs SELECTs only, not a ${q.query.kind}`);
  }
  const result = yield { query: q, writes: false };
  return result.rows as R[];
}

/** Run an insert/update/delete; `yield* affected(query)` evaluates to the number of rows it touched. */
export function* affected(query: Query<WriteResult>): Generator<WriteStep, number, QueryResult<unknown>> {
  const result = yield { query: compiled(query), writes: true };
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
  /** Drive a reading operation to completion. */
  read<T>(op: () => ReadOp<T>): Promise<T>;
  /** Drive a writing operation whose statements need not commit together (each is atomic on its own). */
  write<T>(op: () => WriteOp<T>): Promise<T>;
  /** Drive a writing operation whose statements all commit together or not at all. */
  transaction<T>(op: () => WriteOp<T>): Promise<T>;
  /** Runs whatever writes are still queued (before the database closes); runners that queue nothing omit it. */
  flush?(): void;
}

/** Runs `op`'s steps one after the other through `execute` (synchronously). */
export function driveSync<T>(op: () => WriteOp<T>, execute: (step: Step) => QueryResult<unknown>): T {
  const steps = op();
  let step = steps.next();
  while (!step.done) step = steps.next(execute(step.value));
  return step.value;
}

/** Runs `op`'s steps one after the other through `execute`, awaiting each. */
export async function driveAsync<T>(op: () => WriteOp<T>, execute: (step: Step) => Promise<QueryResult<unknown>>): Promise<T> {
  const steps = op();
  let step = steps.next();
  while (!step.done) step = steps.next(await execute(step.value));
  return step.value;
}

/** The error a read operation gets when it yields a write (a cast around the types above). */
export function writeInRead(step: Step): Error {
  return new TypeError(`A read operation issued a write (${step.query.sql.slice(0, 40)}...): run it with write()`);
}
