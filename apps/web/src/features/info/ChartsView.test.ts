import { describe, expect, it } from 'vitest';
import { isEmptyChart } from '../../components/charts/chartData';
import { chartDataFor } from './ChartsView';

const names: Record<string, string> = { ny: 'New York', mia: 'Miami', bos: 'Boston' };
const locationName = (id: string) => names[id] ?? id;

describe('charts view', () => {
  it('maps each tab to its history list', () => {
    const history = {
      cash: [{ day: 1, value: 2000 }],
      debt: [{ day: 1, value: 1000 }, { day: 2, value: 1100 }],
      health: [],
      prices: { ny: { weed: [{ day: 1, value: 300 }] } },
    };
    const opts = { drugId: 'weed', locationName };
    expect(chartDataFor(history, 'debt', opts).series[0]!.values).toEqual([1000, 1100]);
    expect(isEmptyChart(chartDataFor(history, 'health', opts))).toBe(true);
    expect(chartDataFor(history, 'prices', opts).series[0]!.label).toBe('New York');
    expect(isEmptyChart(chartDataFor(null, 'cash', opts))).toBe(true);
  });
});
