// Versioned migrations, in code, run by storage.migrate() through Kysely's Migrator (which records applied
// names in kysely_migration and serialises concurrent runs with a lock row, so two server processes starting
// together on one PostgreSQL apply each migration once). Names sort in order; never edit a shipped migration,
// add a new one.
import { rulesVersionOf } from '@drugwars/engine';
import { Migrator, sql, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Database } from './schema';

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
 * `snapshot_version`, written every few actions rather than after each one (SNAPSHOT_EVERY in sessionRepository.ts);
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

/** The board index of the Most Wanted List's views and of the Daily Run: (board, [bucket], score order). */
const BOARD_INDEXES = [
  ['leaderboard_board_all_idx', ['board', 'score desc', 'date_achieved', 'id']],
  ['leaderboard_board_day_idx', ['board', 'utc_day', 'score desc', 'date_achieved', 'id']],
  ['leaderboard_board_week_idx', ['board', 'utc_week', 'score desc', 'date_achieved', 'id']],
  ['leaderboard_board_month_idx', ['board', 'utc_month', 'score desc', 'date_achieved', 'id']],
  ['leaderboard_daily_idx', ['board', 'daily_date', 'score desc', 'date_achieved', 'id']],
] as const;

/**
 * Daily Runs and replays. Sessions record a Daily Run's date and visitor; entries record their board ('ranked',
 * 'daily' or 'practice'), the Daily Run's date and visitor, the rules version (replays need it), and whether and
 * how the game ended in death. Every board read stays one ordered index read: the period indexes of 0001 gain
 * `board` in front (a Daily Run never shows on the Most Wanted List), and the Daily Run has its own. A partial
 * unique index allows one 'daily' entry per visitor and day. `settings` keeps the generated Daily Run secret.
 * Entries already on the list get their rules version and ending from their session's last snapshot, when the
 * session is still stored (without it there is nothing to replay: rules_version stays null).
 */
function m0004DailyRuns(): Migration {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema.alterTable('sessions').addColumn('daily_date', 'text').execute();
      await db.schema.alterTable('sessions').addColumn('visitor_id', 'text').execute();
      const columns: [string, 'text' | 'integer', boolean][] = [
        ['board', 'text', true],
        ['daily_date', 'text', false],
        ['visitor_id', 'text', false],
        ['rules_version', 'integer', false],
        ['died', 'integer', true],
        ['game_over_reason', 'text', false],
      ];
      for (const [name, type, notNull] of columns) {
        await db.schema
          .alterTable('leaderboard')
          .addColumn(name, type, (c) => (notNull ? c.notNull().defaultTo(name === 'board' ? 'ranked' : 0) : c))
          .execute();
      }
      for (const old of ['leaderboard_all_idx', 'leaderboard_utc_day_idx', 'leaderboard_utc_week_idx', 'leaderboard_utc_month_idx']) {
        await db.schema.dropIndex(old).execute();
      }
      for (const [name, indexColumns] of BOARD_INDEXES) {
        await db.schema.createIndex(name).on('leaderboard').columns([...indexColumns]).execute();
      }
      await db.schema
        .createIndex('leaderboard_daily_visitor_idx')
        .on('leaderboard')
        .columns(['daily_date', 'visitor_id'])
        .unique()
        .where(sql.ref('board'), '=', sql.lit('daily'))
        .execute();
      await db.schema
        .createTable('settings')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();
      await backfillEntries(db);
    },
  };
}

/** Rules version and ending of the entries already on the list, read from their sessions' snapshots, in pages. */
async function backfillEntries(db: Kysely<unknown>): Promise<void> {
  const PAGE = 500;
  for (let after = -1; ; ) {
    const { rows } = await sql<{ id: number | string; snapshot: string }>`
      select l.id, s.snapshot from leaderboard l join session_snapshots s on s.session_id = l.session_id
      where l.id > ${after} order by l.id limit ${PAGE}`.execute(db);
    for (const row of rows) {
      let state: { rulesVersion?: unknown; gameOverReason?: unknown; player?: { health?: unknown } };
      try {
        state = JSON.parse(row.snapshot) as typeof state;
      } catch {
        continue;
      }
      const rulesVersion = rulesVersionOf(state);
      const died = typeof state.player?.health === 'number' && state.player.health <= 0 ? 1 : 0;
      const reason = typeof state.gameOverReason === 'string' ? state.gameOverReason : null;
      await sql`update leaderboard set rules_version = ${rulesVersion}, died = ${died}, game_over_reason = ${reason} where id = ${row.id}`.execute(db);
    }
    if (rows.length < PAGE) return;
    after = Number(rows[rows.length - 1]!.id);
  }
}

export class CodeMigrationProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}

  getMigrations(): Promise<Record<string, Migration>> {
    return Promise.resolve({
      '0001_initial': m0001Initial(this.dialect),
      '0002_session_snapshots': m0002SessionSnapshots(),
      '0003_request_limits': m0003RequestLimits(),
      '0004_daily_runs': m0004DailyRuns(),
    });
  }
}

/**
 * Applies every pending migration; with a dedicated PostgreSQL schema the bookkeeping tables live there too (and
 * Migrator creates the schema). A failure names the migration and is thrown (the server does not start).
 */
export async function migrateToLatest(db: Kysely<Database>, dialect: DialectName, schema?: string): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: new CodeMigrationProvider(dialect),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Database migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
  }
}
