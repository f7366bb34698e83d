// A move's change rebuilds exactly the view the client would have been sent whole, over every kind of move of many
// games (trades, days, fights, visits, shipments, the game's end), and it leaves out what the move did not touch.
import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { LOCATIONS, SHIPPING_COMPANIES } from './catalogue';
import { clientStateChange, toClientView, withStateChange } from './clientView';
import { carelessPolicy, chooser, ok, run, startGame, withPlayerFields } from './testkit';
import type { Action, ClientGameState, GameState } from './types';

/** The careless player, who now and then also ships drugs and, near the end, ends the game. */
function policy(pick: (n: number) => number): (s: GameState) => Action {
  return (s) => {
    const held = Object.keys(s.player.inventory);
    if (!s.encounter && held.length > 0 && pick(15) === 0) {
      const to = LOCATIONS.find((l) => l.id !== s.location)!;
      return { type: 'ship', drugId: held[0]!, quantity: 1, destinationId: to.id, companyId: SHIPPING_COMPANIES[pick(SHIPPING_COMPANIES.length)]!.id };
    }
    if (s.day >= 20 && pick(40) === 0) return { type: 'end' };
    return carelessPolicy(s, pick);
  };
}

/** Every accepted move of `games` careless games: the state before it and after it, and the move. */
function* moves(games: number): Generator<{ before: GameState; after: GameState; action: Action }> {
  for (let g = 0; g < games; g++) {
    let state = startGame(String(2_000_000_000_000_000n + BigInt(g * 7919)));
    const next = policy(chooser(g + 1));
    for (let i = 0; i < 600 && !state.gameOver; i++) {
      const action = next(state);
      const result = apply(state, action);
      if (!result.ok) continue;
      yield { before: state, after: result.state, action };
      state = result.state;
    }
  }
}

describe('clientStateChange and withStateChange', () => {
  it('rebuild the whole view after every move (120 games, every kind of move)', () => {
    const seen = new Set<string>();
    let count = 0;
    for (const { before, after, action } of moves(120)) {
      const rebuilt = withStateChange(toClientView(before), clientStateChange(before, after));
      // Compared as JSON: what a reply would have carried.
      expect(JSON.stringify(rebuilt)).toBe(JSON.stringify(toClientView(after)));
      seen.add(action.type === 'encounter' ? `encounter:${action.action}` : action.type);
      count++;
    }
    expect(count).toBeGreaterThan(4000);
    for (const kind of ['buy', 'sell', 'travel', 'stay', 'encounter:fight', 'encounter:pay', 'ship', 'end', 'heal', 'deposit', 'shopBuy', 'stash']) {
      expect(seen, kind).toContain(kind);
    }
  });

  it('never carries worldPrices or worldPricesDay, and carries only what a move touched', () => {
    const start = withPlayerFields(startGame(), { cash: 50_000 });
    const drug = start.marketInfo.find((m) => m.quantity > 0)!.id;
    const bought = run(start, { type: 'buy', drugId: drug, quantity: 1 });
    expect(Object.keys(clientStateChange(start, bought)).sort()).toEqual(['marketInfo', 'player']);
    const sold = run(bought, { type: 'sell', drugId: drug, quantity: 1 });
    expect(Object.keys(clientStateChange(bought, sold))).toEqual(['player']);
    const nextDay = ok(apply(sold, { type: 'stay' })).state;
    const change = clientStateChange(sold, nextDay);
    expect(change).not.toHaveProperty('worldPrices');
    expect(change).not.toHaveProperty('worldPricesDay');
    expect(change).toHaveProperty('day', sold.day + 1);
    expect(change).toHaveProperty('prices');
    expect(change).toHaveProperty('marketInfo');
  });

  it('derives the new day\'s known prices: the city the player stands in gets today\'s row and day', () => {
    const before = startGame();
    const to = LOCATIONS.find((l) => l.id !== before.location && l.hasAirport)!;
    const after = ok(apply(before, { type: 'travel', destination: to.id })).state;
    const view: ClientGameState = withStateChange(toClientView(before), clientStateChange(before, after));
    expect(view.worldPrices[to.id]).toEqual(after.prices);
    expect(view.worldPricesDay[to.id]).toBe(after.day);
    // The other cities keep what the player saw there before.
    expect(view.worldPrices[before.location]).toEqual(before.worldPrices[before.location]);
    expect(view.worldPricesDay[before.location]).toBe(before.day);
  });

  it('keeps the held known prices as they are when the day, city and prices stay', () => {
    const before = withPlayerFields(startGame(), { cash: 50_000 });
    const after = run(before, { type: 'deposit', amount: 100 });
    const held = toClientView(before);
    const view = withStateChange(held, clientStateChange(before, after));
    expect(view.worldPrices).toBe(held.worldPrices);
    expect(view.worldPricesDay).toBe(held.worldPricesDay);
  });
});
