import { describe, expect, it } from 'vitest';
import { cashChangeLevel, countOf, healthClass, priceTrend } from './format';

describe('healthClass (SPEC 9 bands)', () => {
  it.each([
    [0, 'critical'],
    [10, 'critical'],
    [11, 'danger'],
    [49, 'danger'],
    [50, 'warning'],
    [74, 'warning'],
    [75, 'good'],
    [100, 'good'],
  ])('%i -> %s', (h, cls) => expect(healthClass(h)).toBe(cls));
});

describe('cashChangeLevel', () => {
  it('is triple above 50% of the previous cash, double above 20%, else single', () => {
    expect(cashChangeLevel(1000, 501)).toBe(3);
    expect(cashChangeLevel(1000, 500)).toBe(2);
    expect(cashChangeLevel(1000, -201)).toBe(2);
    expect(cashChangeLevel(1000, 200)).toBe(1);
    expect(cashChangeLevel(1000, -50)).toBe(1);
  });
  it('treats any change from nothing as large', () => {
    expect(cashChangeLevel(0, 10)).toBe(3);
  });
});

describe('priceTrend', () => {
  it('shows no arrow without a previous price or without change', () => {
    expect(priceTrend(100, null).arrows).toBe(0);
    expect(priceTrend(100, 100).arrows).toBe(0);
  });
  it('uses one arrow below 20%, two from 20% to below 50%, three from 50%', () => {
    expect(priceTrend(119, 100)).toMatchObject({ arrows: 1, direction: 'up', className: '' });
    expect(priceTrend(120, 100)).toMatchObject({ arrows: 2, className: 'change-20' });
    expect(priceTrend(51, 100)).toMatchObject({ arrows: 2, direction: 'down' });
    expect(priceTrend(50, 100)).toMatchObject({ arrows: 3, className: 'change-50', text: '▼▼▼' });
    expect(priceTrend(200, 100)).toMatchObject({ arrows: 3, className: 'change-100', text: '▲▲▲' });
  });
});

describe('countOf', () => {
  it('uses the singular only for exactly one', () => {
    expect(countOf(1, 'day')).toBe('1 day');
    expect(countOf(7, 'day')).toBe('7 days');
    expect(countOf(0, 'day')).toBe('0 days');
    expect(countOf(1200, 'unit')).toBe('1,200 units');
    expect(countOf(2, 'enemy', 'enemies')).toBe('2 enemies');
  });
});
