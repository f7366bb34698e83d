// World Drug Prices (SPEC.md section 2): a card per location with its drug prices; the current location is
// highlighted. Only the current location's prices are today's: every other card shows the prices the player last
// saw there and says when ('seen day 4, 3 days ago'), because markets move every night. Uses gameState.worldPrices
// and worldPricesDay (SPEC.md: the view needs worldPrices in the game state), so it opens with its cards.
import { Table, type Column } from '../../components/Table';
import { ViewHeader } from '../../components/ViewHeader';
import { nameOf } from '../../lib/catalogue';
import { formatMoney } from '../../lib/format';
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
type PriceRow = [drugId: string, price: number];

export function WorldPricesView() {
  const gameState = useGameStore((s) => s.gameState);
  const { drugs, locations } = useCatalogue();
  const prices: WorldPrices = gameState?.worldPrices ?? {};
  const seenOn = gameState?.worldPricesDay ?? {};
  const today = gameState?.day ?? 0;
  const columns: Column<PriceRow>[] = [
    { header: 'Drug', cell: ([drugId]) => nameOf(drugs, drugId) },
    { header: 'Price', cell: ([, price]) => formatMoney(price), className: 'num' },
  ];
  const current = gameState?.location ?? '';
  const ordered = [
    ...locations.filter((l) => prices[l.id]),
    ...Object.keys(prices)
      .filter((id) => !locations.some((l) => l.id === id))
      .map((id) => ({ id, name: id })),
  ];

  return (
    <div className="info-view world-prices">
      <ViewHeader title="World Drug Prices" />
      <p className="prices-note">Only your market is live. Elsewhere you see the last prices you saw there: they have moved since.</p>
      {ordered.length === 0 ? (
        <p className="empty">Loading prices...</p>
      ) : (
        <div className="price-cards">
          {ordered.map((loc) => {
            const rows: PriceRow[] = Object.entries(prices[loc.id] ?? {}).sort(([a], [b]) =>
              nameOf(drugs, a).localeCompare(nameOf(drugs, b)),
            );
            const isCurrent = loc.id === current;
            return (
              <section key={loc.id} className={`price-card${isCurrent ? ' current' : ''}`} data-testid={`prices-${loc.id}`}>
                <h3>
                  {loc.name}
                  {isCurrent ? (
                    <span className="here-tag"> (You are here)</span>
                  ) : (
                    <span className="seen-tag"> ({seenLabel(seenOn[loc.id], today)})</span>
                  )}
                </h3>
                <Table className="data-table" columns={columns} rows={rows} rowKey={([drugId]) => drugId} />
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}

export default WorldPricesView;
