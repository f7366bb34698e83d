// Test-only builders for the shell's tests.
import { RULES_VERSION, type ClientGameState, type GameEvent, type MarketEntry } from '@drugwars/engine';

export function market(id: string, overrides: Partial<MarketEntry> = {}): MarketEntry {
  return { id, name: id.toUpperCase(), price: 100, quantity: 10, trend: 'normal', previousPrice: null, ...overrides };
}

export function event(category: GameEvent['category'], message: string = category): GameEvent {
  return { category, message, type: 'info' };
}

export function makeState(overrides: { cash?: number; usedSpace?: number; coatSpace?: number; marketInfo?: MarketEntry[]; inventory?: Record<string, { quantity: number; totalCost: number }>; encounter?: ClientGameState['encounter'] } = {}): ClientGameState {
  return {
    rulesVersion: RULES_VERSION,
    day: 2,
    maxDays: 30,
    location: 'new_york',
    gameOver: false,
    gameOverReason: null,
    isSeeded: false,
    formattedSeed: null,
    prices: {},
    worldPrices: {},
    worldPricesDay: {},
    marketInfo: overrides.marketInfo ?? [],
    encounter: overrides.encounter ?? null,
    pendingEncounter: null,
    currentState: 'NORMAL',
    allowedActions: ['buy', 'sell', 'travel', 'stay'],
    stateMetadata: { enteredOnDay: 1, encounterType: null },
    stateMachine: { currentState: 'NORMAL' },
    gameHistory: { financeHistory: [], healthHistory: [], priceHistory: {}, actionHistory: [], locationHistory: [] },
    shipments: [],
    loanSharkVisits: 0,
    nextId: 1,
    player: {
      name: 'Tester',
      cash: overrides.cash ?? 2000,
      bank: 0,
      debt: 1000,
      health: 100,
      score: 1000,
      day: 2,
      maxDays: 30,
      location: 'new_york',
      usedSpace: overrides.usedSpace ?? 0,
      coatSpace: overrides.coatSpace ?? 100,
      rank: { name: 'Wannabe', level: 1, inventoryName: 'Pockets' },
      loanShark: { id: 'vinnie', name: 'Vinnie', interestRate: 0.1, dueDay: 8 },
      inventory: overrides.inventory ?? {},
      stash: {},
      currentStash: {},
      weapons: {},
      items: { armor: {}, ammo: {}, consumables: {} },
      equippedItems: { weapon: null, armor: null },
      drugsSold: 0,
      copsKilled: 0,
    },
  };
}

/** A fetch stub answering by "METHOD path" with a status and JSON body, recording every call. */
export function stubFetch(routes: Record<string, { status?: number; body: unknown } | (() => never)>) {
  const calls: { method: string; url: string; headers: Record<string, string>; body: unknown }[] = [];
  const fn = async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    calls.push({
      method,
      url,
      headers: (init.headers ?? {}) as Record<string, string>,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
    });
    const route = routes[`${method} ${url}`];
    if (!route) return new Response(JSON.stringify({ success: false, code: 'NOT_STUBBED', error: url, message: url }), { status: 599 });
    if (typeof route === 'function') route();
    const r = route as { status?: number; body: unknown };
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  return { fn, calls };
}
