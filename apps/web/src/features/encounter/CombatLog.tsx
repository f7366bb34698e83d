import { useEffect, useRef } from 'react';

/** The encounter's combat log; keeps the newest line in view. */
export function CombatLog({ lines }: { lines: string[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  return (
    <div className="combat-log" ref={ref} data-testid="combat-log">
      {lines.map((line, i) => (
        <div key={i} className="combat-log-line">
          {line}
        </div>
      ))}
    </div>
  );
}
