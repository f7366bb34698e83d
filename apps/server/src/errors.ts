// Every failure leaves the server as { success: false, code, error, message } (DESIGN.md section 3), with
// `error` and `message` the same player-readable sentence, and never with a stack trace.
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiErrorCode, SESSION_NOT_FOUND_MESSAGE, type ErrorResponse } from '@drugwars/protocol';
import { OLDER_RULES_MESSAGE, type RuleError } from '@drugwars/engine';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const sessionNotFound = () => new ApiError(404, ApiErrorCode.SESSION_NOT_FOUND, SESSION_NOT_FOUND_MESSAGE);

/** Too many calls at once on one game: more queued in this process than it keeps, or another process kept winning. */
export const tooManyMoves = () => new ApiError(409, ApiErrorCode.CONFLICT, 'Too many moves at once on this game. Please try again.');

export const idempotencyKeyReused = () =>
  new ApiError(422, ApiErrorCode.IDEMPOTENCY_KEY_REUSED, 'This Idempotency-Key was already used for a different request.');

export const auditFailure = () =>
  new ApiError(403, ApiErrorCode.AUDIT_FAILURE, "Your game failed record audits. Some kinda bug, or you're a cheater.");

/** A game started under rules this engine no longer plays: closed, never called a cheater (DESIGN.md section 8). */
export const rulesChanged = () => new ApiError(410, ApiErrorCode.RULES_CHANGED, OLDER_RULES_MESSAGE);

/** A rule the engine refused: 409 when the state machine forbids the action now, else 400. */
export function fromRuleError(error: RuleError): ApiError {
  return new ApiError(error.code === 'ACTION_NOT_ALLOWED' ? 409 : 400, error.code, error.message);
}

export function errorBody(code: string, message: string): ErrorResponse {
  return { success: false, code, error: message, message };
}

export function sendError(reply: FastifyReply, statusCode: number, code: string, message: string): FastifyReply {
  return reply.status(statusCode).send(errorBody(code, message));
}

const INTERNAL_MESSAGE = 'Something went wrong on the server. Please try again.';

/** Maps anything thrown while handling a request to the JSON failure body (the app's error handler). */
export function handleError(error: FastifyError | ApiError | Error, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof ApiError) return sendError(reply, error.statusCode, error.code, error.message);

  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    // The message was already turned into a sentence by describeValidationErrors (schemaErrorFormatter).
    return sendError(reply, 400, ApiErrorCode.INVALID_INPUT, fastifyError.message);
  }
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) {
    return sendError(reply, 429, ApiErrorCode.RATE_LIMITED, 'Too many requests. Slow down and try again in a minute.');
  }
  if (status === 413) {
    return sendError(reply, 413, ApiErrorCode.PAYLOAD_TOO_LARGE, 'The request is too large.');
  }
  if (status === 415) {
    return sendError(reply, 415, ApiErrorCode.INVALID_INPUT, 'Send the request body as JSON (content-type application/json).');
  }
  if (status >= 400 && status < 500) {
    request.log.debug({ err: error }, 'client error');
    return sendError(reply, status, ApiErrorCode.INVALID_INPUT, clientErrorSentence(fastifyError));
  }
  request.log.error({ err: error }, 'unhandled error');
  return sendError(reply, 500, ApiErrorCode.INTERNAL_ERROR, INTERNAL_MESSAGE);
}

function clientErrorSentence(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'The request body is not valid JSON.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty.';
    default:
      return 'The request could not be understood.';
  }
}

// ---------- schema failures as sentences ----------

export interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

const TYPE_WORDS: Record<string, string> = {
  integer: 'a whole number',
  number: 'a number',
  string: 'text',
  boolean: 'true or false',
  object: 'an object',
  array: 'a list',
  null: 'null',
};

/** One readable sentence for the first field that failed its schema, e.g. "quantity must be a whole number." */
export function describeValidationErrors(errors: readonly SchemaError[], context: string): string {
  const first = errors[0];
  if (!first) return `The ${context} is not valid.`;
  const path = first.instancePath;
  const atPath = errors.filter((e) => e.instancePath === path);
  const field = path ? path.slice(1).replace(/\//g, '.') : context === 'body' ? 'The request body' : `The ${context}`;

  const required = atPath.find((e) => e.keyword === 'required');
  if (required) {
    const props = (required.params.requiredProperties as string[] | undefined) ?? [];
    return `Missing required field${props.length === 1 ? '' : 's'}: ${props.join(', ')}.`;
  }
  const constants = atPath.filter((e) => e.keyword === 'const').map((e) => JSON.stringify(e.params.allowedValue));
  if (constants.length > 0 && atPath.every((e) => e.keyword === 'const' || e.keyword === 'anyOf')) {
    return constants.length === 1 ? `${field} must be ${constants[0]}.` : `${field} must be one of ${constants.join(', ')}.`;
  }
  const types = atPath.filter((e) => e.keyword === 'type').map((e) => TYPE_WORDS[String(e.params.type)] ?? String(e.params.type));
  if (types.length > 0 && atPath.every((e) => e.keyword === 'type' || e.keyword === 'anyOf')) {
    return `${field} must be ${[...new Set(types)].join(' or ')}.`;
  }
  const rule = atPath.find((e) => e.keyword !== 'anyOf') ?? first;
  const limit = rule.params.limit ?? rule.params.comparableValue;
  switch (rule.keyword) {
    case 'minimum':
      return `${field} must be at least ${String(limit)}.`;
    case 'maximum':
      return `${field} must be at most ${String(limit)}.`;
    case 'minLength':
      return Number(limit) <= 1 ? `${field} cannot be empty.` : `${field} must be at least ${String(limit)} characters.`;
    case 'maxLength':
      return `${field} must be at most ${String(limit)} characters.`;
    case 'maxItems':
      return `${field} must have at most ${String(limit)} items.`;
    case 'minItems':
      return `${field} must have at least ${String(limit)} items.`;
    case 'pattern':
    case 'format':
      return `${field} has an invalid format.`;
    case 'type':
      return `${field} must be ${TYPE_WORDS[String(rule.params.type)] ?? String(rule.params.type)}.`;
    default:
      return `${field} is not valid.`;
  }
}
