import { describe, expect, it } from 'vitest';
import { parseAmount, tradeError, tradeMaximum, type TradeContext } from './tradeLimits';

const ctx = (o: Partial<TradeContext> = {}): TradeContext => ({
  mode: 'buy',
  drugName: 'Weed',
  price: 300,
  cash: 1000,
  freeSpace: 100,
  marketQuantity: 50,
  held: 0,
  ...o,
});

describe('tradeMaximum', () => {
  it('buy is the least of affordable, free space and stock', () => {
    expect(tradeMaximum(ctx())).toBe(3); // 1000 / 300
    expect(tradeMaximum(ctx({ cash: 100_000, freeSpace: 7 }))).toBe(7);
    expect(tradeMaximum(ctx({ cash: 100_000, marketQuantity: 5 }))).toBe(5);
    expect(tradeMaximum(ctx({ freeSpace: 0 }))).toBe(0);
  });
  it('sell, stash and take are the quantity held', () => {
    expect(tradeMaximum(ctx({ mode: 'sell', held: 12 }))).toBe(12);
    expect(tradeMaximum(ctx({ mode: 'stash', held: 4 }))).toBe(4);
    expect(tradeMaximum(ctx({ mode: 'take', held: 9 }))).toBe(9);
  });
});

describe('tradeError', () => {
  it('accepts 1..max', () => {
    expect(tradeError(ctx(), 1)).toBeNull();
    expect(tradeError(ctx(), 3)).toBeNull();
  });
  it('rejects zero', () => {
    expect(tradeError(ctx(), 0)).not.toBeNull();
  });
  it('buy above affordable says you cannot afford it; above the other limits that you cannot get it', () => {
    expect(tradeError(ctx(), 4)).toBe("You can't afford that much!");
    expect(tradeError(ctx({ cash: 100_000, freeSpace: 2 }), 3)).toBe("You can't get that much!");
  });
  it('names the drug for sell, stash and take', () => {
    expect(tradeError(ctx({ mode: 'sell', held: 2 }), 3)).toBe("You don't have that much Weed!");
    expect(tradeError(ctx({ mode: 'stash', held: 2 }), 3)).toBe("You don't have that much Weed to stash!");
    expect(tradeError(ctx({ mode: 'take', held: 2 }), 3)).toBe("You don't have that much Weed in your stash!");
  });
});

describe('parseAmount', () => {
  it('takes positive whole numbers only', () => {
    expect(parseAmount('250')).toEqual({ ok: true, amount: 250 });
    for (const bad of ['', '0', '-5', '1.5', 'abc', '1e3']) {
      expect(parseAmount(bad)).toEqual({ ok: false, message: 'Amount must be positive' });
    }
  });
});
