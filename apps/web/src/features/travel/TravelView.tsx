// 'TRAVEL TO...': a button per location with an airport symbol, how the trip is made and its fare, 'Danger:' as
// 5 stars and tonight's odds of a fight there with what the player carries; plus staying here (with its own odds).
import { useDayEnd } from '../../components/DayEnd';
import { cheapestFare, Destination, HeatNote, riskPercent, StrandedNote } from '../../components/TravelRisk';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';

export function TravelView() {
  const gs = useGameStore((s) => s.gameState);
  const { locations } = useCatalogue();
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING' || s.transition !== null);
  const dayEnd = useDayEnd(gs);
  if (!gs) return null;
  const here = locations.find((l) => l.id === gs.location);
  return (
    <section className="view travel-view">
      <header className="view-header">
        <h2 className="view-title">TRAVEL TO...</h2>
      </header>
      <HeatNote player={gs.player} />
      <StrandedNote player={gs.player} fare={cheapestFare(locations, gs.location)} />
      <div className="location-grid">
        {locations
          .filter((l) => l.id !== gs.location)
          .map((l) => (
            <button
              key={l.id}
              type="button"
              className="btn location-btn"
              disabled={busy || gs.player.cash < l.flightPrice}
              onClick={() => void dayEnd.fly(l.id)}
            >
              <Destination location={l} player={gs.player} />
            </button>
          ))}
      </div>
      <div className="modal-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => void dayEnd.stay()}>
          Stay Here (next day)
        </button>
        {here && <span className="loc-risk">Risk tonight here: {riskPercent(here.dangerLevel, gs.player)}%</span>}
      </div>
      {dayEnd.question}
    </section>
  );
}
