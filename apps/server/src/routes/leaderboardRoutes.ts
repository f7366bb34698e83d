// The Most Wanted List (four read views), the Daily Run board, the server-scored submit, and an entry's replay.
import { ApiRoutes } from '@drugwars/protocol';
import type { LeaderboardPeriod } from '../storage/port';
import type { Leaderboard } from '../services/leaderboard';
import type { Replays } from '../services/replays';
import { routeSchema } from './routeSchema';
import { sessionIdOf, visitorIdOf } from './sessionId';
import type { RateLimitRule } from './rateLimits';
import type { App } from './types';

export interface LeaderboardRoutesOptions {
  leaderboard: Leaderboard;
  replays: Replays;
  submitRateLimit: RateLimitRule;
  replayRateLimit: RateLimitRule;
}

const VIEWS = [
  [ApiRoutes.leaderboardTop, 'all'],
  [ApiRoutes.leaderboardWeekly, 'week'],
  [ApiRoutes.leaderboardMonthly, 'month'],
  [ApiRoutes.leaderboardToday, 'today'],
] as const satisfies readonly (readonly [unknown, LeaderboardPeriod])[];

export function registerLeaderboardRoutes(app: App, options: LeaderboardRoutesOptions): void {
  const { leaderboard, replays } = options;
  for (const [def, period] of VIEWS) {
    app.get(def.url, { schema: routeSchema(def, 'leaderboard') }, async (request) => ({
      success: true as const,
      entries: await leaderboard.top(period, request.query.limit, visitorIdOf(request)),
    }));
  }

  app.get(ApiRoutes.leaderboardDaily.url, { schema: routeSchema(ApiRoutes.leaderboardDaily, 'leaderboard') }, async (request) => ({
    success: true as const,
    ...(await leaderboard.daily(request.query.date, request.query.limit, visitorIdOf(request))),
  }));

  app.post(
    ApiRoutes.submitScore.url,
    {
      schema: routeSchema(ApiRoutes.submitScore, 'leaderboard'),
      config: { rateLimit: { max: options.submitRateLimit.max, timeWindow: options.submitRateLimit.timeWindowMs } },
    },
    async (request) => ({ success: true as const, ...(await leaderboard.submit(sessionIdOf(request))) }),
  );

  app.get(
    ApiRoutes.replay.url,
    {
      schema: routeSchema(ApiRoutes.replay, 'leaderboard'),
      config: { rateLimit: { max: options.replayRateLimit.max, timeWindow: options.replayRateLimit.timeWindowMs } },
    },
    async (request) => ({ success: true as const, ...(await replays.replay(request.params.id, visitorIdOf(request))) }),
  );
}
