// Whether an operation writes is part of its type (queryRunner.ts): a read operation cannot yield a write, which
// the compiler refuses and, for an operation cast around the types, each runner refuses at run time with nothing
// written.
import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '../src/storage/schema';
import { affected, rows, type QueryRunner, type ReadOp } from '../src/storage/queryRunner';
import { describeEachStorage, openFreshStorage } from './support/storageTargets';

const NOW = new Date('2026-11-24T12:00:00Z');

describe('operation types', () => {
  it('refuse a write in a read operation and a write query in rows() at compile time', () => {
    // Never called: the checks are the @ts-expect-error lines, which fail the typecheck if they stop being errors.
    const misuse = (db: Kysely<Database>, runner: QueryRunner) => {
      // @ts-expect-error a read operation cannot yield a write step
      void runner.read(function* () {
        yield* affected(db.deleteFrom('tracking'));
      });
      void runner.read(function* () {
        // @ts-expect-error rows() takes SELECTs only
        yield* rows(db.deleteFrom('tracking'));
      });
    };
    expect(typeof misuse).toBe('function');
  });
});

describeEachStorage('query runner', (target) => {
  it('a read operation that yields a write is refused and writes nothing', async () => {
    const { storage } = await openFreshStorage(target);
    try {
      await storage.track('event', 'v1', null, { n: 1 }, NOW);
      const db = storage.db;
      const sneaky = function* () {
        yield* affected(db.deleteFrom('tracking'));
      } as unknown as () => ReadOp<void>;
      await expect(storage.runner.read(sneaky)).rejects.toThrow(/read operation issued a write/);
      const count = await storage.runner.read(function* () {
        return yield* rows(db.selectFrom('tracking').select('id'));
      });
      expect(count).toHaveLength(1);
    } finally {
      await storage.close();
    }
  });

  it('rows() refuses an INSERT ... RETURNING (it writes)', async () => {
    const { storage } = await openFreshStorage(target);
    try {
      const db = storage.db;
      const op = function* () {
        return yield* rows(
          db.insertInto('tracking').values({ kind: 'event', visitor_id: null, session_id: null, payload: '{}', created_at: 0 }).returning('id'),
        );
      };
      await expect(storage.runner.read(op)).rejects.toThrow(/SELECTs only/);
    } finally {
      await storage.close();
    }
  });
});
