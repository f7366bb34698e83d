import { describe, expect, it } from 'vitest';
import { makeState, market, tradeContext as ctx } from '../test/fixtures';
import { buyMaximum, parseAmount, tradeError, tradeMaximum } from './tradeLimits';

describe('buyMaximum (the engine maxBuy on the client view)', () => {
  const weed = (quantity: number) => [market('weed', { price: 300, quantity })];
  it('is the least of affordable, free space and stock', () => {
    expect(buyMaximum(makeState({ cash: 1000, marketInfo: weed(50) }), 'weed')).toBe(3); // 1000 / 300
    expect(buyMaximum(makeState({ cash: 100_000, usedSpace: 93, coatSpace: 100, marketInfo: weed(50) }), 'weed')).toBe(7);
    expect(buyMaximum(makeState({ cash: 100_000, marketInfo: weed(5) }), 'weed')).toBe(5);
    expect(buyMaximum(makeState({ cash: 100_000, usedSpace: 100, coatSpace: 100, marketInfo: weed(5) }), 'weed')).toBe(0);
  });
  it('is 0 for a drug not on this market', () => {
    expect(buyMaximum(makeState({ cash: 100_000, marketInfo: weed(5) }), 'acid')).toBe(0);
  });
});

describe('tradeMaximum', () => {
  it('is the maximum the caller worked out, never below 0', () => {
    expect(tradeMaximum(ctx({ mode: 'sell', maximum: 12 }))).toBe(12);
    expect(tradeMaximum(ctx({ mode: 'stash', maximum: 4 }))).toBe(4);
    expect(tradeMaximum(ctx({ mode: 'take', maximum: 9 }))).toBe(9);
    expect(tradeMaximum(ctx({ maximum: -1 }))).toBe(0);
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
    expect(tradeError(ctx({ cash: 100_000, maximum: 2 }), 3)).toBe("You can't get that much!");
  });
  it('names the drug for sell, stash and take', () => {
    expect(tradeError(ctx({ mode: 'sell', maximum: 2 }), 3)).toBe("You don't have that much Weed!");
    expect(tradeError(ctx({ mode: 'stash', maximum: 2 }), 3)).toBe("You don't have that much Weed to stash!");
    expect(tradeError(ctx({ mode: 'take', maximum: 2 }), 3)).toBe("You don't have that much Weed in your stash!");
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
