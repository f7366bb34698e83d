import type { FastifyRequest } from 'fastify';
import { SESSION_HEADER } from '@drugwars/protocol';

/** The x-session-id header, or undefined (a repeated header is not a session id). */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const value = request.headers[SESSION_HEADER];
  return typeof value === 'string' ? value : undefined;
}
