// prepare(): a query compiled once must behave exactly like building it afresh with the same values.
import { afterAll, describe, expect, it } from 'vitest';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from '../src/storage/schema';
import { prepare } from '../src/storage/queryRunner';

const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new BetterSqlite3(':memory:') }) });
afterAll(() => db.destroy());

const build = (id: string, version: number, name: string) =>
  db
    .updateTable('sessions')
    .set({ player_name: name, version, score_submitted: 0 })
    .where('id', '=', id)
    .where('version', '<', version)
    .where('ended_at', 'is', null);

describe('prepare', () => {
  it('gives the same SQL and parameters as a fresh compile, call after call (constants kept in place)', () => {
    const prepared = prepare(build);
    for (const [id, version, name] of [
      ['a', 1, '{"x":1}'],
      ['b', 0, '{}'],
      ['c', 1, '1'], // values equal to each other and to the constant 0/1 must not be confused
    ] as const) {
      const fresh = build(id, version, name).compile();
      const bound = prepared(id, version, name);
      expect(bound.sql).toBe(fresh.sql);
      expect(bound.parameters).toEqual(fresh.parameters);
    }
  });

  it('refuses a builder that computes with an argument instead of using it as a value', () => {
    const computed = prepare((version: number) =>
      db.selectFrom('sessions').select('id').where('version', '=', 1).limit(10).offset(0).where('id', '=', `x${version}`),
    );
    expect(() => computed(3)).toThrow(/argument 0 is not used as a plain query value/);
  });
});
