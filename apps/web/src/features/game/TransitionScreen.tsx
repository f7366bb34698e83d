// The transition between days: a plane crossing the screen (a car on the road to a city without an airport, the
// engine's travelMode), or a sleeping face with Z's when the message mentions sleep. Default message 'Next Day...'.
import { travelMode } from '@drugwars/engine';
import { DEFAULT_TRANSITION_TEXT } from '../../constants';
import { useCatalogue } from '../../store/useCatalogue';

export function TransitionScreen({ message, destination }: { message?: string | null; destination?: string }) {
  const { locations } = useCatalogue();
  const text = message || DEFAULT_TRANSITION_TEXT;
  const sleeping = /sleep/i.test(text);
  const to = destination ? locations.find((l) => l.id === destination) : undefined;
  const byRoad = to ? travelMode(to) === 'road' : false;
  return (
    <div className="transition-screen" role="status" aria-live="polite">
      {sleeping ? (
        <div className="sleep-anim" aria-hidden="true">
          <span className="zzz z1">z</span>
          <span className="zzz z2">Z</span>
          <span className="zzz z3">Z</span>
          <pre className="sleep-face">{'( -_- )'}</pre>
        </div>
      ) : (
        <div className="plane-track" aria-hidden="true">
          <span className={`plane ${byRoad ? 'by-road' : 'by-air'}`}>{byRoad ? '🚗' : '✈'}</span>
        </div>
      )}
      <p className="transition-text">{text}</p>
    </div>
  );
}
