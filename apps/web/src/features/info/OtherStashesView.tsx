// Other Stashes (SPEC.md section 2): what the player keeps stashed in the other cities.
import { Table, type Column } from '../../components/Table';
import { ViewHeader } from '../../components/ViewHeader';
import { nameOf } from '../../lib/catalogue';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';
import './info.css';

interface StashRow {
  drugId: string;
  name: string;
  quantity: number;
}

const COLUMNS: Column<StashRow>[] = [
  { header: 'Drug', cell: (r) => r.name },
  { header: 'Quantity', cell: (r) => r.quantity, className: 'num' },
];

export function OtherStashesView() {
  const player = useGameStore((s) => s.gameState?.player ?? null);
  const { drugs, locations } = useCatalogue();
  const stashes = Object.entries(player?.stash ?? {})
    .filter(([locationId]) => locationId !== player?.location)
    .map(([locationId, byDrug]) => ({
      locationId,
      name: nameOf(locations, locationId),
      rows: Object.entries(byDrug)
        .filter(([, held]) => held.quantity > 0)
        .map(([drugId, held]) => ({ drugId, name: nameOf(drugs, drugId), quantity: held.quantity })),
    }))
    .filter((s) => s.rows.length > 0)
    .sort((a, b) => a.name.localeCompare(b.name));

  return (
    <div className="info-view other-stashes">
      <ViewHeader title="Other Stashes" />
      {stashes.length === 0 ? (
        <p className="empty">You have no drugs stashed in other cities.</p>
      ) : (
        <div className="price-cards">
          {stashes.map((s) => (
            <section key={s.locationId} className="price-card">
              <h3>{s.name}</h3>
              <Table className="data-table" columns={COLUMNS} rows={s.rows} rowKey={(r) => r.drugId} />
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

export default OtherStashesView;
