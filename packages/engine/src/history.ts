// gameHistory (SPEC.md section 3) and the chart view built from it. Appends copy only the list they touch, with
// toSpliced(length, 0, item): the list with the item at the end, copied at its exact length ([...list, item] grows
// the copy by half again, and these lists of hundreds are copied on every trade and day).
// priceHistory holds what the player saw: every city on day 1 (the tip sheet), then the city they were in each
// day (sharing that day's price row, immutable once made); the real prices elsewhere never reach it.
import { updateHistory } from './records';
import type { GameHistory, GameState, Player } from './types';

export type Series = { day: number; value: number }[];

export interface HistoryView {
  cash: Series;
  debt: Series;
  health: Series;
  prices: Record<string, Record<string, Series>>;
}

/** The history of a new game: day 1's records. */
export function startHistory(p: Player, worldPrices: GameState['worldPrices']): GameHistory {
  return {
    financeHistory: [{ day: 1, cash: p.cash, debt: p.debt, bank: p.bank }],
    healthHistory: [{ day: 1, health: p.health }],
    priceHistory: { '1': worldPrices },
    actionHistory: [],
    locationHistory: [{ day: 1, location: p.location }],
  };
}

/** A buy, sell or travel for the actions timeline. */
export function recordAction(h: GameHistory, entry: GameHistory['actionHistory'][number], arrival?: GameHistory['locationHistory'][number]): GameHistory {
  return updateHistory(h, {
    actionHistory: h.actionHistory.toSpliced(h.actionHistory.length, 0, entry),
    locationHistory: arrival ? h.locationHistory.toSpliced(h.locationHistory.length, 0, arrival) : h.locationHistory,
  });
}

/** The day-end records: finances, health and the day's prices where the player is (p.location). */
export function recordDay(h: GameHistory, day: number, p: Player, prices: Record<string, number>): GameHistory {
  return updateHistory(h, {
    financeHistory: h.financeHistory.toSpliced(h.financeHistory.length, 0, { day, cash: p.cash, debt: p.debt, bank: p.bank }),
    healthHistory: h.healthHistory.toSpliced(h.healthHistory.length, 0, { day, health: p.health }),
    priceHistory: { ...h.priceHistory, [String(day)]: { [p.location]: prices } },
  });
}

/**
 * When a game ends, the day's last finance and health records are brought up to date (trades after the
 * day began, the fight that killed the player), so the statistics end where the game did.
 */
export function closeDay(h: GameHistory, day: number, p: Player): GameHistory {
  const finance = { day, cash: p.cash, debt: p.debt, bank: p.bank };
  const health = { day, health: p.health };
  const f = h.financeHistory;
  const hh = h.healthHistory;
  return updateHistory(h, {
    financeHistory: f.length > 0 && f[f.length - 1]!.day === day ? [...f.slice(0, -1), finance] : [...f, finance],
    healthHistory: hh.length > 0 && hh[hh.length - 1]!.day === day ? [...hh.slice(0, -1), health] : [...hh, health],
  });
}

export function historyView(state: GameState): HistoryView {
  const h = state.gameHistory;
  const prices: Record<string, Record<string, Series>> = {};
  const days = Object.keys(h.priceHistory)
    .map(Number)
    .sort((a, b) => a - b);
  for (const day of days) {
    const world = h.priceHistory[String(day)]!;
    for (const loc in world) {
      const row = world[loc]!;
      const byDrug = (prices[loc] ??= {});
      for (const drug in row) (byDrug[drug] ??= []).push({ day, value: row[drug]! });
    }
  }
  return {
    cash: h.financeHistory.map((f) => ({ day: f.day, value: f.cash })),
    debt: h.financeHistory.map((f) => ({ day: f.day, value: f.debt })),
    health: h.healthHistory.map((x) => ({ day: x.day, value: x.health })),
    prices,
  };
}
