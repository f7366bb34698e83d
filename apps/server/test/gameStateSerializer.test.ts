// Replies that carry a game state are written by JSON.stringify (the whole client view, as the engine built it);
// every other reply still goes through its schema's compiled serializer.
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { apply, newGame, toClientView, LOCATIONS } from '@drugwars/engine';
import { gameStateSerializer, stringifyGameReply } from '../src/plugins/gameStateSerializer';

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

  it("writes worldPrices from the JSON kept for its object, and a new day's object afresh", () => {
    // A name and a message holding the placeholder's text: only the game state's own key may be replaced.
    let state = newGame({ playerName: '"worldPrices":{}', seed: '5555666677778888', isSeeded: true });
    const replyOf = (s: typeof state) => ({ success: true, message: 'said "worldPrices":{} here', gameState: toClientView(s) });

    const first = replyOf(state);
    expect(stringifyGameReply(first)).toBe(JSON.stringify(first));
    // The same state again (GET /api/game/state after a move): the kept JSON, the same text, the view left whole.
    const again = replyOf(state);
    expect(stringifyGameReply(again)).toBe(JSON.stringify(again));
    expect(again.gameState.worldPrices).toBe(state.worldPrices);

    // A move that keeps the day keeps the object; one that starts a new day brings new prices, written as they are.
    const stayed = apply(state, { type: 'stay' });
    if (!stayed.ok) throw new Error(stayed.message);
    expect(stayed.state.worldPrices).not.toBe(state.worldPrices);
    expect(stayed.state.worldPrices).not.toEqual(state.worldPrices);
    state = stayed.state;
    const next = replyOf(state);
    const text = stringifyGameReply(next);
    expect(text).toBe(JSON.stringify(next));
    expect(JSON.parse(text).gameState.worldPrices).toEqual(state.worldPrices);

    // Replies without a game state (or with a null one) are JSON.stringify's.
    for (const other of [{ success: true }, { success: true, gameState: null }, null]) {
      expect(stringifyGameReply(other)).toBe(JSON.stringify(other));
    }
  });
});
