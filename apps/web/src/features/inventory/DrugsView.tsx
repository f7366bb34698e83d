// Your Drugs (SPEC.md section 2): capacity used/coatSpace, each drug with units, price per unit and total,
// and the total value. The price is today's market price here; where this market has none, the average
// price paid (totalCost / quantity).
import type { ClientGameState } from '@drugwars/engine';
import { Table, type Column } from '../../components/Table';
import { ViewHeader } from '../../components/ViewHeader';
import { DEFAULT_INVENTORY_NAME } from '../../constants';
import { nameOf } from '../../lib/catalogue';
import { formatMoney } from '../../lib/format';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';
import './inventory.css';

export interface DrugRow {
  drugId: string;
  units: number;
  price: number;
  total: number;
}

export function drugRows(gs: Pick<ClientGameState, 'prices' | 'player'>): DrugRow[] {
  return Object.entries(gs.player.inventory)
    .filter(([, entry]) => entry.quantity > 0)
    .map(([drugId, entry]) => {
      const market = gs.prices[drugId];
      const price = market ?? Math.round(entry.totalCost / entry.quantity);
      return { drugId, units: entry.quantity, price, total: price * entry.quantity };
    });
}

export function DrugsView() {
  const gameState = useGameStore((s) => s.gameState);
  const { drugs } = useCatalogue();
  if (!gameState) return null;
  const { player } = gameState;
  const rows = drugRows(gameState).sort((a, b) => nameOf(drugs, a.drugId).localeCompare(nameOf(drugs, b.drugId)));
  const totalValue = rows.reduce((sum, r) => sum + r.total, 0);
  const columns: Column<DrugRow>[] = [
    { header: 'Drug', cell: (r) => nameOf(drugs, r.drugId) },
    { header: 'Units', cell: (r) => r.units, className: 'num' },
    { header: 'Price/Unit', cell: (r) => formatMoney(r.price), className: 'num' },
    { header: 'Total', cell: (r) => formatMoney(r.total), className: 'num' },
  ];
  return (
    <div className="inventory-view drugs-view">
      <ViewHeader title="Your Drugs" />
      <p className="capacity">
        {player.rank?.inventoryName || DEFAULT_INVENTORY_NAME}: {player.usedSpace}/{player.coatSpace}
      </p>
      {rows.length === 0 ? (
        <p className="empty">You're not carrying any drugs.</p>
      ) : (
        <Table
          className="data-table"
          columns={columns}
          rows={rows}
          rowKey={(r) => r.drugId}
          footer={{ label: 'Total drug value', value: formatMoney(totalValue) }}
        />
      )}
    </div>
  );
}

export default DrugsView;
