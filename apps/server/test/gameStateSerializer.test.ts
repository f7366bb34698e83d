// The game-state reply writer keeps the JSON of each state part by identity: its text must be JSON.stringify's,
// whether a part is written fresh or reused from an earlier state of the game.
import { describe, expect, it } from 'vitest';
import { DRUGS, LOCATIONS, apply, maxBuy, newGame, toClientView, type Action, type GameState } from '@drugwars/engine';
import { serializeGameReply } from '../src/plugins/gameStateSerializer';

/** A plain player with its own seeded choices: trades, trips, stays, and every answer a fight allows. */
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
  it('writes what JSON.stringify writes, for every reply of whole games, fresh and again', () => {
    let replies = 0;
    for (let g = 0; g < 8; g++) {
      const seed = String(1111222233334444 + g * 7919);
      let s = newGame({ playerName: 'Writer', seed, isSeeded: true });
      let before = toClientView(s);
      for (let n = 0; n < 400 && !s.gameOver; n++) {
        const result = apply(s, nextAction(s, n * 7 + 3));
        if (!result.ok) {
          // A refusal answers with the state as it was: every part is the earlier state's.
          const reply = { success: true, gameState: before };
          expect(serializeGameReply(reply)).toBe(JSON.stringify(reply));
          continue;
        }
        s = result.state;
        const view = toClientView(s);
        const reply = { success: true, message: result.message, gameState: view, events: result.events, gameOver: s.gameOver, extra: undefined };
        expect(serializeGameReply(reply)).toBe(JSON.stringify(reply));
        // a GET of the same state: a new view object over the same parts
        const again = { success: true, gameState: toClientView(s) };
        expect(serializeGameReply(again)).toBe(JSON.stringify(again));
        before = view;
        replies++;
      }
      expect(s.gameOver).toBe(true);
    }
    expect(replies).toBeGreaterThan(250);
  });

  it('writes replies without a game state as JSON.stringify does', () => {
    for (const data of [{ success: true, gameState: null }, { success: false, code: 'X', message: 'm' }, [1, 2], 'text', null]) {
      expect(serializeGameReply(data)).toBe(JSON.stringify(data));
    }
  });
});
