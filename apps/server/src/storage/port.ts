// The one storage seam of the server (DESIGN.md section 4): one repository per aggregate (a session with its
// action log, the leaderboard, tracking, settings), each written once over Kysely for SQLite and PostgreSQL and
// checked by one contract suite on both (apps/server/test/storageContract.test.ts). Services speak only this.
//
// Notes for callers:
// - `createStorage(DATABASE_URL)` from './createStorage' ('sqlite:./data/drugwars.db' by default, or
//   'postgres://...'), then `await storage.migrate()` once, `close()` at the end.
// - `sessions.load` returns null for unknown, ended or expired ids; `append` answers NOT_FOUND for unknown or
//   ended ones (it does not look at expiry: the caller has just loaded the session).
// - `append` assigns the action the 1-based position `expectedVersion + 1`; `actions` returns them in that order.
// - `sessions.create` rejects (throws) on a duplicate id; random UUIDs make that a non-event.
// - `leaderboard.submit` only checks that the session row exists (ended or not); whether the game is over and
//   unseeded is the service's rule. Boards order by score desc, then earlier date_achieved first.
// - Boards: `submit` files a game on the Most Wanted List ('ranked'), on its day's Daily Run board ('daily': the
//   visitor's first of that day, if `daily.mayRank`), or as 'practice' (on no board, but an entry with an id and
//   a replay). `top` reads only 'ranked' entries, `daily` only 'daily' ones. One 'daily' entry per visitor and day,
//   across processes too (a unique index decides a race).
// - Errors other than the results below (database down, disk full) are thrown as ordinary Errors, except that
//   `load` throws SessionLogError when a session's stored snapshot cannot be rolled forward over its log (rows
//   missing or changed by hand): the service answers that as an audit failure, never as a server error; its
//   subclass OutdatedRulesError (a snapshot of older rules, which the engine cannot roll forward) is answered as a
//   closed game (410 RULES_CHANGED).
// - Treat a loaded `SessionRecord.state` (and the state you pass to append/create) as IMMUTABLE: the session
//   repository keeps recent states in memory and hands the same object to the next load at the same version (see
//   sessionStateCache.ts). The engine never mutates its input; do not mutate a loaded state in services or routes.
import type { Action, GameState } from '@drugwars/engine';

/** A session whose stored snapshot and action log do not fit together (see the caller notes above). */
export class SessionLogError extends Error {
  constructor(
    readonly sessionId: string,
    detail: string,
  ) {
    super(`Session ${sessionId} cannot be rebuilt from its log: ${detail}`);
    this.name = 'SessionLogError';
  }
}

/**
 * A session stored under rules the engine no longer plays (its state records an older rulesVersion): the log
 * cannot be rolled forward. The service closes such a game with a clear message; it is not an audit failure.
 */
export class OutdatedRulesError extends SessionLogError {
  constructor(
    sessionId: string,
    readonly rulesVersion: number,
  ) {
    super(sessionId, `it was stored under rules version ${rulesVersion}`);
    this.name = 'OutdatedRulesError';
  }
}

/** A Daily Run session: the UTC date whose seed it plays and the browser's visitor id that started it. */
export interface DailySession {
  /** 'YYYY-MM-DD' (UTC). */
  date: string;
  visitorId: string;
}

export interface SessionRecord {
  id: string;
  playerName: string;
  /** 16-digit seed (secret for unseeded games, and for a Daily Run until its day is over). */
  seed: string;
  isSeeded: boolean;
  /** Set for a Daily Run, null for other games. */
  daily: DailySession | null;
  state: GameState;
  /** Number of actions appended so far; the optimistic-concurrency guard of append. */
  version: number;
  createdAt: Date;
  /** The last activity (expiry counts from it), to within a minute: an append moves it only once it is that old. */
  updatedAt: Date;
  /** Set by `sessions.end`; an ended session no longer loads. */
  endedAt: Date | null;
  /** Set once the game's score has been recorded on the leaderboard. */
  scoreSubmitted: boolean;
  /** The version at which the game's current day began (0 for day 1): today's actions are version - this. */
  dayStartVersion: number;
}

export interface NewSession {
  id: string;
  playerName: string;
  seed: string;
  isSeeded: boolean;
  state: GameState;
  /** A Daily Run (omitted or null for other games). */
  daily?: DailySession | null;
}

export type AppendResult = { ok: true; version: number } | { ok: false; reason: 'VERSION_CONFLICT' | 'NOT_FOUND' };

export interface AppendOptions {
  /** Stored with the action in the same transaction (see findIdempotencyKey); one use per session. */
  idempotencyKey?: string;
  /** The session's new dayStartVersion; omitted = unchanged. */
  dayStartVersion?: number;
}

/** What an Idempotency-Key was used for: an appended action (at `seq`) or ending the session. */
export type IdempotentChange = { kind: 'action'; seq: number; action: Action } | { kind: 'end' };

/** A slice of a session's log: the actions after `afterSeq`, at most `limit` of them. */
export interface LogPage {
  afterSeq: number;
  limit: number;
}

export type LeaderboardPeriod = 'today' | 'week' | 'month' | 'all';

/** The Most Wanted List, a day's Daily Run board, or no board (a Daily Run played again the same day). */
export type Board = 'ranked' | 'daily' | 'practice';

export interface LeaderboardEntry {
  id: number;
  player_name: string;
  score: number;
  final_day: number;
  /** ISO 8601 timestamp (UTC). */
  date_achieved: string;
  /** The game ended in death. */
  died: boolean;
  gameOverReason: string | null;
  board: Board;
  /** A Daily Run's date ('YYYY-MM-DD'), null for other games. */
  dailyDate: string | null;
  /** The Daily Run's visitor id (never sent to anybody; it tells whose replay it is). */
  visitorId: string | null;
  /** The rules the game was played under; null when unknown (an entry older than replays whose log is gone). */
  rulesVersion: number | null;
}

/** What a finished game files: its score and how it ended; the board follows from `daily`. */
export interface NewScore {
  player_name: string;
  score: number;
  final_day: number;
  died: boolean;
  gameOverReason: string | null;
  rulesVersion: number;
  /** A Daily Run: its date and visitor; mayRank false files it as practice whatever came before (its day is over). */
  daily?: { date: string; visitorId: string; mayRank: boolean } | null;
}

export type SubmitScoreResult =
  | {
      ok: true;
      entry: LeaderboardEntry;
      /** 1-based place on the board it went on (today's Most Wanted List, or its day's Daily Run); null for practice. */
      place: number | null;
      /** 1-based place on the all-time Most Wanted List (a ranked game); null for a Daily Run or practice. */
      allTimePlace: number | null;
    }
  | { ok: false; reason: 'ALREADY_SUBMITTED' | 'NOT_FOUND' };

/** A leaderboard entry with what replaying it takes: its session's start (null when the session is gone). */
export interface EntryWithSession {
  entry: LeaderboardEntry;
  session: { id: string; playerName: string; seed: string; isSeeded: boolean; version: number } | null;
}

export type TrackingKind = 'visitor' | 'pageview' | 'funnel' | 'event';

export interface SessionRepository {
  create(session: NewSession, now: Date): Promise<void>;
  /** The live session, or null when unknown, ended, or idle since before `expiresBefore`. */
  load(id: string, expiresBefore: Date): Promise<SessionRecord | null>;
  /** The actions of a session in order: all of them, or one page (the audit replays a long log page by page). */
  actions(id: string, page?: LogPage): Promise<Action[]>;
  /**
   * Append one action and store the state it produced, in one transaction, only if the session's version
   * is still `expectedVersion` (so two concurrent requests can never both spend the same cash). With an
   * idempotency key already used on this session nothing is written and the result is VERSION_CONFLICT (the
   * caller reloads and finds the key).
   */
  append(
    id: string,
    expectedVersion: number,
    action: Action,
    newState: GameState,
    now: Date,
    options?: AppendOptions,
  ): Promise<AppendResult>;
  /** What `key` was used for on this session (ended or not), or null. */
  findIdempotencyKey(id: string, key: string): Promise<IdempotentChange | null>;
  /** Ends a live session (true), storing `idempotencyKey` with it when given; false when unknown or ended. */
  end(id: string, now: Date, options?: { idempotencyKey?: string }): Promise<boolean>;
  /**
   * Delete sessions (and their actions) idle since before `idleBefore`; returns how many. Sessions with a
   * leaderboard entry are kept: their logs are the entries' replays.
   */
  purgeExpired(idleBefore: Date): Promise<number>;
}

export interface LeaderboardRepository {
  /** Record a finished game's score once per session (the leaderboard is written by the server only). */
  submit(sessionId: string, score: NewScore, now: Date): Promise<SubmitScoreResult>;
  /** Top Most Wanted List entries of a calendar period in UTC (today, ISO week, month) or of all time, best first. */
  top(period: LeaderboardPeriod, limit: number, now: Date): Promise<LeaderboardEntry[]>;
  /** Top Daily Run entries of one UTC date ('YYYY-MM-DD'), best first (practice runs are on no board). */
  daily(date: string, limit: number): Promise<LeaderboardEntry[]>;
  /** One entry by id, with its session's start when the session is still stored; null for an unknown id. */
  entry(id: number): Promise<EntryWithSession | null>;
}

export interface TrackingRepository {
  /** Store one analytics row; payload already size-limited JSON. */
  add(kind: TrackingKind, visitorId: string | null, sessionId: string | null, payload: unknown, now: Date): Promise<void>;
  /** Delete tracking rows created before `createdBefore`; returns how many. */
  purge(createdBefore: Date): Promise<number>;
}

export interface SettingsRepository {
  /**
   * The value stored under `key`, storing `value` first when there is none (the first writer wins, across
   * processes too): how a generated secret outlives a restart.
   */
  getOrCreate(key: string, value: string): Promise<string>;
}

export interface Storage {
  sessions: SessionRepository;
  leaderboard: LeaderboardRepository;
  tracking: TrackingRepository;
  settings: SettingsRepository;
  /** Run pending migrations; called once at start. */
  migrate(): Promise<void>;
  /** Cheap connectivity check for /api/health. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
