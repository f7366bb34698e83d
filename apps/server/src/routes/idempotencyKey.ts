import type { FastifyRequest } from 'fastify';
import { IDEMPOTENCY_KEY_HEADER } from '@drugwars/protocol';

/** The Idempotency-Key header (checked by the route schema), or undefined; a repeated header is not a key. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const value = request.headers[IDEMPOTENCY_KEY_HEADER];
  return typeof value === 'string' ? value : undefined;
}
