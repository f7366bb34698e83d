// Adapter-specific behaviour the contract suite does not see: choosing the adapter from DATABASE_URL, the SQLite
// file settings, PostgreSQL schema isolation, and that the leaderboard reads come straight off an index.
import { afterAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { sql } from 'kysely';
import { createStorage } from '../src/storage/createStorage';
import { dailyScoresQuery, topScoresQuery } from '../src/storage/leaderboardRepository';
import type { StorageDatabase } from '../src/storage/database';
import { TEST_DATABASE_URL, postgresTarget } from './support/storageTargets';
import { OPAQUE, buy, fakeState } from './support/storageFixtures';

const dir = mkdtempSync(join(tmpdir(), 'drugwars-adapters-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('createStorage', () => {
  it('sqlite:PATH creates the missing directory and a WAL-mode database with foreign keys on', async () => {
    const file = join(dir, 'nested', 'deeper', 'game.db');
    const storage = createStorage(`sqlite:${file}`, OPAQUE);
    try {
      await storage.migrate();
      expect(storage.dialect).toBe('sqlite');
      expect(existsSync(file)).toBe(true);
      const { rows: mode } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(storage.db);
      expect(mode[0]?.journal_mode).toBe('wal');
      const { rows: fk } = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(storage.db);
      expect(fk[0]?.foreign_keys).toBe(1);
    } finally {
      await storage.close();
    }
  });

  it('sqlite: a database the previous server made (2 KB pages) keeps its page size and every game in it', async () => {
    const file = join(dir, 'older-pages.db');
    const older = new BetterSqlite3(file);
    older.pragma('page_size = 2048');
    older.pragma('journal_mode = WAL');
    older.close();
    const id = '00000000-0000-4000-8000-000000000002';
    const now = new Date('2026-11-18T12:00:00Z');
    const first = createStorage(`sqlite:${file}`, OPAQUE);
    await first.migrate();
    await first.sessions.create({ id, playerName: 'p', seed: '1', isSeeded: false, state: fakeState(1) }, now);
    for (let v = 0; v < 20; v++) await first.sessions.append(id, v, buy(1), fakeState(v), now);
    await first.close();
    const reopened = createStorage(`sqlite:${file}`, OPAQUE);
    try {
      await reopened.migrate();
      const { rows: page } = await sql<{ page_size: number }>`pragma page_size`.execute(reopened.db);
      expect(page[0]?.page_size).toBe(2048);
      expect((await reopened.sessions.load(id, new Date(0)))?.version).toBe(20);
      expect(await reopened.sessions.actions(id)).toHaveLength(20);
    } finally {
      await reopened.close();
    }
  });

  it('sqlite: checkpoints happen off the event loop, and a closed database keeps every commit with no WAL left', async () => {
    const file = join(dir, 'checkpoint.db');
    const storage = createStorage(`sqlite:${file}`, OPAQUE);
    await storage.migrate();
    const { rows: auto } = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(storage.db);
    expect(auto[0]?.wal_autocheckpoint).toBe(0);
    const id = '00000000-0000-4000-8000-000000000001';
    const now = new Date('2026-11-18T12:00:00Z');
    await storage.sessions.create({ id, playerName: 'w', seed: '1', isSeeded: false, state: fakeState(1) }, now);
    for (let v = 0; v < 50; v++) await storage.sessions.append(id, v, buy(1), fakeState(v), now);
    await storage.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    const reopened = createStorage(`sqlite:${file}`, OPAQUE);
    try {
      expect((await reopened.sessions.load(id, new Date(0)))?.version).toBe(50);
      expect(await reopened.sessions.actions(id)).toHaveLength(50);
    } finally {
      await reopened.close();
    }
  });

  it('sqlite: several storages migrating one new file at the same time apply each migration once', async () => {
    // Each storage has its own connection, as separate server processes do; their migrations interleave on the
    // event loop, which without a cross-connection lock made all but one fail with 'table ... already exists'.
    const file = join(dir, 'together.db');
    const storages = [1, 2, 3].map(() => createStorage(`sqlite:${file}`, OPAQUE));
    try {
      await Promise.all(storages.map((s) => s.migrate()));
      const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(storages[0]!.db);
      expect(rows.map((r) => r.name)).toEqual([...new Set(rows.map((r) => r.name))]);
      expect(rows.length).toBeGreaterThan(0);
      const now = new Date('2026-11-18T12:00:00Z');
      const id = '00000000-0000-4000-8000-000000000002';
      await storages[1]!.sessions.create({ id, playerName: 'w', seed: '1', isSeeded: false, state: fakeState(1) }, now);
      expect((await storages[2]!.sessions.load(id, new Date(0)))?.version).toBe(0);
    } finally {
      await Promise.all(storages.map((s) => s.close()));
    }
  });

  it('sqlite:///absolute/path is the absolute path', async () => {
    const file = join(dir, 'abs.db');
    const storage = createStorage(`sqlite://${file}`);
    try {
      await storage.migrate();
      expect(existsSync(file)).toBe(true);
    } finally {
      await storage.close();
    }
  });

  it('refuses other URLs without echoing a password', () => {
    expect(() => createStorage('mysql://root:hunter2@db/x')).toThrow(/Unsupported DATABASE_URL/);
    expect(() => createStorage('mysql://root:hunter2@db/x')).not.toThrow(/hunter2/);
    expect(() => createStorage('sqlite:')).toThrow(/needs a file path/);
    expect(() => createStorage('postgres://u@h/db?schema=Bad-Name;drop')).toThrow(/Invalid PostgreSQL schema name/);
  });
});

describe('StorageDatabase', () => {
  it('reads take SELECTs only: a write outside a transaction does not compile', () => {
    // Never called: the checks are the @ts-expect-error lines, which fail the typecheck if they stop being errors.
    const misuse = (database: StorageDatabase) => {
      // @ts-expect-error no insertInto on a reader
      void database.read.insertInto('tracking');
      // @ts-expect-error no updateTable on a reader
      void database.read.updateTable('sessions');
      // @ts-expect-error no deleteFrom on a reader
      void database.read.deleteFrom('sessions');
      void database.transaction((trx) => trx.deleteFrom('tracking').execute());
    };
    expect(typeof misuse).toBe('function');
  });
});

describe('leaderboard query plans [sqlite]', () => {
  it('every period and the Daily Run read their top entries from an index, without sorting', async () => {
    const storage = createStorage(`sqlite:${join(dir, 'plans.db')}`);
    try {
      await storage.migrate();
      const now = new Date('2026-11-18T12:00:00Z');
      for (const period of ['today', 'week', 'month', 'all'] as const) {
        const compiled = topScoresQuery(storage.db, period, 100, now).compile();
        const plan = await storage.db.executeQuery<{ detail: string }>({
          ...compiled,
          sql: `explain query plan ${compiled.sql}`,
        });
        const details = plan.rows.map((r) => r.detail).join(' | ');
        const index = `leaderboard_board_${period === 'today' ? 'day' : period}_idx`;
        expect(details).toContain(index);
        expect(details).not.toMatch(/TEMP B-TREE/);
      }
      const daily = dailyScoresQuery(storage.db, '2026-11-18', 100).compile();
      const plan = await storage.db.executeQuery<{ detail: string }>({ ...daily, sql: `explain query plan ${daily.sql}` });
      const details = plan.rows.map((r) => r.detail).join(' | ');
      expect(details).toContain('leaderboard_daily_idx');
      expect(details).not.toMatch(/TEMP B-TREE/);
    } finally {
      await storage.close();
    }
  });
});

describe.skipIf(!TEST_DATABASE_URL)('postgres schema isolation', () => {
  it('keeps every table, and the migration bookkeeping, in the schema named by ?schema=', async () => {
    const target = postgresTarget(TEST_DATABASE_URL ?? '');
    const url = await target.freshUrl();
    const schema = new URL(url).searchParams.get('schema') ?? '';
    const storage = createStorage(url);
    try {
      await storage.migrate();
      const tables = await storage.db.introspection.getTables({ withInternalKyselyTables: true });
      const ours = tables.filter((t) => t.schema === schema).map((t) => t.name).sort();
      expect(ours).toEqual([
        'actions',
        'idempotency_keys',
        'kysely_migration',
        'kysely_migration_lock',
        'leaderboard',
        'session_snapshots',
        'sessions',
        'settings',
        'tracking',
      ]);
      // A second storage on the same schema sees the migrations as done.
      const again = createStorage(url);
      await again.migrate();
      await again.close();
    } finally {
      await storage.close();
      await target.cleanup();
    }
  });
});
