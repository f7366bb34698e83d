// The market (SPEC.md section 2): rows for drugs in stock, owned, or spiking/crashing; trend arrows against the
// previous day; Buy disabled when cash is below the price or stock is 0; Sell when owned.
import { useState } from 'react';
import type { ClientGameState, MarketEntry } from '@drugwars/engine';
import { formatMoney, priceTrend } from '../../lib/format';
import { buyMaximum, type TradeContext } from '../../lib/tradeLimits';
import { buyDrug, sellDrug } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { ViewHeader } from '../game/ViewHeader';
import { locationName } from '../game/lookups';
import { TradeModal } from './TradeModal';

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
  const data = useGameStore((s) => s.gameData);
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING');
  const [trade, setTrade] = useState<{ entry: MarketEntry; mode: 'buy' | 'sell' } | null>(null);
  if (!gs) return null;
  const rows = visibleMarketRows(gs);

  return (
    <section className="view market-view">
      <ViewHeader title={`Market: ${locationName(gs.location, data)}`} />
      {rows.length === 0 ? (
        <p className="empty">Nothing for sale here today.</p>
      ) : (
        <div className="table-wrap">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Drug</th>
                <th scope="col">Price</th>
                <th scope="col">QTY Available</th>
                <th scope="col">You Have</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((m) => {
                const owned = gs.player.inventory[m.id]?.quantity ?? 0;
                const trend = priceTrend(m.price, m.previousPrice);
                const canBuy = gs.player.cash >= m.price && m.quantity > 0;
                return (
                  <tr key={m.id} className={m.trend !== 'normal' ? `trend-${m.trend}` : ''}>
                    <td>{m.name}</td>
                    <td className="num">
                      {formatMoney(m.price)}{' '}
                      {trend.arrows > 0 && (
                        <span
                          className={`trend trend-${trend.direction} ${trend.className}`}
                          role="img"
                          aria-label={`price ${trend.direction}`}
                        >
                          {trend.text}
                        </span>
                      )}
                    </td>
                    <td className="num">{m.quantity}</td>
                    <td className="num">{owned}</td>
                    <td className="actions">
                      <button
                        type="button"
                        className="btn btn-small"
                        disabled={!canBuy || busy}
                        aria-label={`Buy ${m.name}`}
                        onClick={() => setTrade({ entry: m, mode: 'buy' })}
                      >
                        Buy
                      </button>
                      {owned > 0 && (
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
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
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
