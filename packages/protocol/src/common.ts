// Shapes shared by every route: the failure body, the session header, small reusable fields.
import { Type, type Static, type TSchema } from 'typebox';

export const SESSION_HEADER = 'x-session-id';

/** Every failure: `error` and `message` carry the same player-readable sentence. */
export const ErrorResponseSchema = Type.Object({
  success: Type.Literal(false),
  code: Type.String(),
  error: Type.String(),
  message: Type.String(),
});
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

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
  NOT_FOUND: 'NOT_FOUND',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  CONFLICT: 'CONFLICT',
  SEEDED_GAME: 'SEEDED_GAME',
  GAME_NOT_OVER: 'GAME_NOT_OVER',
  ALREADY_SUBMITTED: 'ALREADY_SUBMITTED',
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
} as const;
export type ApiErrorCode = (typeof ApiErrorCode)[keyof typeof ApiErrorCode];

export const SESSION_NOT_FOUND_MESSAGE = 'Session not found or expired';

/**
 * The session header. Optional in the schema on purpose: a missing id is answered like an unknown one,
 * 404 SESSION_NOT_FOUND, which is what the web client reacts to.
 */
export const SessionHeadersSchema = Type.Object({
  [SESSION_HEADER]: Type.Optional(Type.String({ maxLength: 200, description: 'Game session id (UUID)' })),
});
export type SessionHeaders = Static<typeof SessionHeadersSchema>;

/** Largest amount or quantity a request may carry (whole dollars / units). */
export const MAX_REQUEST_NUMBER = 1_000_000_000_000;

/** A positive whole number of dollars or units. */
export const PositiveInt = (description: string) =>
  Type.Integer({ minimum: 1, maximum: MAX_REQUEST_NUMBER, description });

/** A catalogue or location id. */
export const Id = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });

/** `{ success: true, ...fields }` */
export const Success = <T extends Record<string, TSchema>>(fields: T) =>
  Type.Object({ success: Type.Literal(true), ...fields });
