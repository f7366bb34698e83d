import { describe, expect, it } from 'vitest';
import { alignSeries, axisFont, drugPriceSeries, legendIndex, legendValue, lineColour, xTickCount, xTicks, yDivisions } from './chartData';
import { formatMoney } from '../../lib/format';

const names: Record<string, string> = { ny: 'New York', mia: 'Miami', bos: 'Boston' };
const locationName = (id: string) => names[id] ?? id;

describe('chart data shaping', () => {
  it('aligns lines on the union of days with nulls for gaps', () => {
    const data = alignSeries([
      { label: 'A', points: [{ day: 3, value: 30 }, { day: 1, value: 10 }] },
      { label: 'B', points: [{ day: 2, value: 200 }, { day: 3, value: 300 }] },
    ]);
    expect(data.days).toEqual([1, 2, 3]);
    expect(data.series).toEqual([
      { label: 'A', values: [10, null, 30] },
      { label: 'B', values: [null, 200, 300] },
    ]);
  });

  it('keeps the last value of a day recorded twice', () => {
    expect(alignSeries([{ label: 'Cash', points: [{ day: 1, value: 5 }, { day: 1, value: 7 }] }]).series[0]!.values).toEqual([7]);
  });

  it('draws one line per location that has prices for the drug', () => {
    const data = drugPriceSeries(
      {
        ny: { weed: [{ day: 1, value: 300 }, { day: 2, value: 320 }], acid: [{ day: 1, value: 1000 }] },
        mia: { weed: [{ day: 2, value: 280 }] },
        bos: { acid: [{ day: 2, value: 900 }] },
      },
      'weed',
      locationName,
    );
    expect(data.series.map((s) => s.label)).toEqual(['Miami', 'New York']);
    expect(data.days).toEqual([1, 2]);
    expect(data.series[0]!.values).toEqual([null, 280]);
  });

  it('uses at most 10 x ticks including both ends, and 5 y divisions', () => {
    const days = Array.from({ length: 30 }, (_, i) => i + 1);
    const ticks = xTicks(days);
    expect(ticks.length).toBeLessThanOrEqual(10);
    expect(ticks[0]).toBe(1);
    expect(ticks[ticks.length - 1]).toBe(30);
    expect(xTicks([1, 2, 3])).toEqual([1, 2, 3]);
    // a phone's chart holds fewer labels: they overlapped ('Day 1Day 2') at 340 px
    expect(xTickCount(340)).toBe(7);
    expect(xTickCount(1000)).toBe(10);
    expect(xTicks(Array.from({ length: 30 }, (_, i) => i + 1), xTickCount(340))).toEqual([1, 6, 11, 16, 20, 25, 30]);
    expect(yDivisions(0, 100)).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it('cycles 8 colours in the game chart and 12 in the stats modal', () => {
    expect(lineColour(8, 8)).toBe(lineColour(0, 8));
    expect(lineColour(8, 12)).not.toBe(lineColour(0, 12));
    expect(lineColour(12, 12)).toBe(lineColour(0, 12));
  });
});

describe('chart legend and font', () => {
  it('shows the day under the cursor, else the last day', () => {
    expect(legendIndex(3, 10)).toBe(3);
    expect(legendIndex(null, 10)).toBe(9);
    expect(legendIndex(undefined, 10)).toBe(9);
    expect(legendIndex(-1, 10)).toBe(9);
    expect(legendIndex(12, 10)).toBe(9);
    expect(legendIndex(null, 0)).toBeNull();
  });

  it("gives a line's figure that day, else its last one with its day, '--' only before its first point", () => {
    const days = [1, 2, 3, 4];
    const values = [null, 1500, null, 2000];
    expect(legendValue(values, days, 1, formatMoney)).toBe('$1,500');
    expect(legendValue(values, days, 2, formatMoney)).toBe('$1,500 (day 2)');
    expect(legendValue(values, days, 3, formatMoney)).toBe('$2,000');
    expect(legendValue(values, days, 0, formatMoney)).toBe('--');
    expect(legendValue(values, days, null, formatMoney)).toBe('--');
    expect(legendValue([7.4], [1], 0)).toBe('7');
  });

  it("draws the axes in the page's font family", () => {
    expect(axisFont("'Courier New', monospace")).toBe("12px 'Courier New', monospace");
    expect(axisFont('', 14)).toBe('14px monospace');
  });
});
