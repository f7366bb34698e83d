// The Actions tab: every buy, sell and travel of the game, one line each in day order, in a box the height of
// the old canvas that scrolls through the whole game (by wheel, touch or the keyboard: the box takes the focus).
import { actionVerb } from './gameStats';

export function ActionsTimeline({ lines }: { lines: string[] }) {
  if (lines.length === 0) return <div className="chart-empty">NO DATA AVAILABLE</div>;
  return (
    <div className="actions-timeline" role="region" aria-label="Actions timeline" tabIndex={0}>
      <ol className="timeline-lines" data-testid="timeline-lines">
        {lines.map((line, i) => (
          <li key={i} className={`timeline-${actionVerb(line).toLowerCase() || 'other'}`}>
            {line}
          </li>
        ))}
      </ol>
    </div>
  );
}
