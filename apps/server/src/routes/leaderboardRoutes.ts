// The Most Wanted List: four read views and the server-scored submit.
import { ApiRoutes } from '@drugwars/protocol';
import type { LeaderboardPeriod } from '../storage/port';
import type { Leaderboard } from '../services/leaderboard';
import { routeSchema } from './routeSchema';
import { sessionIdOf } from './sessionId';
import type { RateLimitRule } from './rateLimits';
import type { App } from './types';

export interface LeaderboardRoutesOptions {
  leaderboard: Leaderboard;
  submitRateLimit: RateLimitRule;
}

const VIEWS = [
  [ApiRoutes.leaderboardTop, 'all'],
  [ApiRoutes.leaderboardWeekly, 'week'],
  [ApiRoutes.leaderboardMonthly, 'month'],
  [ApiRoutes.leaderboardToday, 'today'],
] as const satisfies readonly (readonly [unknown, LeaderboardPeriod])[];

export function registerLeaderboardRoutes(app: App, options: LeaderboardRoutesOptions): void {
  const { leaderboard } = options;
  for (const [def, period] of VIEWS) {
    app.get(def.url, { schema: routeSchema(def, 'leaderboard') }, async (request) => ({
      success: true as const,
      entries: await leaderboard.top(period, request.query.limit),
    }));
  }

  app.post(
    ApiRoutes.submitScore.url,
    {
      schema: routeSchema(ApiRoutes.submitScore, 'leaderboard'),
      config: { rateLimit: { max: options.submitRateLimit.max, timeWindow: options.submitRateLimit.timeWindowMs } },
    },
    async (request) => ({ success: true as const, entry: await leaderboard.submit(sessionIdOf(request)) }),
  );
}
