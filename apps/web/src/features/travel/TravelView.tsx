// 'TRAVEL TO...': a button per location with an airport symbol and 'Danger:' as 5 stars; plus staying here.
import { formatMoney } from '../../lib/format';
import { stayHere, travel } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';

/** Filled stars for a danger level (0 to 5). */
function dangerFilled(level: number): number {
  return Math.max(0, Math.min(5, Math.round(level)));
}

export function dangerStars(level: number): string {
  const filled = dangerFilled(level);
  return '★'.repeat(filled) + '☆'.repeat(5 - filled);
}

export function TravelView() {
  const gs = useGameStore((s) => s.gameState);
  const { locations } = useCatalogue();
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING' || s.transition !== null);
  if (!gs) return null;
  return (
    <section className="view travel-view">
      <header className="view-header">
        <h2 className="view-title">TRAVEL TO...</h2>
      </header>
      <div className="location-grid">
        {locations
          .filter((l) => l.id !== gs.location)
          .map((l) => (
            <button
              key={l.id}
              type="button"
              className="btn location-btn"
              disabled={busy || gs.player.cash < l.flightPrice}
              onClick={() => void travel(l.id)}
            >
              <span className="loc-name">
                {l.name}{' '}
                {l.hasAirport && (
                  <span role="img" aria-label="airport">
                    ✈
                  </span>
                )}
              </span>
              <span className="loc-price">{formatMoney(l.flightPrice)}</span>
              <span className="loc-danger" role="img" aria-label={`Danger: ${dangerFilled(l.dangerLevel)} of 5`}>
                Danger: {dangerStars(l.dangerLevel)}
              </span>
            </button>
          ))}
      </div>
      <div className="modal-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => void stayHere()}>
          Stay Here (next day)
        </button>
      </div>
    </section>
  );
}
