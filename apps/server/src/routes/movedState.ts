import type { FastifyRequest } from 'fastify';
import { clientStateChange, toClientView, type ClientGameState, type ClientStateChange } from '@drugwars/engine';
import { STATE_VERSION_HEADER } from '@drugwars/protocol';
import type { Move } from '../services/gameSessions';

/** The x-state-version header (its digits are checked by the route schema) as a number, or undefined. */
function stateVersionOf(request: FastifyRequest): number | undefined {
  const value = request.headers[STATE_VERSION_HEADER];
  return typeof value === 'string' ? Number(value) : undefined;
}

/**
 * A move's version and game state as its reply carries them: what the move changed since the state the client
 * holds. The client says which it holds by x-state-version; when that is the version the move was made on, the
 * reply is engine clientStateChange (only the view's fields the move changed) with changedSince naming it.
 * Holding nothing (no header: an API user) or another version (another tab moved), it is the change from nothing:
 * every field of the view, worldPrices included, and no changedSince. A retried move (Idempotency-Key) was made on
 * the state its first try was, so it answers the same change. docs/performance.md has the bytes this saves.
 */
export function movedState(
  request: FastifyRequest,
  move: Move,
): { version: number; changedSince?: number; gameState: ClientGameState | ClientStateChange } {
  const held = stateVersionOf(request);
  if (held !== move.version - 1) return { version: move.version, gameState: toClientView(move.result.state) };
  return { version: move.version, changedSince: held, gameState: clientStateChange(move.before, move.result.state) };
}
