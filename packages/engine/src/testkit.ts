// Helpers for the engine's tests (no test framework imports, so the package build checks them too):
// start a game, set up a situation, and unwrap results.
import { apply } from './apply';
import { DRUGS, LOCATIONS, WEAPONS } from './catalogue';
import { maxBuy } from './market';
import { newGame } from './newGame';
import { settle } from './state';
import type { Action, ApplyOk, ApplyResult, GameState, MarketEntry, Player } from './types';

export const TEST_SEED = '0000000000004242';

export function startGame(seed: string = TEST_SEED): GameState {
  return newGame({ playerName: 'Tester', seed, isSeeded: true });
}

/** A copy of the state with player fields changed (derived fields recomputed). */
export function withPlayerFields(state: GameState, fields: Partial<Player>): GameState {
  const player = settle(state.player, fields);
  return { ...state, player, day: player.day, location: player.location, maxDays: player.maxDays };
}

/** A copy of the state whose market entry for a drug has the given price and stock. */
export function withMarket(state: GameState, drugId: string, fields: Partial<MarketEntry>): GameState {
  const marketInfo = state.marketInfo.map((m) => (m.id === drugId ? { ...m, ...fields } : m));
  const prices = { ...state.prices };
  const entry = marketInfo.find((m) => m.id === drugId);
  if (entry) prices[drugId] = entry.price;
  return {
    ...state,
    marketInfo,
    prices,
    worldPrices: { ...state.worldPrices, [state.location]: prices },
    cityPrices: { ...state.cityPrices, [state.location]: prices },
  };
}

export function ok(result: ApplyResult): ApplyOk {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.message}`);
  return result;
}

export function run(state: GameState, ...actions: Action[]): GameState {
  let s = state;
  for (const a of actions) s = ok(apply(s, a)).state;
  return s;
}

/** Freezes an object graph (skipping parts already frozen, which states share), so a mutation throws. */
export function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}

/** mulberry32: the policy's own choices (never the game's PRNG). */
export function chooser(seed: number): (n: number) => number {
  let s = seed >>> 0;
  return (n) => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

/**
 * A careless player (the golden games' policy, and the replay story's test games): trades, banks, shops, heals,
 * stashes, travels, and in a fight now and then runs, bribes, surrenders or changes weapons. Changing it changes
 * the golden hash.
 */
export function carelessPolicy(s: GameState, pick: (n: number) => number): Action {
  const enc = s.encounter;
  if (enc) {
    if (enc.type === 'loanSharkVisit') return { type: 'encounter', action: pick(3) === 0 && enc.canSkip ? 'skip' : 'pay' };
    const r = pick(10);
    if (enc.turnOrder === 'player' && r === 0) return { type: 'encounter', action: 'escape' };
    if (enc.turnOrder === 'player' && r === 1) return { type: 'encounter', action: 'bribe' };
    if (enc.turnOrder === 'player' && r === 2) return { type: 'encounter', action: 'surrender' };
    const owned = Object.keys(s.player.weapons);
    if (enc.turnOrder === 'player' && r === 3 && owned.length > 0) return { type: 'equip', itemType: 'weapon', itemId: owned[pick(owned.length)]! };
    if (enc.turnOrder === 'player' && r === 4) return { type: 'unequip', itemType: 'weapon' };
    return { type: 'encounter', action: 'fight' };
  }
  const p = s.player;
  const drug = DRUGS[pick(DRUGS.length)]!.id;
  switch (pick(12)) {
    case 0:
    case 1:
      return { type: 'buy', drugId: drug, quantity: Math.max(1, maxBuy(s, drug)) };
    case 2:
    case 3: {
      const held = Object.keys(p.inventory);
      const id = held.length > 0 ? held[pick(held.length)]! : drug;
      return { type: 'sell', drugId: id, quantity: p.inventory[id]?.quantity ?? 1 };
    }
    case 4:
      return { type: 'repay', amount: Math.max(1, Math.min(p.cash, p.debt)) };
    case 5:
      return pick(2) === 0 ? { type: 'deposit', amount: Math.max(1, Math.floor(p.cash / 3)) } : { type: 'withdraw', amount: Math.max(1, p.bank) };
    case 6:
      return { type: 'shopBuy', itemType: 'weapon', itemId: WEAPONS[pick(3)]!.id, quantity: 1 };
    case 7:
      return pick(2) === 0 ? { type: 'heal' } : { type: 'stash', drugId: drug, quantity: 1 + pick(5) };
    case 8:
      return { type: 'stay' };
    default:
      return { type: 'travel', destination: LOCATIONS[pick(LOCATIONS.length)]!.id };
  }
}
