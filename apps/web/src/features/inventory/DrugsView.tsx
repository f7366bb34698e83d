// Your Drugs (SPEC.md section 2): capacity used/coatSpace, each drug with units, price per unit and total,
// and the total value. The price is today's market price here; where this market has none, the average
// price paid (totalCost / quantity).
import { formatMoney } from '../../lib/format';
import { useGameStore } from '../../store/gameStore';
import { ViewHeader } from '../game/ViewHeader';
import { nameOf, useCatalogue } from '../info/catalogue';
import type { ClientGameState } from '@drugwars/engine';
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
  return (
    <div className="inventory-view drugs-view">
      <ViewHeader title="Your Drugs" />
      <p className="capacity">
        {player.rank?.inventoryName || 'Inventory'}: {player.usedSpace}/{player.coatSpace}
      </p>
      {rows.length === 0 ? (
        <p className="empty">You're not carrying any drugs.</p>
      ) : (
        <table className="data-table">
          <thead>
            <tr>
              <th>Drug</th>
              <th>Units</th>
              <th>Price/Unit</th>
              <th>Total</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.drugId}>
                <td>{nameOf(drugs, r.drugId)}</td>
                <td className="num">{r.units}</td>
                <td className="num">{formatMoney(r.price)}</td>
                <td className="num">{formatMoney(r.total)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={3}>Total drug value</td>
              <td className="num">{formatMoney(totalValue)}</td>
            </tr>
          </tfoot>
        </table>
      )}
    </div>
  );
}

export default DrugsView;
