import { describe, expect, it } from 'vitest';
import { formatCompact, formatMoney, formatNumber } from './format';

describe('formatNumber', () => {
  it('adds thousands separators', () => {
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber(999)).toBe('999');
    expect(formatNumber(1000)).toBe('1,000');
    expect(formatNumber(1234567)).toBe('1,234,567');
    expect(formatNumber(-1234)).toBe('-1,234');
    expect(formatNumber(12.6)).toBe('13');
    expect(formatNumber(Number.NaN)).toBe('0');
  });
});

describe('formatMoney', () => {
  it('prefixes dollars and puts the sign first', () => {
    expect(formatMoney(1234567)).toBe('$1,234,567');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney(-1234)).toBe('-$1,234');
    expect(formatMoney(5)).toBe('$5');
  });
});

describe('formatCompact', () => {
  it('keeps small numbers whole', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(999)).toBe('999');
    expect(formatCompact(1000)).toBe('1,000');
  });

  it('uses k above 1,000 with one truncated decimal', () => {
    expect(formatCompact(1001)).toBe('1k');
    expect(formatCompact(1500)).toBe('1.5k');
    expect(formatCompact(1999)).toBe('1.9k');
    expect(formatCompact(2000)).toBe('2k');
    expect(formatCompact(999_999)).toBe('999.9k');
    expect(formatCompact(1_000_000)).toBe('1,000k');
  });

  it('uses m above 1,000,000', () => {
    expect(formatCompact(2_500_000)).toBe('2.5m');
    expect(formatCompact(1_000_001)).toBe('1m');
    expect(formatCompact(1_234_567_890)).toBe('1,234.5m');
  });

  it('keeps the sign', () => {
    expect(formatCompact(-1500)).toBe('-1.5k');
    expect(formatCompact(-2_500_000)).toBe('-2.5m');
    expect(formatCompact(-12)).toBe('-12');
  });
});
