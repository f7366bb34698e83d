// Whether an operation writes is part of its type (queryRunner.ts): a read operation cannot run a write, which
// the compiler refuses and, for an operation cast around the types, each runner refuses at run time with nothing
// written. And driveAsync, which runs the one synchronous definition of an operation on an asynchronous driver.
import { describe, expect, it } from 'vitest';
import { Kysely, SqliteDialect, type CompiledQuery, type QueryResult } from 'kysely';
import BetterSqlite3 from 'better-sqlite3';
import type { Database } from '../src/storage/schema';
import { driveAsync, type QueryRunner, type ReadOp } from '../src/storage/queryRunner';
import { describeEachStorage, openFreshStorage } from './support/storageTargets';

const NOW = new Date('2026-11-24T12:00:00Z');

describe('operation types', () => {
  it('refuse a write in a read operation and a write query in rows() at compile time', () => {
    // Never called: the checks are the @ts-expect-error lines, which fail the typecheck if they stop being errors.
    const misuse = (db: Kysely<Database>, runner: QueryRunner) => {
      // @ts-expect-error a read operation has no affected()
      void runner.read((x) => x.affected(db.deleteFrom('tracking')));
      // @ts-expect-error rows() takes SELECTs only
      void runner.read((x) => x.rows(db.deleteFrom('tracking')));
      // @ts-expect-error rows() takes SELECTs only, in a writing operation too
      void runner.write((x) => x.rows(db.updateTable('sessions').set({ version: 1 })));
    };
    expect(typeof misuse).toBe('function');
  });
});

describeEachStorage('query runner', (target) => {
  it('a read operation that runs a write is refused and writes nothing', async () => {
    const { storage } = await openFreshStorage(target);
    try {
      await storage.track('event', 'v1', null, { n: 1 }, NOW);
      const db = storage.db;
      const sneaky = ((x: { affected(q: unknown): number }) => {
        x.affected(db.deleteFrom('tracking'));
      }) as unknown as ReadOp<void>;
      await expect(storage.runner.read(sneaky)).rejects.toThrow(/read operation issued a write/);
      const count = await storage.runner.read((x) => x.rows(db.selectFrom('tracking').select('id')));
      expect(count).toHaveLength(1);
    } finally {
      await storage.close();
    }
  });

  it('rows() refuses an INSERT ... RETURNING (it writes)', async () => {
    const { storage } = await openFreshStorage(target);
    try {
      const db = storage.db;
      const op = (x: { rows(q: unknown): unknown[] }) =>
        x.rows(db.insertInto('tracking').values({ kind: 'event', visitor_id: null, session_id: null, payload: '{}', created_at: 0 }).returning('id'));
      await expect(storage.runner.read(op as ReadOp<unknown[]>)).rejects.toThrow(/SELECTs only/);
    } finally {
      await storage.close();
    }
  });
});

describe('driveAsync', () => {
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
  const versionOf = (id: string) => db.selectFrom('sessions').select('version').where('id', '=', id);
  const bump = (id: string) => db.updateTable('sessions').set({ version: 2 }).where('id', '=', id);

  /** A driver that answers from a script and records what it was asked, as a database would, asynchronously. */
  function driver(answers: QueryResult<unknown>[]) {
    const asked: { sql: string; parameters: readonly unknown[]; writes: boolean }[] = [];
    const execute = async (query: CompiledQuery, writes: boolean) => {
      asked.push({ sql: query.sql, parameters: query.parameters, writes });
      await new Promise((resolve) => setImmediate(resolve));
      const answer = answers.shift();
      if (!answer) throw new Error('asked more than scripted');
      return answer;
    };
    return { asked, execute };
  }

  it('executes each query once, in order, and hands each result to the operation that branches on it', async () => {
    const { asked, execute } = driver([{ rows: [{ version: 1 }] }, { rows: [], numAffectedRows: 1n }, { rows: [{ version: 2 }] }]);
    let runs = 0;
    const result = await driveAsync(
      (x) => {
        runs += 1;
        const [before] = x.rows(versionOf('a'));
        const changed = before?.version === 1 ? x.affected(bump('a')) : -1;
        const [after] = x.rows(versionOf('a'));
        return { before: before?.version, changed, after: after?.version };
      },
      execute,
      { readOnly: false },
    );
    expect(result).toEqual({ before: 1, changed: 1, after: 2 });
    expect(asked.map((a) => [a.writes, a.parameters])).toEqual([
      [false, ['a']],
      [true, [2, 'a']],
      [false, ['a']],
    ]);
    expect(runs).toBe(4); // once per query, then once to the end
  });

  it("passes the operation's own error through, and its query results are not asked for again", async () => {
    const { asked, execute } = driver([{ rows: [] }]);
    const failing = driveAsync(
      (x) => {
        if (x.rows(versionOf('gone')).length === 0) throw new RangeError('no such session');
        return 1;
      },
      execute,
      { readOnly: true },
    );
    await expect(failing).rejects.toThrow(RangeError);
    expect(asked).toHaveLength(1);
  });

  it('refuses an operation that runs other queries when run again (not a function of its results)', async () => {
    const { execute } = driver([{ rows: [] }, { rows: [] }]);
    let runs = 0;
    const fickle = driveAsync(
      (x) => {
        runs += 1;
        x.rows(versionOf('a'));
        return x.rows(runs <= 2 ? versionOf('a') : db.selectFrom('settings').select('value'));
      },
      execute,
      { readOnly: true },
    );
    await expect(fickle).rejects.toThrow(/different queries when run again/);
  });

  it('refuses an operation whose query has other values when run again (same SQL)', async () => {
    const { asked, execute } = driver([{ rows: [{ version: 1 }] }, { rows: [] }]);
    let runs = 0;
    const fickle = driveAsync(
      (x) => {
        runs += 1;
        const [first] = x.rows(versionOf(runs === 1 ? 'a' : 'b'));
        return [first, x.rows(versionOf('c'))];
      },
      execute,
      { readOnly: true },
    );
    await expect(fickle).rejects.toThrow(/different queries when run again/);
    expect(asked.map((a) => a.parameters)).toEqual([['a']]); // 'b' was never answered with 'a''s rows
  });

  it('refuses an operation that catches the suspension around a query', async () => {
    const { execute } = driver([]);
    const swallowing = driveAsync(
      (x) => {
        try {
          return x.rows(versionOf('a')).length;
        } catch {
          return -1;
        }
      },
      execute,
      { readOnly: true },
    );
    await expect(swallowing).rejects.toThrow(/caught an error around a query/);
  });

  it('refuses a write in a read operation before it reaches the driver', async () => {
    const { asked, execute } = driver([]);
    const sneaky = ((x: { affected(q: unknown): number }) => x.affected(bump('a'))) as unknown as ReadOp<number>;
    await expect(driveAsync(sneaky, execute, { readOnly: true })).rejects.toThrow(/read operation issued a write/);
    expect(asked).toHaveLength(0);
  });
});
