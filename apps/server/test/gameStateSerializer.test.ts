// The game-state reply writer keeps the JSON of each client view by identity (one view per state): its text must be
// JSON.stringify's, for the first reply of a state and for every later one.
import { describe, expect, it } from 'vitest';
import { DRUGS, LOCATIONS, apply, maxBuy, newGame, toClientView, type Action, type GameState } from '@drugwars/engine';
import { clientView, serializeGameReply } from '../src/plugins/gameStateSerializer';

/** A plain player with its own choices: trades, trips, stays, and every answer a fight allows. */
function nextAction(s: GameState, n: number): Action {
  const enc = s.encounter;
  if (enc) {
    if (enc.type === 'loanSharkVisit') return { type: 'encounter', action: enc.canSkip && n % 2 === 0 ? 'skip' : 'pay' };
    const answers = ['fight', 'fight', 'escape', 'surrender'] as const;
    return { type: 'encounter', action: answers[n % answers.length]! };
  }
  const drug = DRUGS[n % DRUGS.length]!.id;
  switch (n % 6) {
    case 0:
      return { type: 'buy', drugId: drug, quantity: Math.max(1, maxBuy(s, drug)) };
    case 1: {
      const held = Object.keys(s.player.inventory)[0] ?? drug;
      return { type: 'sell', drugId: held, quantity: s.player.inventory[held]?.quantity ?? 1 };
    }
    case 2:
      return { type: 'stay' };
    default:
      return { type: 'travel', destination: LOCATIONS[n % LOCATIONS.length]!.id };
  }
}

describe('the game-state reply writer', () => {
  it('writes what JSON.stringify writes, for the replies of whole games and the GETs after them', () => {
    let replies = 0;
    for (let g = 0; g < 4; g++) {
      let s = newGame({ playerName: 'Writer', seed: String(1111222233334444 + g * 7919), isSeeded: true });
      for (let n = 0; n < 400 && !s.gameOver; n++) {
        const result = apply(s, nextAction(s, n * 7 + 3));
        if (!result.ok) continue;
        s = result.state;
        const reply = { success: true, message: result.message, gameState: clientView(s), events: result.events, gameOver: s.gameOver, none: undefined };
        expect(serializeGameReply(reply)).toBe(JSON.stringify(reply));
        // the GET of the same state: the same view, its JSON written once
        expect(clientView(s)).toBe(reply.gameState);
        const again = { success: true, gameState: clientView(s) };
        expect(serializeGameReply(again)).toBe(JSON.stringify(again));
        expect(JSON.parse(serializeGameReply(again))).toEqual({ success: true, gameState: JSON.parse(JSON.stringify(toClientView(s))) });
        replies++;
      }
    }
    expect(replies).toBeGreaterThan(100);
  });

  it('writes replies without a game state as JSON.stringify does', () => {
    for (const data of [{ success: true, gameState: null }, { success: false, code: 'X', message: 'm' }, [1, 2], 'text', null]) {
      expect(serializeGameReply(data)).toBe(JSON.stringify(data));
    }
  });
});
