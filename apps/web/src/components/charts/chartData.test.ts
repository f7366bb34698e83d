import { describe, expect, it } from 'vitest';
import { alignSeries, drugPriceSeries, lineColour, xTicks, yDivisions } from './chartData';

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
    expect(yDivisions(0, 100)).toEqual([0, 20, 40, 60, 80, 100]);
  });

  it('cycles 8 colours in the game chart and 12 in the stats modal', () => {
    expect(lineColour(8, 8)).toBe(lineColour(0, 8));
    expect(lineColour(8, 12)).not.toBe(lineColour(0, 12));
    expect(lineColour(12, 12)).toBe(lineColour(0, 12));
  });
});
