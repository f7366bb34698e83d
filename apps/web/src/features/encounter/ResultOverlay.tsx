import { useFocusOnShow } from '../../components/hooks';
import { hotkeyProps } from '../../components/useHotkeys';
import type { EncounterOverlay } from '../../store/gameStore';

const TITLES: Record<EncounterOverlay['kind'], string> = {
  victory: 'VICTORY!',
  escaped: 'ESCAPED!',
  surrendered: 'SURRENDERED',
  bribed: 'BRIBED',
  dead: "YOU'RE DEAD!",
};

export interface ResultOverlayProps {
  overlay: EncounterOverlay;
  busy: boolean;
  onContinue: () => void;
  onGameOver: () => void;
}

export function ResultOverlay({ overlay, busy, onContinue, onGameOver }: ResultOverlayProps) {
  const dead = overlay.kind === 'dead';
  // a new screen: its heading takes the focus, so a screen reader starts there (C continues; Tab reaches the button)
  const headingRef = useFocusOnShow<HTMLHeadingElement>(overlay.kind);
  return (
    <div className={`result-overlay result-${overlay.kind}`} role="dialog" aria-modal="true" aria-label={TITLES[overlay.kind]}>
      <div className="result-box">
        <h2 className="result-title" ref={headingRef}>
          {TITLES[overlay.kind]}
        </h2>
        <p className="result-message">{overlay.message}</p>
        {overlay.cost && <p className="result-cost">{overlay.cost}</p>}
        {dead ? (
          <button type="button" className="btn btn-danger" onClick={onGameOver}>
            Game Over
          </button>
        ) : (
          <button type="button" className="btn" onClick={onContinue} disabled={busy} {...hotkeyProps('continue')}>
            Continue
          </button>
        )}
      </div>
    </div>
  );
}
