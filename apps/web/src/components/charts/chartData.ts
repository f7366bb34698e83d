// Shapes history into the aligned arrays a line chart draws (SPEC.md sections 2 and 9): one x axis of days,
// one value list per line (null where a line has no point that day), up to 10 x ticks and 5 y divisions.
import { CHART_MAX_X_TICKS, CHART_Y_DIVISIONS } from '../../constants';

export interface Point {
  day: number;
  value: number;
}

export interface ChartSeries {
  label: string;
  values: (number | null)[];
}

export interface ChartData {
  days: number[];
  series: ChartSeries[];
}

/** Twelve distinguishable colours on black; the game chart uses the first 8, the stats modal all 12. */
export const CHART_PALETTE = [
  '#33ff33',
  '#ff4444',
  '#ffd500',
  '#33ccff',
  '#ff66ff',
  '#ff9933',
  '#ffffff',
  '#9966ff',
  '#00ffcc',
  '#cc9966',
  '#ff3399',
  '#99cc00',
] as const;

export function lineColour(index: number, paletteSize: number): string {
  const size = Math.max(1, Math.min(paletteSize, CHART_PALETTE.length));
  return CHART_PALETTE[index % size]!;
}

/** Aligns several named point lists on the union of their days (sorted); missing days are null. */
export function alignSeries(lines: { label: string; points: readonly Point[] }[]): ChartData {
  const daySet = new Set<number>();
  for (const line of lines) for (const p of line.points) if (Number.isFinite(p.day) && Number.isFinite(p.value)) daySet.add(p.day);
  const days = [...daySet].sort((a, b) => a - b);
  const index = new Map(days.map((d, i) => [d, i]));
  const series = lines.map((line) => {
    const values: (number | null)[] = days.map(() => null);
    // the last point of a day wins (a day can be recorded twice: before and after an action)
    for (const p of line.points) {
      const i = index.get(p.day);
      if (i !== undefined && Number.isFinite(p.value)) values[i] = p.value;
    }
    return { label: line.label, values };
  });
  return { days, series };
}

/** True when there is nothing to draw. */
export function isEmptyChart(data: ChartData): boolean {
  return data.days.length === 0 || data.series.every((s) => s.values.every((v) => v === null));
}

/**
 * One line per location for one drug, from prices[location][drug] (the /game/history shape). Locations without
 * a single price for the drug are left out. Labels are location names.
 */
export function drugPriceSeries(
  prices: Record<string, Record<string, Point[]>>,
  drugId: string,
  locationName: (id: string) => string,
): ChartData {
  const lines = Object.entries(prices)
    .map(([locationId, byDrug]) => ({ label: locationName(locationId), points: byDrug[drugId] ?? [] }))
    .filter((line) => line.points.length > 0)
    .sort((a, b) => a.label.localeCompare(b.label));
  return alignSeries(lines);
}

/** At most `max` x-axis tick values, evenly spread over the days, always including the first and last. */
/** How many day ticks a chart this wide (CSS px) holds: about one per 48 px, at most the SPEC's 10. */
export function xTickCount(width: number): number {
  return Math.max(2, Math.min(CHART_MAX_X_TICKS, Math.floor(width / 48)));
}

export function xTicks(days: readonly number[], max: number = CHART_MAX_X_TICKS): number[] {
  if (days.length <= max) return [...days];
  const ticks: number[] = [];
  for (let i = 0; i < max; i++) {
    const at = Math.round((i * (days.length - 1)) / (max - 1));
    const day = days[at]!;
    if (ticks[ticks.length - 1] !== day) ticks.push(day);
  }
  return ticks;
}

/** The y-axis grid values: `divisions` equal steps from min to max (divisions + 1 values). */
export function yDivisions(min: number, max: number, divisions: number = CHART_Y_DIVISIONS): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max)) return [];
  if (max === min) return [min];
  const step = (max - min) / divisions;
  return Array.from({ length: divisions + 1 }, (_, i) => min + step * i);
}

/** Health axis values: whole percent. */
export function formatPercent(value: number): string {
  return `${Math.round(value)}%`;
}

/**
 * The day a legend shows: the one under the cursor, else the last day drawn (a legend never reads '--' just
 * because the pointer is elsewhere, or on a touch screen where there is no hover).
 */
export function legendIndex(cursorIndex: number | null | undefined, dayCount: number): number | null {
  if (dayCount <= 0) return null;
  if (cursorIndex == null || cursorIndex < 0) return dayCount - 1;
  return Math.min(cursorIndex, dayCount - 1);
}

/**
 * A line's legend value on day index `idx`: its figure that day; on a day it has no point (a city's price not seen
 * that day) its last figure before, with the day it is from; '--' only before its first point.
 */
export function legendValue(
  values: readonly (number | null)[],
  days: readonly number[],
  idx: number | null | undefined,
  format: (value: number) => string = (v) => String(Math.round(v)),
): string {
  if (idx == null || idx < 0) return '--';
  for (let i = Math.min(idx, values.length - 1); i >= 0; i--) {
    const v = values[i];
    if (v == null || !Number.isFinite(v)) continue;
    return i === idx ? format(v) : `${format(v)} (day ${days[i]})`;
  }
  return '--';
}

/** The canvas font of the axes: the page's own font family (uPlot's default is the system sans-serif). */
export function axisFont(fontFamily: string, sizePx = 12): string {
  return `${sizePx}px ${fontFamily.trim() || 'monospace'}`;
}
