// Analytics calls: validated, size-limited, rate-limited, and answered 2xx even when storage fails.
import { ApiRoutes } from '@drugwars/protocol';
import type { Tracking } from '../services/tracking';
import { routeSchema } from './routeSchema';
import type { RateLimitRule } from './rateLimits';
import type { App } from './types';

export interface TrackingRoutesOptions {
  tracking: Tracking;
  rateLimit: RateLimitRule;
}

const ok = { success: true as const };

export function registerTrackingRoutes(app: App, options: TrackingRoutesOptions): void {
  const { tracking } = options;
  // One limiter (one counter store) shared by the four calls: a single budget per client address.
  const limiter = app.rateLimit({ max: options.rateLimit.max, timeWindow: options.rateLimit.timeWindowMs });

  app.post(ApiRoutes.trackVisitor.url, { schema: routeSchema(ApiRoutes.trackVisitor, 'tracking'), onRequest: limiter }, async (request) => {
    const body = request.body;
    await tracking.record('visitor', { visitorId: body.visitorId, sessionId: null, payload: body });
    return ok;
  });

  app.post(ApiRoutes.trackPageview.url, { schema: routeSchema(ApiRoutes.trackPageview, 'tracking'), onRequest: limiter }, async (request) => {
    const body = request.body;
    await tracking.record('pageview', { visitorId: body.visitorId, sessionId: body.sessionId ?? null, payload: body });
    return ok;
  });

  app.post(ApiRoutes.trackFunnel.url, { schema: routeSchema(ApiRoutes.trackFunnel, 'tracking'), onRequest: limiter }, async (request) => {
    const body = request.body;
    await tracking.record('funnel', { visitorId: body.visitorId, sessionId: body.sessionId ?? null, payload: body });
    return ok;
  });

  app.post(ApiRoutes.trackEvent.url, { schema: routeSchema(ApiRoutes.trackEvent, 'tracking'), onRequest: limiter }, async (request) => {
    const body = request.body;
    await tracking.record('event', { visitorId: body.visitorId ?? null, sessionId: body.sessionId ?? null, payload: body });
    return ok;
  });
}
