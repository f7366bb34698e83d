// Other Stashes (SPEC.md section 2): what the player keeps stashed in the other cities.
import { useGameStore } from '../../store/gameStore';
import { ViewHeader } from '../game/ViewHeader';
import { nameOf, useCatalogue } from './catalogue';
import './info.css';

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
              <table className="data-table">
                <thead>
                  <tr>
                    <th>Drug</th>
                    <th>Quantity</th>
                  </tr>
                </thead>
                <tbody>
                  {s.rows.map((r) => (
                    <tr key={r.drugId}>
                      <td>{r.name}</td>
                      <td className="num">{r.quantity}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ))}
        </div>
      )}
    </div>
  );
}

export default OtherStashesView;
