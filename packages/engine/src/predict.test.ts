// A client's prediction of a move is the server's result: every predictable move, tried on the states of many
// played games (and on hostile amounts), gives from the client view exactly the view the server's apply makes, or
// the same refusal; and none of them draws randomness.
import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { AMMO, ARMOR, CONSUMABLES, DRUGS, LOAN_SHARKS, WEAPONS } from './catalogue';
import { maxBuy } from './market';
import { newGame } from './newGame';
import { PREDICTABLE_MOVES, predictMove, type PredictableAction } from './predict';
import { toClientView } from './clientView';
import { carelessPolicy, chooser } from './testkit';
import type { GameState } from './types';

/** The predictable moves worth trying on a state: sensible ones, the most, one too many, and a few hostile ones. */
function movesFor(s: GameState): PredictableAction[] {
  const p = s.player;
  const moves: PredictableAction[] = [{ type: 'dumpAll' }, { type: 'heal' }, { type: 'deposit', amount: Math.floor(p.cash / 2) + 1 }];
  for (const d of DRUGS) {
    const held = p.inventory[d.id]?.quantity ?? 0;
    const stashed = p.stash[p.location]?.[d.id]?.quantity ?? 0;
    moves.push({ type: 'buy', drugId: d.id, quantity: Math.max(1, maxBuy(s, d.id)) }, { type: 'buy', drugId: d.id, quantity: maxBuy(s, d.id) + 1 });
    moves.push({ type: 'sell', drugId: d.id, quantity: Math.max(1, held) }, { type: 'dump', drugId: d.id, quantity: 1 });
    moves.push({ type: 'stash', drugId: d.id, quantity: Math.max(1, held) }, { type: 'unstash', drugId: d.id, quantity: Math.max(1, stashed) });
  }
  moves.push({ type: 'withdraw', amount: Math.max(1, p.bank) }, { type: 'repay', amount: Math.max(1, Math.min(p.cash, p.debt)) });
  for (const shark of LOAN_SHARKS) moves.push({ type: 'borrowMax', sharkId: shark.id }, { type: 'borrow', sharkId: shark.id, amount: 500 });
  for (const w of WEAPONS) moves.push({ type: 'shopBuy', itemType: 'weapon', itemId: w.id, quantity: 1 });
  for (const a of ARMOR) moves.push({ type: 'shopBuy', itemType: 'armor', itemId: a.id, quantity: 1 });
  for (const a of AMMO) moves.push({ type: 'shopBuy', itemType: 'ammo', itemId: a.id, quantity: 7 });
  for (const c of CONSUMABLES) moves.push({ type: 'shopBuy', itemType: 'consumable', itemId: c.id, quantity: 2 });
  moves.push({ type: 'buy', drugId: 'nope', quantity: 1 }, { type: 'sell', drugId: DRUGS[0]!.id, quantity: -3 }, { type: 'deposit', amount: 1.5 });
  return moves;
}

describe('predictMove', () => {
  it('lists every move it predicts, and none that draws randomness', () => {
    expect([...PREDICTABLE_MOVES].sort()).toEqual(['borrow', 'borrowMax', 'buy', 'deposit', 'dump', 'dumpAll', 'heal', 'repay', 'sell', 'shopBuy', 'stash', 'unstash', 'withdraw']);
  });

  it("gives from the client's view exactly what the server's apply gives, on the states of 24 played games", () => {
    let tried = 0;
    let accepted = 0;
    for (let g = 0; g < 24; g++) {
      let s = newGame({ playerName: `predict-${g}`, seed: String(4_000_000_000_000_000n + BigInt(g * 977)), isSeeded: true });
      const pick = chooser(g + 11);
      for (let turn = 0; turn < 160 && !s.gameOver; turn++) {
        if (turn % 5 === 0 && s.encounter === null) {
          const view = toClientView(s);
          for (const move of movesFor(s)) {
            const server = apply(s, move);
            const client = predictMove(view, move)!;
            tried++;
            if (server.ok) {
              accepted++;
              expect(server.state.rng, `${move.type} drew randomness`).toEqual(s.rng);
              expect(client).toEqual({ ok: true, view: toClientView(server.state), message: server.message });
            } else {
              expect(client).toEqual(server);
            }
          }
        }
        const result = apply(s, carelessPolicy(s, pick));
        if (result.ok) s = result.state;
      }
    }
    expect(tried).toBeGreaterThan(10_000);
    expect(accepted).toBeGreaterThan(1_500);
  }, 60_000);

  it('predicts nothing during an encounter (its moves are the server alone)', () => {
    let s = newGame({ playerName: 'predict-enc', seed: '4000000000000001', isSeeded: true });
    for (let i = 0; i < 200 && !s.encounter; i++) {
      const next = apply(s, { type: 'stay' });
      if (next.ok) s = next.state;
    }
    expect(s.encounter).not.toBeNull();
    expect(predictMove(toClientView(s), { type: 'deposit', amount: 1 })).toBeNull();
  });
});
