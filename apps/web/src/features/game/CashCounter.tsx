// Cash with an animated count (~500 ms) and a change indicator (1.5 s; styling class for 0.6 s) whose size
// follows SPEC.md section 9: above 50% of the previous cash triple, above 20% double, else single. The indicator
// floats over the figure's end (absolutely placed), so it never pushes what follows.
import { useEffect, useRef, useState } from 'react';
import { CASH_CHANGE_CLASS_MS, CASH_CHANGE_INDICATOR_MS, CASH_COUNT_ANIMATION_MS } from '../../constants';
import { cashChangeLevel, formatMoney } from '../../lib/format';

export function CashCounter({ cash }: { cash: number }) {
  const [shown, setShown] = useState(cash);
  const [indicator, setIndicator] = useState<{ delta: number; level: 1 | 2 | 3; key: number } | null>(null);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);
  const previous = useRef(cash);

  useEffect(() => {
    const from = previous.current;
    previous.current = cash;
    if (from === cash) return;
    const delta = cash - from;
    setIndicator({ delta, level: cashChangeLevel(from, delta), key: Date.now() });
    setFlash(delta > 0 ? 'up' : 'down');
    const start = performance.now();
    let frame = 0;
    const step = (now: number) => {
      const t = Math.min(1, (now - start) / CASH_COUNT_ANIMATION_MS);
      setShown(Math.round(from + delta * t));
      if (t < 1) frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    const hideIndicator = setTimeout(() => setIndicator(null), CASH_CHANGE_INDICATOR_MS);
    const hideFlash = setTimeout(() => setFlash(null), CASH_CHANGE_CLASS_MS);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(hideIndicator);
      clearTimeout(hideFlash);
      setShown(cash);
    };
  }, [cash]);

  return (
    <span className={`cash-counter ${flash ? `cash-${flash}` : ''}`}>
      {/* the count animates; a screen reader hears only the cash itself, at once */}
      <span className="cash-value" aria-hidden="true">
        {formatMoney(shown)}
      </span>
      <span className="sr-only">{formatMoney(cash)}</span>
      {indicator && (
        <span
          key={indicator.key}
          className={`cash-indicator ${indicator.delta > 0 ? 'up' : 'down'} level-${indicator.level}`}
          aria-hidden="true"
        >
          {(indicator.delta > 0 ? '+' : '-').repeat(indicator.level)}
        </span>
      )}
    </span>
  );
}
