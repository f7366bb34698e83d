// The market (SPEC.md section 2): rows for drugs in stock, owned, or spiking/crashing; trend arrows against the
// previous day; Buy disabled when cash is below the price or stock is 0; Sell when owned.
// Keys (components/useRowKeys): a row's number (or the arrows) selects it; B and S open its trade dialog, M buys
// the most the engine allows and A sells all held at once.
import { useEffect, useRef, useState } from 'react';
import type { ClientGameState, MarketEntry } from '@drugwars/engine';
import { Table, type Column } from '../../components/Table';
import { TradeModal } from '../../components/TradeModal';
import { cheapestFare, strandingWarning } from '../../components/TravelRisk';
import { useRowKeys } from '../../components/useRowKeys';
import { ViewHeader } from '../../components/ViewHeader';
import { locationName } from '../../lib/catalogue';
import { formatMoney, priceTrend, trendWords } from '../../lib/format';
import { marketRowsThisVisit } from '../../lib/marketRows';
import { buyMaximum, type TradeContext } from '../../lib/tradeLimits';
import { buyDrug, sellDrug } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';

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
  const sectionRef = useRef<HTMLElement>(null);
  const shownBefore = useGameStore((s) => s.marketRowsShown);
  const visit = gs ? marketRowsThisVisit(gs, shownBefore) : null;
  const rows = visit?.rows ?? [];
  useEffect(() => {
    if (visit && visit.shown !== shownBefore) useGameStore.getState().setMarketRowsShown(visit.shown);
  });
  const owned = (m: MarketEntry) => gs?.player.inventory[m.id]?.quantity ?? 0;
  const canBuy = (m: MarketEntry) => !!gs && gs.player.cash >= m.price && m.quantity > 0 && !busy;
  const canSell = (m: MarketEntry) => owned(m) > 0 && !busy;
  /** Why a row's buy is not offered now (said when its key is pressed), or true when it is. */
  const buyable = (m: MarketEntry): true | string =>
    canBuy(m) || (m.quantity <= 0 ? `No ${m.name} for sale here today.` : `You can't afford ${m.name} at ${formatMoney(m.price)}.`);
  const sellable = (m: MarketEntry): true | string => canSell(m) || `You have no ${m.name} to sell.`;

  const keys = useRowKeys({
    rows,
    idOf: (m) => m.id,
    scope: sectionRef,
    actions: {
      buy: (m) => buyable(m) !== true ? buyable(m) : (setTrade({ entry: m, mode: 'buy' }), true),
      sell: (m) => sellable(m) !== true ? sellable(m) : (setTrade({ entry: m, mode: 'sell' }), true),
      buyMax: (m) => {
        if (buyable(m) !== true) return buyable(m);
        const quantity = gs ? buyMaximum(gs, m.id) : 0;
        if (quantity < 1) return `You have no room for more ${m.name}.`;
        void buyDrug(m.id, quantity, m.price);
        return true;
      },
      sellAll: (m) => sellable(m) !== true ? sellable(m) : (void sellDrug(m.id, owned(m), m.price), true),
    },
  });
  if (!gs) return null;

  const columns: Column<MarketEntry>[] = [
    {
      header: 'Drug',
      // the row's number on desktop (a hint drawn by the stylesheet, not part of the cell's text)
      cell: (m) => (
        <span className="row-key" {...keys.numberProps(rows.indexOf(m))}>
          {m.name}
        </span>
      ),
    },
    {
      header: 'Price',
      className: 'num',
      cell: (m) => {
        const trend = priceTrend(m.price, m.previousPrice);
        return (
          <>
            {formatMoney(m.price)}{' '}
            {trend.arrows > 0 && (
              <span className={`trend trend-${trend.direction} ${trend.className}`} role="img" aria-label={trendWords(trend)}>
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
            disabled={!canBuy(m)}
            aria-label={`Buy ${m.name}`}
            {...keys.actionProps(m, 'buy')}
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
              {...keys.actionProps(m, 'sell')}
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
    <section className="view market-view" ref={sectionRef}>
      <ViewHeader title={`Market: ${locationName(catalogue, gs.location)}`} />
      {rows.length === 0 ? (
        <p className="empty">Nothing for sale here today.</p>
      ) : (
        <div className="table-wrap">
          <Table
            columns={columns}
            rows={rows}
            rowKey={(m) => m.id}
            rowClassName={(m) =>
              [m.trend !== 'normal' ? `trend-${m.trend}` : '', keys.isSelected(m) ? 'row-selected' : ''].join(' ').trim() || undefined
            }
          />
        </div>
      )}
      {trade && (
        <TradeModal
          ctx={tradeContextFor(gs, trade.entry, trade.mode)}
          warning={
            trade.mode === 'buy'
              ? (q) =>
                  // past what the cash covers the dialog's own error says so on Confirm; below it, the fare is the worry
                  q > 0 && q * trade.entry.price <= gs.player.cash
                    ? strandingWarning(gs.player.cash - q * trade.entry.price, cheapestFare(catalogue.locations, gs.location))
                    : null
              : undefined
          }
          onClose={() => setTrade(null)}
          onConfirm={async (q) => {
            const opts = { refusalIn: 'dialog' } as const;
            const r =
              trade.mode === 'buy'
                ? await buyDrug(trade.entry.id, q, trade.entry.price, opts)
                : await sellDrug(trade.entry.id, q, trade.entry.price, opts);
            if (r.ok) return true;
            if (r.refused) return r.message;
            setTrade(null);
            return false;
          }}
        />
      )}
    </section>
  );
}
