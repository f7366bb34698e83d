// Helpers for the engine's tests (no test framework imports, so the package build checks them too):
// start a game, set up a situation, and unwrap results.
import { apply } from './apply';
import { newGame } from './newGame';
import { settle } from './state';
import type { Action, ApplyOk, ApplyResult, GameState, MarketEntry, Player } from './types';

export const TEST_SEED = '0000000000004242';

export function startGame(seed: string = TEST_SEED): GameState {
  return newGame({ playerName: 'Tester', seed, isSeeded: true });
}

/** A copy of the state with player fields changed (derived fields recomputed). */
export function withPlayerFields(state: GameState, fields: Partial<Player>): GameState {
  const player = settle({ ...state.player, ...fields });
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
