// The transition between days: a plane crossing the screen, or a sleeping face with Z's when the message
// mentions sleep. Default message 'Next Day...'.
import { DEFAULT_TRANSITION_TEXT } from '../../constants';

export function TransitionScreen({ message }: { message?: string | null }) {
  const text = message || DEFAULT_TRANSITION_TEXT;
  const sleeping = /sleep/i.test(text);
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
          <span className="plane">✈</span>
        </div>
      )}
      <p className="transition-text">{text}</p>
    </div>
  );
}
