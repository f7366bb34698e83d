// The Actions tab: a timeline drawn on a canvas, one line per buy, sell or travel, and only as many lines
// as fit the canvas (the rest are counted in a last line).
import { useEffect, useRef } from 'react';
import { linesThatFit } from './gameStats';

const WIDTH = 640;
const HEIGHT = 300;
const LINE_HEIGHT = 18;
const PADDING = 10;

const COLOURS: Record<string, string> = { Bought: '#ff9933', Sold: '#33ff33', Traveled: '#33ccff' };

export function ActionsTimeline({ lines }: { lines: string[] }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const fit = linesThatFit(HEIGHT, LINE_HEIGHT, PADDING);
  const shown = lines.length > fit ? lines.slice(0, Math.max(0, fit - 1)) : lines;
  const hidden = lines.length - shown.length;

  useEffect(() => {
    const el = canvas.current;
    let ctx: CanvasRenderingContext2D | null = null;
    try {
      ctx = el?.getContext('2d') ?? null;
    } catch {
      ctx = null; // no canvas support (tests, very old browsers): the text list below still shows
    }
    if (!el || !ctx) return;
    ctx.fillStyle = '#000';
    ctx.fillRect(0, 0, WIDTH, HEIGHT);
    ctx.font = '13px monospace';
    ctx.textBaseline = 'top';
    shown.forEach((line, i) => {
      const verb = line.split(': ')[1]?.split(' ')[0] ?? '';
      ctx.fillStyle = COLOURS[verb] ?? '#33ff33';
      ctx.fillText(line, PADDING, PADDING + i * LINE_HEIGHT);
    });
    if (hidden > 0) {
      ctx.fillStyle = '#888';
      ctx.fillText(`...and ${hidden} more`, PADDING, PADDING + shown.length * LINE_HEIGHT);
    }
  }, [shown, hidden]);

  if (lines.length === 0) return <div className="chart-empty">NO DATA AVAILABLE</div>;
  return (
    <div className="actions-timeline">
      <canvas ref={canvas} width={WIDTH} height={HEIGHT} className="timeline-canvas" aria-label="Actions timeline" />
      <ul className="sr-only" data-testid="timeline-lines">
        {shown.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
        {hidden > 0 && <li>...and {hidden} more</li>}
      </ul>
    </div>
  );
}
