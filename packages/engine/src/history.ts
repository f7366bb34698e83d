// gameHistory (SPEC.md section 3) and the chart view built from it. Appends copy only the list they touch;
// priceHistory shares each day's worldPrices object (immutable once made) instead of copying it.
import type { GameHistory, GameState, Player } from './types';

export type Series = { day: number; value: number }[];

export interface HistoryView {
  cash: Series;
  debt: Series;
  health: Series;
  prices: Record<string, Record<string, Series>>;
}

/** The day-end records: finances, health and the day's prices everywhere. */
export function recordDay(history: GameHistory, day: number, p: Player, worldPrices: GameState['worldPrices']): GameHistory {
  return {
    ...history,
    financeHistory: [...history.financeHistory, { day, cash: p.cash, debt: p.debt, bank: p.bank }],
    healthHistory: [...history.healthHistory, { day, health: p.health }],
    priceHistory: { ...history.priceHistory, [String(day)]: worldPrices },
  };
}

/**
 * When a game ends, the day's last finance and health records are brought up to date (trades after the
 * day began, the fight that killed the player), so the statistics end where the game did.
 */
export function closeDay(history: GameHistory, day: number, p: Player): GameHistory {
  const finance = { day, cash: p.cash, debt: p.debt, bank: p.bank };
  const health = { day, health: p.health };
  const f = history.financeHistory;
  const h = history.healthHistory;
  return {
    ...history,
    financeHistory: f.length > 0 && f[f.length - 1]!.day === day ? [...f.slice(0, -1), finance] : [...f, finance],
    healthHistory: h.length > 0 && h[h.length - 1]!.day === day ? [...h.slice(0, -1), health] : [...h, health],
  };
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
