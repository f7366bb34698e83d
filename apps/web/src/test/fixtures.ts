// Test-only builders for the shell's tests.
import { newGame, predictMove, toClientView, type ClientGameState, type ClientGameEvent, type LoanSharkOffer, type MarketEntry, type PredictableAction } from '@drugwars/engine';
import type { TradeContext } from '../lib/tradeLimits';

export function market(id: string, overrides: Partial<MarketEntry> = {}): MarketEntry {
  return { id, name: id.toUpperCase(), price: 100, quantity: 10, trend: 'normal', previousPrice: null, ...overrides };
}

export function event(category: ClientGameEvent['category'], message: string = category): ClientGameEvent {
  return { category, message, type: 'info' };
}

/**
 * A client view on day 2 in New York with $2,000 cash and $1,000 owed to Vinnie (due day 8), an empty market
 * and an empty history unless told otherwise: the engine's own new game, so the fixture keeps every field the
 * state has, with the figures these tests read pinned down.
 */
/** A loan-shark offer as GET /api/game/loan/sharks answers it. */
export const shark: LoanSharkOffer = {
  id: 'vinnie',
  name: 'Vinnie',
  maxLoan: 5000,
  dailyInterestRate: 0.1,
  interestRate: 0.9487,
  gracePeriod: 7,
  personality: 'Breaks legs on day eight.',
};

export function makeState(overrides: { cash?: number; usedSpace?: number; coatSpace?: number; marketInfo?: MarketEntry[]; inventory?: Record<string, { quantity: number; totalCost: number }>; encounter?: ClientGameState['encounter'] } = {}): ClientGameState {
  const fresh = toClientView(newGame({ playerName: 'Tester', seed: '0000000000000001', isSeeded: false }));
  return {
    ...fresh,
    day: 2,
    prices: {},
    worldPrices: {},
    worldPricesDay: {},
    marketInfo: overrides.marketInfo ?? [],
    encounter: overrides.encounter ?? null,
    allowedActions: ['buy', 'sell', 'travel', 'stay'],
    gameHistory: { financeHistory: [], healthHistory: [], priceHistory: {}, actionHistory: [], locationHistory: [] },
    player: {
      ...fresh.player,
      cash: overrides.cash ?? 2000,
      score: 1000,
      day: 2,
      usedSpace: overrides.usedSpace ?? 0,
      coatSpace: overrides.coatSpace ?? 100,
      loanShark: { id: 'vinnie', name: 'Vinnie', interestRate: 0.1, dueDay: 8 },
      inventory: overrides.inventory ?? {},
    },
  };
}

/** A trade of Weed at $300 with $1,000 cash and at most 3 units (buy unless told). */
export function tradeContext(overrides: Partial<TradeContext> = {}): TradeContext {
  return { mode: 'buy', drugName: 'Weed', price: 300, cash: 1000, maximum: 3, ...overrides };
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

/** A server's answer to a move without randomness, as the engine makes it (what a real server replies). */
export function engineReply(gs: ClientGameState, action: PredictableAction) {
  const p = predictMove(gs, action);
  if (!p?.ok) throw new Error(`the engine refuses ${JSON.stringify(action)}: ${JSON.stringify(p)}`);
  return { success: true as const, version: 1, message: p.message, gameState: p.view };
}
