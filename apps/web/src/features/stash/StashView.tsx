// The stash at the current location: what is carried (Stash) and what is stashed here (Take). Keys
// (components/useRowKeys): the rows are numbered down both tables; S stashes the selected row's drug, T takes it.
import { useRef, useState } from 'react';
import { Table, type Column } from '../../components/Table';
import { TradeModal } from '../../components/TradeModal';
import { useRowKeys } from '../../components/useRowKeys';
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
  /** Which table the row is in: carried (Stash) or stashed here (Take). */
  mode: Mode;
}

export function StashView() {
  const gs = useGameStore((s) => s.gameState);
  const catalogue = useCatalogue();
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING');
  const [trade, setTrade] = useState<{ drugId: string; mode: Mode } | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const p = gs?.player;
  const here = (gs && p && (p.stash[gs.location] ?? p.currentStash)) || {};
  const rowsOf = (held: Record<string, { quantity: number }>, mode: Mode): Row[] =>
    Object.entries(held)
      .filter(([, e]) => e.quantity > 0)
      .map(([drugId, e]) => ({ drugId, name: drugName(catalogue, drugId, gs ?? undefined), quantity: e.quantity, mode }));
  const carrying = p ? rowsOf(p.inventory, 'stash') : [];
  const stashed = rowsOf(here, 'take');
  const held = (drugId: string, mode: Mode) => (mode === 'stash' ? (p?.inventory[drugId]?.quantity ?? 0) : (here[drugId]?.quantity ?? 0));
  const open = (mode: Mode) => (r: Row): true | string => {
    if (busy) return 'Wait for your last move.';
    if (held(r.drugId, mode) <= 0) return mode === 'stash' ? `You carry no ${r.name} to stash.` : `No ${r.name} stashed here.`;
    setTrade({ drugId: r.drugId, mode });
    return true;
  };
  const keys = useRowKeys({
    rows: [...carrying, ...stashed],
    idOf: (r) => `${r.mode}:${r.drugId}`,
    scope: sectionRef,
    actions: { stashRow: open('stash'), takeRow: open('take') },
  });
  if (!gs || !p) return null;

  const rows = (mode: Mode) => (mode === 'stash' ? carrying : stashed);
  const rowClass = (r: Row) => (keys.isSelected(r) ? 'row-selected' : undefined);
  const columns = (mode: Mode): Column<Row>[] => {
    const label = mode === 'stash' ? 'Stash' : 'Take';
    return [
      {
        header: 'Drug',
        cell: (r) => (
          <span className="row-key" {...keys.numberProps((mode === 'stash' ? 0 : carrying.length) + rows(mode).indexOf(r))}>
            {r.name}
          </span>
        ),
      },
      { header: 'Qty', cell: (r) => r.quantity, className: 'num' },
      {
        header: 'Action',
        cell: (r) => (
          <button
            type="button"
            className="btn btn-small"
            disabled={busy}
            aria-label={`${label} ${r.name}`}
            {...keys.actionProps(r, mode === 'stash' ? 'stashRow' : 'takeRow')}
            onClick={() => setTrade({ drugId: r.drugId, mode })}
          >
            {label}
          </button>
        ),
      },
    ];
  };

  return (
    <section className="view stash-view" ref={sectionRef}>
      <ViewHeader title="Stash" />
      <h3>
        CARRYING ({p.usedSpace}/{p.coatSpace})
      </h3>
      {carrying.length === 0 ? (
        <p className="empty">Not carrying any drugs.</p>
      ) : (
        <Table columns={columns('stash')} rows={carrying} rowKey={(r) => r.drugId} rowClassName={rowClass} />
      )}
      <h3>STASH IN {locationName(catalogue, gs.location)}</h3>
      {stashed.length === 0 ? (
        <p className="empty">No drugs stashed here.</p>
      ) : (
        <Table columns={columns('take')} rows={stashed} rowKey={(r) => r.drugId} rowClassName={rowClass} />
      )}
      {trade && (
        <TradeModal
          ctx={{
            mode: trade.mode,
            drugName: drugName(catalogue, trade.drugId, gs),
            price: 0,
            cash: p.cash,
            maximum: held(trade.drugId, trade.mode),
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
