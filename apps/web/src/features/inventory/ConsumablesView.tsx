// Your Consumables (SPEC.md section 2): items with quantity, description and value, and the total. Using
// them is not part of the game yet, which the note says.
import { formatMoney } from '../../lib/format';
import { useGameStore } from '../../store/gameStore';
import { ViewHeader } from '../game/ViewHeader';
import { useCatalogue } from '../info/catalogue';
import './inventory.css';

export const CONSUMABLES_NOTE = 'Consumable usage will be available in a future update.';

export function ConsumablesView() {
  const held = useGameStore((s) => s.gameState?.player.items.consumables ?? null);
  const { consumables } = useCatalogue();
  if (!held) return null;
  const rows = Object.entries(held)
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
        <table className="data-table">
          <thead>
            <tr>
              <th>Item</th>
              <th>Qty</th>
              <th>Description</th>
              <th>Value</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{r.name}</td>
                <td className="num">{r.quantity}</td>
                <td className="item-description">{r.description}</td>
                <td className="num">{formatMoney(r.value)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <td colSpan={3}>Total</td>
              <td className="num">{formatMoney(total)}</td>
            </tr>
          </tfoot>
        </table>
      )}
      <p className="note">{CONSUMABLES_NOTE}</p>
    </div>
  );
}

export default ConsumablesView;
