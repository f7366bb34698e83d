// World Drug Prices (SPEC.md section 2): a card per location with its drug prices; the current location is
// highlighted. Only the current location's prices are today's, and its card lists what its market sells today (the
// market's rows in stock), never a price of a drug that is not for sale. Every other card shows the prices the
// player last saw there and says when ('seen day 4, 3 days ago'), because markets move every night. Uses
// gameState.worldPrices and worldPricesDay (SPEC.md: the view needs worldPrices in the game state). A phone gets one
// table instead of ten stacked cards: a drug (picked above it) across every city, which is the comparison a trader
// makes.
import { useState } from 'react';
import type { ClientGameState } from '@drugwars/engine';
import { DrugSelect } from '../../components/charts/DrugSelect';
import { useIsMobile } from '../../components/hooks';
import { Table, type Column } from '../../components/Table';
import { ViewHeader } from '../../components/ViewHeader';
import { nameOf } from '../../lib/catalogue';
import { formatMoney } from '../../lib/format';
import { visibleMarketRows } from '../../lib/marketRows';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';
import './info.css';

type WorldPrices = Record<string, Record<string, number>>;

/** When a city's prices were seen, against today. */
export function seenLabel(seenDay: number | undefined, today: number): string {
  if (seenDay === undefined) return 'not seen yet';
  const ago = today - seenDay;
  if (ago <= 0) return 'seen today';
  return `seen day ${seenDay}, ${ago === 1 ? '1 day' : `${ago} days`} ago`;
}

/**
 * The prices the view shows per city: here, today's market as the market shows it (in stock, held, or spiking or
 * crashing); elsewhere, what was last seen there.
 */
export function knownPrices(gs: Pick<ClientGameState, 'location' | 'marketInfo' | 'worldPrices' | 'player'>): WorldPrices {
  const here = Object.fromEntries(visibleMarketRows(gs).map((m) => [m.id, m.price]));
  return { ...gs.worldPrices, [gs.location]: here };
}

type PriceRow = [drugId: string, price: number];
type CityRow = { id: string; name: string; price: number | undefined; seen: string };

export function WorldPricesView() {
  const gameState = useGameStore((s) => s.gameState);
  const { drugs, locations } = useCatalogue();
  const mobile = useIsMobile();
  const [drugId, setDrugId] = useState(() => drugs[0]?.id ?? '');
  const prices: WorldPrices = gameState ? knownPrices(gameState) : {};
  const seenOn = gameState?.worldPricesDay ?? {};
  const today = gameState?.day ?? 0;
  const current = gameState?.location ?? '';
  const ordered = [
    ...locations.filter((l) => prices[l.id]),
    ...Object.keys(prices)
      .filter((id) => !locations.some((l) => l.id === id))
      .map((id) => ({ id, name: id })),
  ];
  const seen = (id: string) => (id === current ? 'you are here' : seenLabel(seenOn[id], today));

  let body;
  if (ordered.length === 0) body = <p className="empty">Loading prices...</p>;
  else if (mobile) {
    const columns: Column<CityRow>[] = [
      { header: 'City', cell: (r) => r.name },
      { header: 'Price', cell: (r) => (r.price === undefined ? 'none' : formatMoney(r.price)), className: 'num' },
      { header: 'Seen', cell: (r) => r.seen, className: 'seen-cell' },
    ];
    const rows: CityRow[] = ordered.map((l) => ({ id: l.id, name: l.name, price: prices[l.id]?.[drugId], seen: seen(l.id) }));
    body = (
      <>
        <DrugSelect drugs={drugs} value={drugId} onChange={setDrugId} />
        <Table
          className="data-table city-prices"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.id}
          rowClassName={(r) => (r.id === current ? 'current' : undefined)}
        />
      </>
    );
  } else {
    const columns: Column<PriceRow>[] = [
      { header: 'Drug', cell: ([id]) => nameOf(drugs, id) },
      { header: 'Price', cell: ([, price]) => formatMoney(price), className: 'num' },
    ];
    body = (
      <div className="price-cards">
        {ordered.map((loc) => {
          const rows: PriceRow[] = Object.entries(prices[loc.id] ?? {}).sort(([a], [b]) => nameOf(drugs, a).localeCompare(nameOf(drugs, b)));
          const isCurrent = loc.id === current;
          return (
            <section key={loc.id} className={`price-card${isCurrent ? ' current' : ''}`} data-testid={`prices-${loc.id}`}>
              <h3>
                {loc.name}
                {isCurrent ? (
                  <span className="here-tag"> (You are here)</span>
                ) : (
                  <span className="seen-tag"> ({seen(loc.id)})</span>
                )}
              </h3>
              <Table className="data-table" columns={columns} rows={rows} rowKey={([id]) => id} />
            </section>
          );
        })}
      </div>
    );
  }

  return (
    <div className="info-view world-prices">
      <ViewHeader title="World Drug Prices" />
      <p className="prices-note">Only your market is live. Elsewhere you see the last prices you saw there: they have moved since.</p>
      {body}
    </div>
  );
}

export default WorldPricesView;
