import type { FastifyRequest } from 'fastify';
import { SESSION_HEADER, VISITOR_HEADER } from '@drugwars/protocol';
import { isVisitorId } from '../services/entryView';

/** The x-session-id header, or undefined (a repeated header is not a session id). */
export function sessionIdOf(request: FastifyRequest): string | undefined {
  const value = request.headers[SESSION_HEADER];
  return typeof value === 'string' ? value : undefined;
}

/** The x-visitor-id header when it holds a visitor id, else undefined (it only ever widens what one may see). */
export function visitorIdOf(request: FastifyRequest): string | undefined {
  const value = request.headers[VISITOR_HEADER];
  return typeof value === 'string' && isVisitorId(value) ? value : undefined;
}
