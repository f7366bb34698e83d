// Where storage-backed tests run: always a temporary SQLite file, and PostgreSQL when TEST_DATABASE_URL is set,
// each run in its own freshly created schema that is dropped afterwards (never a blind wipe of the database).
// With CI=true a missing TEST_DATABASE_URL is a failure; locally it is a loud skip.
import { afterAll, describe, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { createStorage, type CreateStorageOptions, type DatabaseStorage } from '../../src/storage/createStorage';

export interface StorageTarget {
  name: 'sqlite' | 'postgres';
  /** A DATABASE_URL for a brand-new empty database/schema (also usable by spawned server processes). */
  freshUrl(): Promise<string>;
  /** Remove everything freshUrl created. */
  cleanup(): Promise<void>;
}

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;
export const IN_CI = process.env.CI === 'true' || process.env.CI === '1';

export function sqliteTarget(): StorageTarget {
  const dirs: string[] = [];
  return {
    name: 'sqlite',
    freshUrl() {
      const dir = mkdtempSync(join(tmpdir(), 'drugwars-storage-'));
      dirs.push(dir);
      return Promise.resolve(`sqlite:${join(dir, 'test.db')}`);
    },
    cleanup() {
      for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
      return Promise.resolve();
    },
  };
}

export function postgresTarget(baseUrl: string): StorageTarget {
  const schemas: string[] = [];
  return {
    name: 'postgres',
    freshUrl() {
      const schema = `dw_test_${process.pid}_${randomBytes(6).toString('hex')}`;
      schemas.push(schema);
      const url = new URL(baseUrl);
      url.searchParams.set('schema', schema);
      return Promise.resolve(url.toString());
    },
    async cleanup() {
      if (schemas.length === 0) return;
      const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: baseUrl, max: 1 }) }) });
      try {
        for (const schema of schemas.splice(0)) await db.schema.dropSchema(schema).ifExists().cascade().execute();
      } finally {
        await db.destroy();
      }
    },
  };
}

/** The targets to run against; the PostgreSQL one is null when not configured (see describePostgres). */
export function storageTargets(): { sqlite: StorageTarget; postgres: StorageTarget | null } {
  return { sqlite: sqliteTarget(), postgres: TEST_DATABASE_URL ? postgresTarget(TEST_DATABASE_URL) : null };
}

/** Opens a migrated storage on a fresh database of `target`, with the URL that reaches that database. */
export async function openFreshStorage(
  target: StorageTarget,
  options: CreateStorageOptions = {},
): Promise<{ storage: DatabaseStorage; url: string }> {
  const url = await target.freshUrl();
  const storage = createStorage(url, options);
  await storage.migrate();
  return { storage, url };
}

/**
 * Declares `suite` once per available target. PostgreSQL without TEST_DATABASE_URL: a failing test under CI,
 * a console warning and a skipped block locally.
 */
export function describeEachStorage(title: string, suite: (target: StorageTarget) => void): void {
  const { sqlite, postgres } = storageTargets();
  describe(`${title} [sqlite]`, () => {
    afterAll(() => sqlite.cleanup());
    suite(sqlite);
  });
  if (postgres) {
    describe(`${title} [postgres]`, () => {
      afterAll(() => postgres.cleanup());
      suite(postgres);
    });
  } else if (IN_CI) {
    describe(`${title} [postgres]`, () => {
      it('has a PostgreSQL to run against (TEST_DATABASE_URL)', () => {
        throw new Error('CI is set but TEST_DATABASE_URL is missing: the PostgreSQL half of this suite cannot run.');
      });
    });
  } else {
    console.warn(`\n*** SKIPPING "${title} [postgres]": TEST_DATABASE_URL is not set (e.g. postgres://postgres@127.0.0.1:5432/test) ***\n`);
    describe.skip(`${title} [postgres] (TEST_DATABASE_URL not set)`, () => {
      it('runs against PostgreSQL', () => {});
    });
  }
}
