// Shapes shared by every route: the failure body, the session header, small reusable fields.
import { Type, type Static, type TSchema } from 'typebox';
import { IDEMPOTENCY_KEY_HEADER, MAX_IDEMPOTENCY_KEY_LENGTH, SESSION_HEADER, STATE_VERSION_HEADER } from './constants';

/** Every failure: `error` and `message` carry the same player-readable sentence. */
export const ErrorResponseSchema = Type.Object({
  success: Type.Literal(false),
  code: Type.String(),
  error: Type.String(),
  message: Type.String(),
});
export type ErrorResponse = Static<typeof ErrorResponseSchema>;

/**
 * The session header. Optional in the schema on purpose: a missing id is answered like an unknown one,
 * 404 SESSION_NOT_FOUND, which is what the web client reacts to.
 */
export const SessionHeadersSchema = Type.Object({
  [SESSION_HEADER]: Type.Optional(Type.String({ maxLength: 200, description: 'Game session id (UUID)' })),
  [IDEMPOTENCY_KEY_HEADER]: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: MAX_IDEMPOTENCY_KEY_LENGTH,
      pattern: '^[\\x21-\\x7e]+$',
      description: 'Any 1-128 visible ASCII characters, fresh per player action: a retry with the same key returns the first reply',
    }),
  ),
  [STATE_VERSION_HEADER]: Type.Optional(
    Type.String({
      pattern: '^(0|[1-9][0-9]{0,14})$',
      description:
        "The version of the game the client holds (a reply's `version`): a move made on it answers only what changed (`changedSince`)",
    }),
  ),
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
