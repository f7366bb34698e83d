// Game states for storage tests. Storage treats the state as an opaque JSON document, so these are not games
// the engine produced: they are documents rich enough to catch a lossy round trip (nesting, nulls, unicode,
// large integers, arrays in order).
import type { Action, GameState } from '@drugwars/engine';

/**
 * Storage options for tests that store these documents: the state is written on every append, so the storage
 * never has to re-apply a logged action to one (which only works for real engine games; see SNAPSHOT_EVERY).
 */
export const OPAQUE = { snapshotEvery: 1 } as const;

export function fakeState(cash: number, note = 'state'): GameState {
  const doc = {
    day: 3,
    maxDays: 30,
    location: 'bronx',
    gameOver: false,
    gameOverReason: null,
    isSeeded: false,
    formattedSeed: null,
    prices: { cocaine: 15_000, weed: 420 },
    worldPrices: { bronx: { cocaine: 15_000 }, ghetto: { cocaine: 14_100 } },
    marketInfo: [{ id: 'cocaine', name: 'Cocaine', price: 15_000, quantity: 12, trend: 'spike' }],
    encounter: null,
    currentState: 'NORMAL',
    allowedActions: ['buy', 'sell', 'travel'],
    player: { name: `Tëst-${note}`, cash, bank: 9_007_199_254_740, debt: 0, inventory: { weed: { quantity: 5, totalCost: 2100 } } },
    rng: [1, -2, 2_147_483_647, -2_147_483_648],
    seed: '1234567890123456',
  };
  return doc as unknown as GameState;
}

export function buy(quantity: number, drugId = 'weed'): Action {
  return { type: 'buy', drugId, quantity };
}
