// The plain values of the wire: the session header's name, the error codes the server itself produces and the
// fixed failure sentences. No schema in sight, so the web client imports them (`@drugwars/protocol/constants`)
// without bundling TypeBox.

export const SESSION_HEADER = 'x-session-id';
/**
 * Optional on every state-changing game call: the same key on the same session returns the first reply and changes
 * nothing (a client sends a fresh key per player action and the same key when it retries that action).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const MAX_IDEMPOTENCY_KEY_LENGTH = 128;

/**
 * Optional on every move: the version of the game the client holds (the `version` of the last reply that gave it a
 * state). When the move is made on that very version, its reply carries only what the move changed (`changedSince`
 * says so); otherwise the whole state. GET /api/game/state takes the same version as If-None-Match (its ETag) and
 * answers 304 Not Modified when the game is still at it.
 */
export const STATE_VERSION_HEADER = 'x-state-version';

/**
 * The browser's anonymous visitor id, sent by the calls that read a board or a replay: it lets a player watch
 * their own Daily Run replay before the day is over (nobody else can until then).
 */
export const VISITOR_HEADER = 'x-visitor-id';

/** Error codes the server itself produces (the engine's RuleErrorCode values come on top). */
export const ApiErrorCode = {
  INVALID_INPUT: 'INVALID_INPUT',
  INVALID_PLAYER_NAME: 'INVALID_PLAYER_NAME',
  INVALID_SEED: 'INVALID_SEED',
  SESSION_NOT_FOUND: 'SESSION_NOT_FOUND',
  ACTION_NOT_ALLOWED: 'ACTION_NOT_ALLOWED',
  AUDIT_FAILURE: 'AUDIT_FAILURE',
  /** 410: the game was started under rules this server no longer plays (engine OLDER_RULES_MESSAGE). */
  RULES_CHANGED: 'RULES_CHANGED',
  RATE_LIMITED: 'RATE_LIMITED',
  /** 401: /api/metrics without its bearer token. */
  UNAUTHORIZED: 'UNAUTHORIZED',
  NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  CONFLICT: 'CONFLICT',
  /** 409: the game reached its cap of actions per game day or per game (an abuse limit, far above real play). */
  ACTION_LIMIT: 'ACTION_LIMIT',
  /** 422: an Idempotency-Key already used on this session for a different request. */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  SEEDED_GAME: 'SEEDED_GAME',
  GAME_NOT_OVER: 'GAME_NOT_OVER',
  ALREADY_SUBMITTED: 'ALREADY_SUBMITTED',
  /** 404: no leaderboard entry has this id. */
  ENTRY_NOT_FOUND: 'ENTRY_NOT_FOUND',
  /** 404: the entry exists but its replay can't be shown (older rules, log gone, or a Daily Run still running). */
  REPLAY_UNAVAILABLE: 'REPLAY_UNAVAILABLE',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ApiErrorCode = (typeof ApiErrorCode)[keyof typeof ApiErrorCode];

/** The `error`/`message` of every 404 SESSION_NOT_FOUND (missing, unknown or expired session id). */
export const SESSION_NOT_FOUND_MESSAGE = 'Session not found or expired';
