import { useEffect, useState } from 'react';
import { SPINNER_FRAMES, SPINNER_INTERVAL_MS } from '../constants';

/** A text spinner cycling every 200 ms (SPEC.md section 9). */
export function Spinner({ intervalMs = SPINNER_INTERVAL_MS }: { intervalMs?: number }) {
  const [frame, setFrame] = useState(0);
  useEffect(() => {
    const t = setInterval(() => setFrame((f) => (f + 1) % SPINNER_FRAMES.length), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs]);
  return (
    <span className="spinner" aria-hidden="true">
      {SPINNER_FRAMES[frame]}
    </span>
  );
}
