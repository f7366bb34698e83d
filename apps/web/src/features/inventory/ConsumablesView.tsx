// Your Consumables (SPEC.md section 2): items with quantity, description and value, and the total. Using
// them is not part of the game yet, which the note says.
import { Table, type Column } from '../../components/Table';
import { ViewHeader } from '../../components/ViewHeader';
import { formatMoney } from '../../lib/format';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';
import './inventory.css';

interface ConsumableRow {
  id: string;
  name: string;
  description: string;
  quantity: number;
  value: number;
}

const COLUMNS: Column<ConsumableRow>[] = [
  { header: 'Item', cell: (r) => r.name },
  { header: 'Qty', cell: (r) => r.quantity, className: 'num' },
  { header: 'Description', cell: (r) => r.description, className: 'item-description' },
  { header: 'Value', cell: (r) => formatMoney(r.value), className: 'num' },
];

export const CONSUMABLES_NOTE = 'Consumable usage will be available in a future update.';

export function ConsumablesView() {
  const held = useGameStore((s) => s.gameState?.player.items.consumables ?? null);
  const { consumables } = useCatalogue();
  if (!held) return null;
  const rows: ConsumableRow[] = Object.entries(held)
    .filter(([, qty]) => qty > 0)
    .map(([id, quantity]) => {
      const item = consumables.find((c) => c.id === id);
      const unit = item?.price ?? 0;
      return { id, name: item?.name ?? id, description: item?.description ?? '', quantity, value: unit * quantity };
    });
  const total = rows.reduce((sum, r) => sum + r.value, 0);
  return (
    <div className="inventory-view consumables-view">
      <ViewHeader title="Your Consumables" />
      {rows.length === 0 ? (
        <p className="empty">You don't have any consumables.</p>
      ) : (
        <Table
          className="data-table"
          columns={COLUMNS}
          rows={rows}
          rowKey={(r) => r.id}
          footer={{ label: 'Total', value: formatMoney(total) }}
        />
      )}
      <p className="note">{CONSUMABLES_NOTE}</p>
    </div>
  );
}

export default ConsumablesView;
