// The market (SPEC.md section 2): rows for drugs in stock, owned, or spiking/crashing; trend arrows against the
// previous day; Buy disabled when cash is below the price or stock is 0; Sell when owned.
import { useState } from 'react';
import type { ClientGameState, MarketEntry } from '@drugwars/engine';
import { Table, type Column } from '../../components/Table';
import { TradeModal } from '../../components/TradeModal';
import { ViewHeader } from '../../components/ViewHeader';
import { locationName } from '../../lib/catalogue';
import { formatMoney, priceTrend } from '../../lib/format';
import { buyMaximum, type TradeContext } from '../../lib/tradeLimits';
import { buyDrug, sellDrug } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';

export function visibleMarketRows(gs: ClientGameState): MarketEntry[] {
  return gs.marketInfo.filter(
    (m) =>
      m.quantity > 0 || (gs.player.inventory[m.id]?.quantity ?? 0) > 0 || m.trend === 'spike' || m.trend === 'crash',
  );
}

export function tradeContextFor(gs: ClientGameState, entry: MarketEntry, mode: 'buy' | 'sell'): TradeContext {
  return {
    mode,
    drugName: entry.name,
    price: entry.price,
    cash: gs.player.cash,
    maximum: mode === 'buy' ? buyMaximum(gs, entry.id) : (gs.player.inventory[entry.id]?.quantity ?? 0),
  };
}

export function MarketView() {
  const gs = useGameStore((s) => s.gameState);
  const catalogue = useCatalogue();
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING');
  const [trade, setTrade] = useState<{ entry: MarketEntry; mode: 'buy' | 'sell' } | null>(null);
  if (!gs) return null;
  const rows = visibleMarketRows(gs);
  const owned = (m: MarketEntry) => gs.player.inventory[m.id]?.quantity ?? 0;

  const columns: Column<MarketEntry>[] = [
    { header: 'Drug', cell: (m) => m.name },
    {
      header: 'Price',
      className: 'num',
      cell: (m) => {
        const trend = priceTrend(m.price, m.previousPrice);
        return (
          <>
            {formatMoney(m.price)}{' '}
            {trend.arrows > 0 && (
              <span className={`trend trend-${trend.direction} ${trend.className}`} role="img" aria-label={`price ${trend.direction}`}>
                {trend.text}
              </span>
            )}
          </>
        );
      },
    },
    { header: 'QTY Available', cell: (m) => m.quantity, className: 'num' },
    { header: 'You Have', cell: owned, className: 'num' },
    {
      header: 'Action',
      className: 'actions',
      cell: (m) => (
        <>
          <button
            type="button"
            className="btn btn-small"
            disabled={gs.player.cash < m.price || m.quantity <= 0 || busy}
            aria-label={`Buy ${m.name}`}
            onClick={() => setTrade({ entry: m, mode: 'buy' })}
          >
            Buy
          </button>
          {owned(m) > 0 && (
            <button
              type="button"
              className="btn btn-small"
              disabled={busy}
              aria-label={`Sell ${m.name}`}
              onClick={() => setTrade({ entry: m, mode: 'sell' })}
            >
              Sell
            </button>
          )}
        </>
      ),
    },
  ];

  return (
    <section className="view market-view">
      <ViewHeader title={`Market: ${locationName(catalogue, gs.location)}`} />
      {rows.length === 0 ? (
        <p className="empty">Nothing for sale here today.</p>
      ) : (
        <div className="table-wrap">
          <Table
            columns={columns}
            rows={rows}
            rowKey={(m) => m.id}
            rowClassName={(m) => (m.trend !== 'normal' ? `trend-${m.trend}` : undefined)}
          />
        </div>
      )}
      {trade && (
        <TradeModal
          ctx={tradeContextFor(gs, trade.entry, trade.mode)}
          onClose={() => setTrade(null)}
          onConfirm={async (q) => {
            const r =
              trade.mode === 'buy'
                ? await buyDrug(trade.entry.id, q, trade.entry.price)
                : await sellDrug(trade.entry.id, q, trade.entry.price);
            if (!r.ok) setTrade(null);
            return r.ok;
          }}
        />
      )}
    </section>
  );
}
