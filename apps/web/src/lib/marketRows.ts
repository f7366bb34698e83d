// Which drugs the market shows (SPEC.md section 2, Market view): those in stock, those the player holds, and those
// spiking or crashing. Shared by the market and by World Drug Prices' card for the city here.
import type { ClientGameState, MarketEntry } from '@drugwars/engine';

export function visibleMarketRows(gs: Pick<ClientGameState, 'marketInfo' | 'player'>): MarketEntry[] {
  return gs.marketInfo.filter(
    (m) =>
      m.quantity > 0 || (gs.player.inventory[m.id]?.quantity ?? 0) > 0 || m.trend === 'spike' || m.trend === 'crash',
  );
}

/** The drugs a market has shown so far during one visit (a day in a city): `${day}:${location}` and the ids. */
export interface ShownRows {
  key: string;
  ids: readonly string[];
}

/**
 * The market's rows for this visit: what `visibleMarketRows` shows, plus every row shown earlier in the same visit
 * (`shown`). Selling out a drug the market has no stock of would otherwise drop its row and renumber every row
 * below it under the player's keys. Returns the rows and what the visit has shown now.
 */
export function marketRowsThisVisit(
  gs: Pick<ClientGameState, 'marketInfo' | 'player' | 'day' | 'location'>,
  shown: ShownRows,
): { rows: MarketEntry[]; shown: ShownRows } {
  const key = `${gs.day}:${gs.location}`;
  const before = new Set(shown.key === key ? shown.ids : []);
  const visible = new Set(visibleMarketRows(gs).map((m) => m.id));
  const rows = gs.marketInfo.filter((m) => visible.has(m.id) || before.has(m.id));
  const grew = rows.length !== before.size || shown.key !== key;
  return { rows, shown: grew ? { key, ids: rows.map((m) => m.id) } : shown };
}
