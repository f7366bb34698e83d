// 'TRAVEL TO...': a button per location with an airport symbol, 'Danger:' as 5 stars and tonight's odds of a
// fight there with what the player carries; plus staying here (with its own odds).
import { HeatNote, riskPercent, TravelRisk } from '../../components/TravelRisk';
import { formatMoney } from '../../lib/format';
import { stayHere, travel } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';

export function TravelView() {
  const gs = useGameStore((s) => s.gameState);
  const { locations } = useCatalogue();
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING' || s.transition !== null);
  if (!gs) return null;
  const here = locations.find((l) => l.id === gs.location);
  return (
    <section className="view travel-view">
      <header className="view-header">
        <h2 className="view-title">TRAVEL TO...</h2>
      </header>
      <HeatNote player={gs.player} />
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
              <TravelRisk dangerLevel={l.dangerLevel} player={gs.player} />
            </button>
          ))}
      </div>
      <div className="modal-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => void stayHere()}>
          Stay Here (next day)
        </button>
        {here && <span className="loc-risk">Risk tonight here: {riskPercent(here.dangerLevel, gs.player)}%</span>}
      </div>
    </section>
  );
}
