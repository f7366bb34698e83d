// Calendar periods of the leaderboard, in UTC (DESIGN.md section 3): today since 00:00 UTC, the ISO week since
// Monday 00:00 UTC, the month since the 1st 00:00 UTC, and all time. Each entry stores its bucket numbers, so
// "this period" is an equality on one indexed column instead of a range followed by a sort.
import type { LeaderboardPeriod } from './port';

const DAY_MS = 86_400_000;

/** Whole days since 1970-01-01 UTC. */
export function utcDay(ms: number): number {
  return Math.floor(ms / DAY_MS);
}

/** The utcDay of the Monday that starts the ISO week containing `ms` (1970-01-01 was a Thursday). */
export function utcWeek(ms: number): number {
  const day = utcDay(ms);
  // ((x % 7) + 7) % 7 keeps the weekday index non-negative for instants before 1970.
  const daysSinceMonday = (((day + 3) % 7) + 7) % 7;
  return day - daysSinceMonday;
}

/** year * 12 + month index (0-11), in UTC. */
export function utcMonth(ms: number): number {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

export interface PeriodBuckets {
  utc_day: number;
  utc_week: number;
  utc_month: number;
}

export function periodBuckets(ms: number): PeriodBuckets {
  return { utc_day: utcDay(ms), utc_week: utcWeek(ms), utc_month: utcMonth(ms) };
}

/** The bucket column and value that select `period` as seen at `now`, or null for all time. */
export function periodFilter(period: LeaderboardPeriod, now: Date): { column: keyof PeriodBuckets; value: number } | null {
  const ms = now.getTime();
  switch (period) {
    case 'today':
      return { column: 'utc_day', value: utcDay(ms) };
    case 'week':
      return { column: 'utc_week', value: utcWeek(ms) };
    case 'month':
      return { column: 'utc_month', value: utcMonth(ms) };
    case 'all':
      return null;
  }
}
