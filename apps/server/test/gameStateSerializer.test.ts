// Replies that carry a game state are written by JSON.stringify (the whole client view, as the engine built it);
// every other reply still goes through its schema's compiled serializer.
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { apply, newGame, toClientView, LOCATIONS } from '@drugwars/engine';
import { gameStateSerializer } from '../src/plugins/gameStateSerializer';

/** A reply schema that names only `success` (and `gameState` when asked): a compiled serializer drops the rest. */
function replySchema(withGameState: boolean) {
  const properties: Record<string, unknown> = { success: { type: 'boolean' } };
  if (withGameState) properties.gameState = { type: 'object', properties: { day: { type: 'integer' } } };
  return { response: { 200: { type: 'object', properties } } };
}

describe('the game-state reply writer', () => {
  it('writes a game-state reply as JSON.stringify does, and leaves other replies to their schema', async () => {
    let state = newGame({ playerName: 'Writer', seed: '1111222233334444', isSeeded: true });
    const moved = apply(state, { type: 'travel', destination: LOCATIONS.find((l) => l.id !== state.location)!.id });
    if (moved.ok) state = moved.state;
    const reply = { success: true, message: 'moved', gameState: toClientView(state), gameOver: state.gameOver, none: undefined };

    const app = Fastify();
    await app.register(gameStateSerializer);
    app.get('/with-state', { schema: replySchema(true) }, async () => reply);
    app.get('/without-state', { schema: replySchema(false) }, async () => ({ success: true, extra: 'dropped by the schema' }));
    await app.ready();

    const withState = await app.inject({ method: 'GET', url: '/with-state' });
    expect(withState.body).toBe(JSON.stringify(reply));
    // every field of the view, not only what the (deliberately thin) schema names
    expect(JSON.parse(withState.body).gameState.worldPrices).toEqual(JSON.parse(JSON.stringify(reply.gameState.worldPrices)));

    const withoutState = await app.inject({ method: 'GET', url: '/without-state' });
    expect(JSON.parse(withoutState.body)).toEqual({ success: true });
    await app.close();
  });
});
