import { prefersReducedMotion } from '../../lib/motion';
import type { FloatingText } from './combatUiStore';

/**
 * Damage numbers, 'Miss!' and 'FAILED ESCAPE!' rising over their target (removed after 1500 ms by the controller).
 * None with reduced motion: the combat log says the same.
 */
export function FloatingTexts({ floats }: { floats: FloatingText[] }) {
  if (floats.length === 0 || prefersReducedMotion()) return null;
  return (
    // the same as the fight line the announcer says: hidden from screen readers, so nothing is said twice
    <div className="floating-texts" aria-hidden="true">
      {floats.map((f) => (
        <span key={f.id} className={`floating-text floating-${f.kind}`}>
          {f.text}
        </span>
      ))}
    </div>
  );
}
