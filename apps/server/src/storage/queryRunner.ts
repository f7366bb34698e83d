// How storage logic runs on two very different drivers without being written twice.
//
// Each storage operation is one plain function of an executor `x`: it runs queries with `x.rows(query)` (a SELECT:
// its rows) and `x.affected(query)` (an INSERT/UPDATE/DELETE: the rows it touched) and returns its result. A runner
// calls it: the SQLite runner hands it an executor that runs every query at once on better-sqlite3 (cached prepared
// statements), so an operation is ordinary synchronous code inside one synchronous transaction and never yields to
// the event loop halfway; the PostgreSQL runner cannot answer a query synchronously, so it runs the operation
// again after each query it awaited (see driveAsync), answering the queries already done from their results. The
// SQL itself always comes from the Kysely query builder.
//
// So an operation must be a function of its arguments and its query results: it does nothing outside the database
// (the caller acts on the outcome once the promise settles), it decides which queries to run only from those, and
// it never catches an error around a query (driveAsync's suspension goes through). Runners rely on it: the
// PostgreSQL runner runs an operation up to once per query plus once, and SQLite's group commit runs a group again
// when one of its writes fails.
//
// Whether an operation writes is part of its type: a ReadOp gets a Reader (`rows()` only, SELECTs only) and a
// WriteOp a Writer (`affected()` too), and `runner.read()` accepts only a ReadOp. The SQLite runner relies on it:
// reads run at once, writes go through the group-commit queue; a write that slipped into a read would commit
// outside it (and both runners refuse one at run time as well).
import type { Compilable, CompiledQuery, DeleteResult, InsertResult, QueryResult, UpdateResult } from 'kysely';

export type Query<R> = Compilable<R> | CompiledQuery<R>;
/** The result types Kysely gives INSERT/UPDATE/DELETE without RETURNING: never rows to read. */
type WriteResult = InsertResult | UpdateResult | DeleteResult;

/** What an operation that only reads may run. */
export interface Reader {
  /**
   * Runs a SELECT and returns its typed rows. (An INSERT/UPDATE/DELETE does not compile here: for one, the rest
   * parameter asks for an argument of type never; an INSERT ... RETURNING is refused at run time.)
   */
  rows<R>(query: Query<R>, ..._notAWrite: R extends WriteResult ? [never] : []): R[];
}

/** What an operation that writes may run. */
export interface Writer extends Reader {
  /** Runs an INSERT/UPDATE/DELETE and returns the number of rows it touched. */
  affected(query: Query<WriteResult>): number;
}

/** An operation that only reads (SELECTs). */
export type ReadOp<T> = (x: Reader) => T;
/** An operation that writes (and may read too). */
export type WriteOp<T> = (x: Writer) => T;

export function compiled<R>(query: Query<R>): CompiledQuery<R> {
  return 'compile' in query ? query.compile() : query;
}

/** The query `rows()` was given, once checked to be a SELECT. */
export function selectOnly<R>(query: CompiledQuery<R>): CompiledQuery<R> {
  // An INSERT ... RETURNING reads rows but writes: it belongs in affected(), which gives no rows.
  if (query.query.kind !== 'SelectQueryNode') throw new TypeError(`rows() runs SELECTs only, not a ${query.query.kind}`);
  return query;
}

/**
 * A query built and compiled by Kysely once; each call only puts its values into the parameter positions (the
 * hot paths run on every request, and building + compiling the query tree costs more than running it on
 * SQLite). `build` must use each argument as a plain value (no arithmetic or branching on it): it is called
 * once with placeholder objects, and each placeholder's position among the compiled parameters is remembered.
 */
export function prepare<A extends unknown[], R>(build: (...args: A) => Compilable<R>): (...args: A) => CompiledQuery<R> {
  let template: { query: CompiledQuery<R>; slots: { arg: number; value: unknown }[] } | undefined;
  return (...args: A): CompiledQuery<R> => {
    if (!template) {
      const placeholders = args.map((_, i) => Object.freeze({ preparedArgument: i }));
      const query = build(...(placeholders as unknown as A)).compile();
      // arg -1: a constant of the builder's, kept as it is
      const slots = query.parameters.map((p) => ({ arg: placeholders.indexOf(p as (typeof placeholders)[number]), value: p }));
      const unused = placeholders.findIndex((p) => !query.parameters.includes(p));
      if (unused >= 0) throw new Error(`prepare: argument ${unused} is not used as a plain query value`);
      template = { query, slots };
    }
    // A loop and a literal of one shape: this runs for every query of every request.
    const slots = template.slots;
    const parameters = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const slot = slots[i]!;
      parameters[i] = slot.arg >= 0 ? args[slot.arg] : slot.value;
    }
    const { query, queryId, sql } = template.query;
    return { query, queryId, sql, parameters };
  };
}

export interface QueryRunner {
  /** Run a reading operation. */
  read<T>(op: ReadOp<T>): Promise<T>;
  /** Run a writing operation whose statements need not commit together (each is atomic on its own). */
  write<T>(op: WriteOp<T>): Promise<T>;
  /** Run a writing operation whose statements all commit together or not at all. */
  transaction<T>(op: WriteOp<T>): Promise<T>;
  /** Runs whatever writes are still queued (before the database closes); runners that queue nothing omit it. */
  flush?(): void;
}

/** The error a read operation gets when it runs a write (a cast around the types above). */
export function writeInRead(query: CompiledQuery): Error {
  return new TypeError(`A read operation issued a write (${query.sql.slice(0, 40)}...): run it with write()`);
}

/** Thrown through an operation by Replay when it asks for a query whose result is not known yet. */
const SUSPENDED: unique symbol = Symbol('query result pending');

/**
 * The executor of one run of an operation under driveAsync: the queries of earlier runs are answered from their
 * results (the same SQL with the same values in the same order, else the operation is not a function of its
 * results: an error), and the first new one is remembered and suspends the run.
 */
class Replay implements Writer {
  private next = 0;

  /** The query this run stopped at, for the runner to execute. */
  pending: { query: CompiledQuery; writes: boolean } | null = null;

  constructor(
    private readonly done: readonly { query: CompiledQuery; result: QueryResult<unknown> }[],
    private readonly readOnly: boolean,
  ) {}

  rows<R>(query: Query<R>, ..._notAWrite: unknown[]): R[] {
    return this.take(selectOnly(compiled(query)), false).rows as R[];
  }

  affected(query: Query<WriteResult>): number {
    const q = compiled(query);
    if (this.readOnly) throw writeInRead(q);
    return Number(this.take(q, true).numAffectedRows ?? 0n);
  }

  private take(query: CompiledQuery, writes: boolean): QueryResult<unknown> {
    const done = this.done[this.next++];
    if (done) {
      if (!sameQuery(done.query, query)) throw new Error(`A storage operation ran different queries when run again (${query.sql.slice(0, 40)}...)`);
      return done.result;
    }
    this.pending = { query, writes };
    throw SUSPENDED;
  }
}

/** The same SQL with the same values (a value that differs on a rerun would have been answered with another's result). */
function sameQuery(a: CompiledQuery, b: CompiledQuery): boolean {
  if (a.sql !== b.sql || a.parameters.length !== b.parameters.length) return false;
  for (let i = 0; i < a.parameters.length; i++) if (!Object.is(a.parameters[i], b.parameters[i])) return false;
  return true;
}

/**
 * Runs `op` on a driver that answers queries asynchronously: the operation runs until its first query whose
 * result is not known, that query is awaited, and the operation runs again from the start with one more answer,
 * until it returns. Each query is executed once; only the operation's own JavaScript runs again (storage
 * operations run a handful of queries, each a network round trip that costs far more).
 */
export async function driveAsync<T>(
  op: WriteOp<T>,
  execute: (query: CompiledQuery, writes: boolean) => Promise<QueryResult<unknown>>,
  { readOnly }: { readOnly: boolean },
): Promise<T> {
  const done: { query: CompiledQuery; result: QueryResult<unknown> }[] = [];
  for (;;) {
    const x = new Replay(done, readOnly);
    let value: T;
    try {
      value = op(x);
    } catch (error) {
      const pending = x.pending;
      if (pending === null) throw error;
      if (error !== SUSPENDED) throw new Error('A storage operation caught an error around a query', { cause: error });
      done.push({ query: pending.query, result: await execute(pending.query, pending.writes) });
      continue;
    }
    if (x.pending !== null) throw new Error('A storage operation caught an error around a query and returned');
    return value;
  }
}
