// Versioned migrations, in code, run by storage.migrate() through Kysely's Migrator (which records applied
// names in kysely_migration and serialises concurrent runs with a lock row, so two server processes starting
// together on one PostgreSQL apply each migration once). Names sort in order; never edit a shipped migration,
// add a new one.
import { sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';

export type DialectName = 'sqlite' | 'postgres';

function m0001Initial(dialect: DialectName): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('player_name', 'text', (c) => c.notNull())
        .addColumn('seed', 'text', (c) => c.notNull())
        .addColumn('is_seeded', 'integer', (c) => c.notNull())
        .addColumn('state', 'text', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('ended_at', 'bigint')
        .addColumn('score_submitted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // purgeExpired deletes by idle time.
      await db.schema.createIndex('sessions_updated_at_idx').on('sessions').column('updated_at').execute();

      // ON DELETE CASCADE: purging a session removes its log in the same statement, so no concurrent append
      // can slip between "delete the actions" and "delete the session".
      await db.schema
        .createTable('actions')
        .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('actions_pk', ['session_id', 'seq'])
        .execute();

      let leaderboard = db.schema.createTable('leaderboard');
      leaderboard =
        dialect === 'sqlite'
          ? leaderboard.addColumn('id', 'integer', (c) => c.primaryKey())
          : leaderboard.addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity());
      await leaderboard
        .addColumn('session_id', 'text', (c) => c.notNull().unique())
        .addColumn('player_name', 'text', (c) => c.notNull())
        .addColumn('score', 'bigint', (c) => c.notNull())
        .addColumn('final_day', 'integer', (c) => c.notNull())
        .addColumn('date_achieved', 'bigint', (c) => c.notNull())
        .addColumn('utc_day', 'integer', (c) => c.notNull())
        .addColumn('utc_week', 'integer', (c) => c.notNull())
        .addColumn('utc_month', 'integer', (c) => c.notNull())
        .execute();
      // Top-100 stays fast with millions of rows because every query is answered by reading the first 100
      // entries of one index, in order, with no sort:
      // - all time: ORDER BY score DESC, date_achieved, id  -> (score DESC, date_achieved, id)
      // - a period: WHERE utc_X = current bucket ORDER BY ... -> (utc_X, score DESC, date_achieved, id)
      // A plain (date_achieved, score DESC) index would have to read and sort every row of the month to find
      // its top 100; the bucket columns (written once at insert) turn "since the 1st 00:00 UTC" into an
      // equality so the score order inside the bucket comes straight from the index. Ties go to whoever got
      // there first. Four small indexes cost little: a row is inserted once per finished game.
      await db.schema
        .createIndex('leaderboard_all_idx')
        .on('leaderboard')
        .columns(['score desc', 'date_achieved', 'id'])
        .execute();
      for (const bucket of ['utc_day', 'utc_week', 'utc_month'] as const) {
        await db.schema
          .createIndex(`leaderboard_${bucket}_idx`)
          .on('leaderboard')
          .columns([bucket, 'score desc', 'date_achieved', 'id'])
          .execute();
      }

      let tracking = db.schema.createTable('tracking');
      tracking =
        dialect === 'sqlite'
          ? tracking.addColumn('id', 'integer', (c) => c.primaryKey())
          : tracking.addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity());
      await tracking
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('visitor_id', 'text')
        .addColumn('session_id', 'text')
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('tracking_created_at_idx').on('tracking').column('created_at').execute();
    },
  };
}

/**
 * Snapshots: the state moves out of the sessions row into session_snapshots, as the state after action
 * `snapshot_version`, written every few actions rather than after each one (SNAPSHOT_EVERY in kyselyStorage.ts);
 * load rolls it forward over the later actions. The sessions row, read and updated on every request, stays a few
 * dozen bytes: in SQLite a row is rewritten whole by any UPDATE, and columns stored after a 50 KB value are only
 * reached through its overflow pages. Existing sessions keep their state as a snapshot at their version.
 */
function m0002SessionSnapshots(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable('session_snapshots')
        .addColumn('session_id', 'text', (c) => c.primaryKey().references('sessions.id').onDelete('cascade'))
        .addColumn('snapshot_version', 'integer', (c) => c.notNull())
        .addColumn('snapshot', 'text', (c) => c.notNull())
        .execute();
      await sql`insert into session_snapshots (session_id, snapshot_version, snapshot) select id, version, state from sessions`.execute(
        db,
      );
      await db.schema.alterTable('sessions').dropColumn('state').execute();
    },
  };
}

/**
 * Request limits and safe retries: `sessions.day_start_version` (where today's actions start, for the per-day
 * action cap) and `idempotency_keys` (the Idempotency-Key of each keyed state change, written in the same
 * transaction as the change; the primary key makes a key count once per session, on any number of processes).
 */
function m0003RequestLimits(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .alterTable('sessions')
        .addColumn('day_start_version', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createTable('idempotency_keys')
        .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
        .addColumn('key', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('idempotency_keys_pk', ['session_id', 'key'])
        .execute();
    },
  };
}

export class CodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}

  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve({
      '0001_initial': m0001Initial(this.dialect),
      '0002_session_snapshots': m0002SessionSnapshots(),
      '0003_request_limits': m0003RequestLimits(),
    });
  }
}
