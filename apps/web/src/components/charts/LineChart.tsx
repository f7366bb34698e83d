// A line chart drawn by uPlot, loaded lazily (its code and CSS arrive only when a chart is first shown: its
// evaluation is too heavy for the idle preload of a phone's first screen).
// Shows 'NO DATA AVAILABLE' when there is nothing to draw; redraws whenever the data or options change. The legend
// shows the values of the day under the cursor (the last day while the cursor is away) and everything is drawn
// in the game's font.
import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';
import { GAME_CHART_COLOURS } from '../../constants';
import { axisFont, isEmptyChart, legendIndex, legendValue, lineColour, xTickCount, xTicks, yDivisions, type ChartData } from './chartData';
import './charts.css';

export interface LineChartProps {
  data: ChartData;
  /** How many palette colours the lines cycle through (8 in the game, 12 in the stats modal). */
  paletteSize?: number;
  showLegend?: boolean;
  height?: number;
  /** Format of y values (money, percent). */
  formatValue?: (value: number) => string;
}

type UPlotCtor = typeof uPlot;

/**
 * The y axis as wide as its longest label (-$100,000 needs more room than $620), so no label or minus sign is cut
 * off at the left edge. uPlot asks again once the labels are known (cycleNum 1); later cycles keep that size.
 */
function yAxisSize(u: uPlot, values: string[] | null, axisIdx: number, cycleNum: number): number {
  const axis = u.axes[axisIdx]!;
  if (cycleNum > 1) return (axis as { _size?: number })._size ?? 70;
  const longest = (values ?? []).reduce((a, v) => (v.length > a.length ? v : a), '');
  u.ctx.font = (axis.font as unknown as [string])[0];
  const text = longest === '' ? 0 : u.ctx.measureText(longest).width / devicePixelRatio;
  return Math.ceil((axis.ticks?.size ?? 10) + (axis.gap ?? 5) + text + 4);
}
let uplotPromise: Promise<UPlotCtor> | null = null;
/** uPlot and its CSS, once (a failed load is forgotten, so the next chart tries again). */
function loadUPlot(): Promise<UPlotCtor> {
  uplotPromise ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
    ([m]) => m.default,
    (error: unknown) => {
      uplotPromise = null;
      throw error;
    },
  );
  return uplotPromise;
}

export function LineChart({ data, paletteSize = GAME_CHART_COLOURS, showLegend = true, height = 260, formatValue }: LineChartProps) {
  const holder = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const empty = isEmptyChart(data);

  useEffect(() => {
    if (empty || !holder.current) return;
    let chart: uPlot | null = null;
    let cancelled = false;
    const target = holder.current;
    const onResize = () => chart?.setSize({ width: Math.max(target.clientWidth, 280), height });
    loadUPlot()
      .then((UPlot) => {
        if (cancelled) return;
        const font = axisFont(getComputedStyle(target).fontFamily);
        // while the cursor is off the plot the legend shows the last day (fireHook false: no recursion)
        const pinLegend = (u: uPlot) => {
          if (u.cursor.idx == null) u.setLegend({ idx: legendIndex(null, data.days.length) ?? 0 }, false);
        };
        const opts: uPlot.Options = {
          width: Math.max(target.clientWidth, 280),
          height,
          legend: { show: showLegend, live: true },
          hooks: { ready: [pinLegend], setLegend: [pinLegend] },
          cursor: { drag: { x: false, y: false } },
          scales: { x: { time: false } },
          axes: [
            {
              // the days as numbers under one 'Day' label, as many as the width holds (they overlapped on a phone)
              stroke: '#33ff33',
              font,
              labelFont: font,
              label: 'Day',
              labelSize: 20,
              grid: { stroke: '#113311' },
              splits: (u) => xTicks(data.days, xTickCount(u.width)),
              values: (_u, splits) => splits.map((d) => String(d)),
            },
            {
              stroke: '#33ff33',
              font,
              grid: { stroke: '#113311' },
              size: yAxisSize,
              splits: (_u, _i, min, max) => yDivisions(min, max),
              values: (_u, splits) => splits.map((v) => (formatValue ? formatValue(v) : String(Math.round(v)))),
            },
          ],
          series: [
            { label: 'Day', value: (_u, v) => (v == null ? '--' : String(v)) },
            ...data.series.map((s, i) => ({
              label: s.label,
              value: (_u: uPlot, _v: number | null, _series: number, idx: number | null) =>
                legendValue(s.values, data.days, idx, formatValue),
              stroke: lineColour(i, paletteSize),
              width: 2,
              spanGaps: true,
              points: { show: data.days.length < 40 },
            })),
          ],
        };
        chart = new UPlot(opts, [data.days, ...data.series.map((s) => s.values)] as uPlot.AlignedData, target);
        window.addEventListener('resize', onResize);
      })
      .catch((err) => {
        // Only a chart still on screen reports: after unmount nobody reads it (and in tests the log would land
        // after the test environment has closed, an unhandled error that fails the run).
        if (cancelled) return;
        console.warn('chart failed', err);
        setFailed(true);
      });
    return () => {
      cancelled = true;
      window.removeEventListener('resize', onResize);
      chart?.destroy();
    };
  }, [data, empty, paletteSize, showLegend, height, formatValue]);

  if (empty) return <div className="chart-empty">NO DATA AVAILABLE</div>;
  return (
    <div className="line-chart">
      <div ref={holder} className="line-chart-canvas" data-testid="line-chart" />
      {failed && <div className="chart-empty">Chart unavailable</div>}
    </div>
  );
}
