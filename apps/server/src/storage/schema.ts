// The one schema source: the typed shape of every table, shared by both adapters and by the migrations.
//
// Choices that hold for SQLite and PostgreSQL alike:
// - Times are integers: milliseconds since the Unix epoch (UTC), `bigint` in PostgreSQL. They compare and index
//   the same way in both databases and never meet a time zone.
// - Money and other quantities are integers (`bigint` in PostgreSQL, parsed back to `number` by the pg adapter).
// - Flags are 0/1 integers: better-sqlite3 cannot bind booleans, and one representation keeps one code path.
// - JSON (game state, actions, tracking payloads) is stored as text: it is written and read whole, never queried
//   inside, so PostgreSQL's jsonb would only add parse cost.
import type { Generated } from 'kysely';

export interface SessionsTable {
  id: string;
  player_name: string;
  /** 16-digit seed; secret for unseeded games. */
  seed: string;
  is_seeded: number;
  /** Number of actions appended so far (the optimistic-concurrency guard). */
  version: number;
  created_at: number;
  updated_at: number;
  ended_at: number | null;
  score_submitted: number;
  /** The version at which the game's current day began (the per-day action cap counts from it; migration 0003). */
  day_start_version: Generated<number>;
  /** A Daily Run's UTC date 'YYYY-MM-DD' (migration 0004), null for other games. */
  daily_date: string | null;
  /** The browser's visitor id of a Daily Run (its first finished game of the day ranks), else null. */
  visitor_id: string | null;
}

/** A session's state every few actions (see SNAPSHOT_EVERY in sessionRepository.ts); one row per session. */
export interface SessionSnapshotsTable {
  session_id: string;
  /** How many of the session's actions `snapshot` includes (at most the session's version). */
  snapshot_version: number;
  /** The engine's GameState as JSON after those actions. */
  snapshot: string;
}

export interface ActionsTable {
  session_id: string;
  /** 1-based position in the session's log; equals the session version after this action. */
  seq: number;
  /** The engine's Action as JSON. */
  action: string;
  created_at: number;
}

/**
 * Idempotency-Key of a state-changing request, stored with the change it made (same transaction), so a retry of
 * that request is answered with the first reply and changes nothing. Deleted with its session.
 */
export interface IdempotencyKeysTable {
  session_id: string;
  key: string;
  /** 'action' (an appended action, at `seq`) or 'end' (the session was ended). */
  kind: string;
  /** The action's position in the log for 'action'; 0 for 'end'. */
  seq: number;
  created_at: number;
}

export interface LeaderboardTable {
  id: Generated<number>;
  session_id: string;
  player_name: string;
  score: number;
  final_day: number;
  date_achieved: number;
  /**
   * Calendar buckets of date_achieved in UTC, written once at insert (see leaderboardPeriods.ts): days since the
   * epoch, the epoch day of the ISO week's Monday, and year * 12 + month index. Each period query is then an
   * equality on one bucket followed by an ordered index read (see the index comment in migrations.ts).
   */
  utc_day: number;
  utc_week: number;
  utc_month: number;
  /** 'ranked' (the Most Wanted List), 'daily' (the Daily Run board of daily_date) or 'practice' (no board). */
  board: string;
  daily_date: string | null;
  visitor_id: string | null;
  /** The rules the game was played under; null for an entry whose log was gone before this was recorded. */
  rules_version: number | null;
  died: number;
  game_over_reason: string | null;
}

/** Server settings that must outlive a restart, such as the generated Daily Run secret in development. */
export interface SettingsTable {
  key: string;
  value: string;
}

export interface TrackingTable {
  id: Generated<number>;
  kind: string;
  visitor_id: string | null;
  session_id: string | null;
  /** Size-limited JSON. */
  payload: string;
  created_at: number;
}

export interface Database {
  sessions: SessionsTable;
  session_snapshots: SessionSnapshotsTable;
  actions: ActionsTable;
  idempotency_keys: IdempotencyKeysTable;
  leaderboard: LeaderboardTable;
  tracking: TrackingTable;
  settings: SettingsTable;
}
