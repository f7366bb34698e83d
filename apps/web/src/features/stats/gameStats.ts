// Pure figures of the Game Statistics modal (SPEC.md section 2) from the final game state.
import type { ClientGameState, GameHistory } from '@drugwars/engine';
import { formatMoney } from '../../lib/format';

export interface SummaryRow {
  label: string;
  value: string;
}

export interface TradeTotals {
  drugsBought: number;
  drugsSold: number;
  spent: number;
  earned: number;
}

export function tradeTotals(actions: GameHistory['actionHistory']): TradeTotals {
  const totals: TradeTotals = { drugsBought: 0, drugsSold: 0, spent: 0, earned: 0 };
  for (const a of actions) {
    const qty = a.details.quantity ?? 0;
    const total = a.details.total ?? 0;
    if (a.action === 'buy') {
      totals.drugsBought += qty;
      totals.spent += total;
    } else if (a.action === 'sell') {
      totals.drugsSold += qty;
      totals.earned += total;
    }
  }
  return totals;
}

/** Summary lines: the fixed ones, then drugs bought, drugs sold, total profit and locations visited when known. */
export function summaryRows(gs: ClientGameState): SummaryRow[] {
  const p = gs.player;
  const history = gs.gameHistory;
  const trades = tradeTotals(history?.actionHistory ?? []);
  const rows: SummaryRow[] = [
    { label: 'Final Score', value: formatMoney(p.score) },
    { label: 'Days Survived', value: `${Math.min(gs.day, gs.maxDays)}/${gs.maxDays}` },
    { label: 'Cash', value: formatMoney(p.cash) },
    { label: 'Debt', value: formatMoney(p.debt) },
    { label: 'Bank Balance', value: formatMoney(p.bank) },
    { label: 'Health', value: `${Math.max(0, p.health)}%` },
  ];
  const sold = Math.max(trades.drugsSold, p.drugsSold ?? 0);
  if (trades.drugsBought > 0) rows.push({ label: 'Drugs Bought', value: String(trades.drugsBought) });
  if (sold > 0) rows.push({ label: 'Drugs Sold', value: String(sold) });
  if (trades.drugsBought > 0 || trades.drugsSold > 0) {
    rows.push({ label: 'Total Profit', value: formatMoney(trades.earned - trades.spent) });
  }
  const visited = new Set((history?.locationHistory ?? []).map((l) => l.location));
  if (visited.size > 0) rows.push({ label: 'Locations Visited', value: String(visited.size) });
  return rows;
}

/** One text line per buy, sell or travel, in day order. */
export function actionLines(
  actions: GameHistory['actionHistory'],
  names: { drug: (id: string) => string; location: (id: string) => string },
): string[] {
  return [...actions]
    .sort((a, b) => a.day - b.day)
    .map((a) => {
      const d = a.details;
      switch (a.action) {
        case 'buy':
          return `Day ${a.day}: Bought ${d.quantity ?? 0} ${names.drug(d.drug ?? '')} for ${formatMoney(d.total ?? 0)}`;
        case 'sell':
          return `Day ${a.day}: Sold ${d.quantity ?? 0} ${names.drug(d.drug ?? '')} for ${formatMoney(d.total ?? 0)}`;
        case 'travel':
          return `Day ${a.day}: Traveled from ${names.location(d.from ?? '')} to ${names.location(d.to ?? '')}`;
      }
    });
}

/** The verb of an action line ('Bought', 'Sold', 'Traveled'): what colours it in the timeline. */
export function actionVerb(line: string): string {
  return line.split(': ')[1]?.split(' ')[0] ?? '';
}
