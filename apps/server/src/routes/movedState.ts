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
 * A move's version and game state as its reply carries them. A client that holds the version the move was made on
 * gets only what the move changed (engine clientStateChange: a sale's reply ~0.6 KB against ~4.3 KB whole, a
 * night's ~3.2 KB against ~5.3 KB), with changedSince saying so; any other client, the whole state. The state a
 * retried move (Idempotency-Key) was made on is the one its first try was made on, so a retry answers the same
 * change.
 */
export function movedState(
  request: FastifyRequest,
  move: Move,
): { version: number; changedSince?: number; gameState: ClientGameState | ClientStateChange } {
  const known = stateVersionOf(request);
  if (known === move.version - 1) {
    return { version: move.version, changedSince: known, gameState: clientStateChange(move.before, move.result.state) };
  }
  return { version: move.version, gameState: toClientView(move.result.state) };
}
