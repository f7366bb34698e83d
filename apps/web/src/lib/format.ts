// Display helpers of SPEC.md section 9. Money formatting itself is the engine's (one implementation).
import { formatCompact, formatMoney, formatNumber } from '@drugwars/engine';
import {
  CASH_CHANGE_DOUBLE_FRACTION,
  CASH_CHANGE_TRIPLE_FRACTION,
  HEALTH_CRITICAL_MAX,
  HEALTH_DANGER_BELOW,
  HEALTH_WARNING_BELOW,
  PRICE_ARROWS_THREE_FRACTION,
  PRICE_ARROWS_TWO_FRACTION,
  PRICE_CLASS_EXTREME_FRACTION,
} from '../constants';

export { formatCompact, formatMoney, formatNumber };

export type HealthClass = 'critical' | 'danger' | 'warning' | 'good';

/** At most 10 critical, below 50 danger, below 75 warning, otherwise good. */
export function healthClass(health: number): HealthClass {
  if (health <= HEALTH_CRITICAL_MAX) return 'critical';
  if (health < HEALTH_DANGER_BELOW) return 'danger';
  if (health < HEALTH_WARNING_BELOW) return 'warning';
  return 'good';
}

/**
 * Cash change indicator: how many symbols (1 to 3) a change of `delta` from `previous` cash shows.
 * Above 50% of the previous cash: triple; above 20%: double; else single. A change from $0 is triple.
 */
export function cashChangeLevel(previous: number, delta: number): 1 | 2 | 3 {
  if (previous <= 0) return delta === 0 ? 1 : 3;
  const fraction = Math.abs(delta) / previous;
  if (fraction > CASH_CHANGE_TRIPLE_FRACTION) return 3;
  if (fraction > CASH_CHANGE_DOUBLE_FRACTION) return 2;
  return 1;
}

export interface PriceTrend {
  direction: 'up' | 'down' | 'same';
  arrows: 0 | 1 | 2 | 3;
  /** Styling class by magnitude: 'change-20', 'change-50', 'change-100' or '' below 20%. */
  className: string;
  text: string;
}

/** Arrows against the previous day's price: below 20% one, 20% to below 50% two, 50% and above three. */
export function priceTrend(price: number, previous: number | null | undefined): PriceTrend {
  if (previous === null || previous === undefined || previous <= 0 || price === previous) {
    return { direction: 'same', arrows: 0, className: '', text: '' };
  }
  const fraction = Math.abs(price - previous) / previous;
  const arrows: 1 | 2 | 3 =
    fraction >= PRICE_ARROWS_THREE_FRACTION ? 3 : fraction >= PRICE_ARROWS_TWO_FRACTION ? 2 : 1;
  const className =
    fraction >= PRICE_CLASS_EXTREME_FRACTION
      ? 'change-100'
      : fraction >= PRICE_ARROWS_THREE_FRACTION
        ? 'change-50'
        : fraction >= PRICE_ARROWS_TWO_FRACTION
          ? 'change-20'
          : '';
  const direction = price > previous ? 'up' : 'down';
  return { direction, arrows, className, text: (direction === 'up' ? '▲' : '▼').repeat(arrows) };
}

/**
 * A price's trend said in words, for screen readers: how far it moved since the player last saw it in this city
 * ('up sharply since you were last here'); the arrows say the same at a glance.
 */
export function trendWords(trend: PriceTrend): string {
  if (trend.arrows === 0) return '';
  const how = trend.arrows === 3 ? ' sharply' : trend.arrows === 1 ? ' slightly' : '';
  return `${trend.direction}${how} since you were last here`;
}

/** A count with its noun in the right number: '1 day', '7 days', '0 days' (plural defaults to noun + 's'). */
export function countOf(n: number, noun: string, plural: string = `${noun}s`): string {
  return `${formatNumber(n)} ${n === 1 ? noun : plural}`;
}
