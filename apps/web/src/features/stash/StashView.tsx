// The stash at the current location: what is carried (Stash) and what is stashed here (Take).
import { useState } from 'react';
import { stashDrug, takeDrug } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { TradeModal } from '../market/TradeModal';
import { ViewHeader } from '../game/ViewHeader';
import { drugName, locationName } from '../game/lookups';

export function StashView() {
  const gs = useGameStore((s) => s.gameState);
  const data = useGameStore((s) => s.gameData);
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING');
  const [trade, setTrade] = useState<{ drugId: string; mode: 'stash' | 'take' } | null>(null);
  if (!gs) return null;
  const p = gs.player;
  const carrying = Object.entries(p.inventory).filter(([, e]) => e.quantity > 0);
  const here = p.stash[gs.location] ?? p.currentStash ?? {};
  const stashed = Object.entries(here).filter(([, e]) => e.quantity > 0);
  const where = locationName(gs.location, data);

  return (
    <section className="view stash-view">
      <ViewHeader title="Stash" />
      <h3>
        CARRYING ({p.usedSpace}/{p.coatSpace})
      </h3>
      {carrying.length === 0 ? (
        <p className="empty">Not carrying any drugs.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Drug</th>
              <th scope="col">Qty</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {carrying.map(([id, e]) => (
              <tr key={id}>
                <td>{drugName(id, gs, data)}</td>
                <td className="num">{e.quantity}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy}
                    aria-label={`Stash ${drugName(id, gs, data)}`}
                    onClick={() => setTrade({ drugId: id, mode: 'stash' })}
                  >
                    Stash
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <h3>STASH IN {where}</h3>
      {stashed.length === 0 ? (
        <p className="empty">No drugs stashed here.</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Drug</th>
              <th scope="col">Qty</th>
              <th scope="col">Action</th>
            </tr>
          </thead>
          <tbody>
            {stashed.map(([id, e]) => (
              <tr key={id}>
                <td>{drugName(id, gs, data)}</td>
                <td className="num">{e.quantity}</td>
                <td>
                  <button
                    type="button"
                    className="btn btn-small"
                    disabled={busy}
                    aria-label={`Take ${drugName(id, gs, data)}`}
                    onClick={() => setTrade({ drugId: id, mode: 'take' })}
                  >
                    Take
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {trade && (
        <TradeModal
          ctx={{
            mode: trade.mode,
            drugName: drugName(trade.drugId, gs, data),
            price: 0,
            cash: p.cash,
            maximum:
              trade.mode === 'stash'
                ? (p.inventory[trade.drugId]?.quantity ?? 0)
                : (here[trade.drugId]?.quantity ?? 0),
          }}
          onClose={() => setTrade(null)}
          onConfirm={async (q) => {
            const r = trade.mode === 'stash' ? await stashDrug(trade.drugId, q) : await takeDrug(trade.drugId, q);
            if (!r.ok) setTrade(null);
            return r.ok;
          }}
        />
      )}
    </section>
  );
}
