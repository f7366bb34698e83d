// The stash at the current location: what is carried (Stash) and what is stashed here (Take).
import { useState } from 'react';
import { Table, type Column } from '../../components/Table';
import { TradeModal } from '../../components/TradeModal';
import { ViewHeader } from '../../components/ViewHeader';
import { drugName, locationName } from '../../lib/catalogue';
import { stashDrug, takeDrug } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';

type Mode = 'stash' | 'take';
interface Row {
  drugId: string;
  name: string;
  quantity: number;
}

export function StashView() {
  const gs = useGameStore((s) => s.gameState);
  const catalogue = useCatalogue();
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING');
  const [trade, setTrade] = useState<{ drugId: string; mode: Mode } | null>(null);
  if (!gs) return null;
  const p = gs.player;
  const here = p.stash[gs.location] ?? p.currentStash ?? {};
  const rowsOf = (held: Record<string, { quantity: number }>): Row[] =>
    Object.entries(held)
      .filter(([, e]) => e.quantity > 0)
      .map(([drugId, e]) => ({ drugId, name: drugName(catalogue, drugId, gs), quantity: e.quantity }));
  const carrying = rowsOf(p.inventory);
  const stashed = rowsOf(here);

  const columns = (mode: Mode): Column<Row>[] => {
    const label = mode === 'stash' ? 'Stash' : 'Take';
    return [
      { header: 'Drug', cell: (r) => r.name },
      { header: 'Qty', cell: (r) => r.quantity, className: 'num' },
      {
        header: 'Action',
        cell: (r) => (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            aria-label={`${label} ${r.name}`}
            onClick={() => setTrade({ drugId: r.drugId, mode })}
          >
            {label}
          </button>
        ),
      },
    ];
  };

  return (
    <section className="view stash-view">
      <ViewHeader title="Stash" />
      <h3>
        CARRYING ({p.usedSpace}/{p.coatSpace})
      </h3>
      {carrying.length === 0 ? (
        <p className="empty">Not carrying any drugs.</p>
      ) : (
        <Table columns={columns('stash')} rows={carrying} rowKey={(r) => r.drugId} />
      )}
      <h3>STASH IN {locationName(catalogue, gs.location)}</h3>
      {stashed.length === 0 ? (
        <p className="empty">No drugs stashed here.</p>
      ) : (
        <Table columns={columns('take')} rows={stashed} rowKey={(r) => r.drugId} />
      )}
      {trade && (
        <TradeModal
          ctx={{
            mode: trade.mode,
            drugName: drugName(catalogue, trade.drugId, gs),
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
