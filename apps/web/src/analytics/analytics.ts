// Visitor analytics of SPEC.md sections 1, 3, 4 and 7: visitor, page view, funnel stage and game events,
// all sent in the background. Nothing here may reach the player: every call resolves (never rejects),
// failures are only logged to the console, and no caller waits on the network to continue.
import type { ClientGameState } from '@drugwars/engine';
import type { RequestBody } from '@drugwars/protocol';
import { api } from '../api/client';
import { getVisitorId } from '../storage/local';

export type Browser = 'Firefox' | 'Chrome' | 'Safari' | 'Edge' | 'Unknown';

export interface VisitorInfo {
  visitorId: string;
  browser: Browser;
  platform: string;
  screenResolution: string;
  timezone: string;
  country: string | null;
  referrer: string;
  landingPage: string;
}

export type GameEventCategory = 'action' | 'ui' | 'transaction' | 'combat';

/** A game event as the caller describes it; the current state's day, location, money, health and rank are added. */
export interface AnalyticsEvent {
  type: string;
  category: GameEventCategory;
  action: string;
  label?: string;
  value?: number;
  data?: Record<string, unknown>;
}

export type TrackingEndpoint = 'visitor' | 'pageview' | 'funnel' | 'event';
export type TrackingPost = (endpoint: TrackingEndpoint, body: object) => Promise<unknown>;

/**
 * The API client's tracking calls: responses are not read; a failure is only logged (send). The bodies built
 * below follow the tracking schemas (the server validates them again).
 */
const apiPost: TrackingPost = (endpoint, body) => {
  switch (endpoint) {
    case 'visitor':
      return api.trackVisitor(body as RequestBody<'trackVisitor'>);
    case 'pageview':
      return api.trackPageview(body as RequestBody<'trackPageview'>);
    case 'funnel':
      return api.trackFunnel(body as RequestBody<'trackFunnel'>);
    case 'event':
      return api.trackEvent(body as RequestBody<'trackEvent'>);
  }
};

interface AnalyticsConfig {
  post: TrackingPost;
  /** The current game state for the context fields of game events (null when there is none). */
  getGameState: () => ClientGameState | null;
  now: () => number;
}

const config: AnalyticsConfig = { post: apiPost, getGameState: () => null, now: () => Date.now() };

let started = false;
let sessionId: string | null = null;
let landingTime = Date.now();

/** Lets the app supply the state getter (and tests a fake transport). */
export function configureAnalytics(next: Partial<AnalyticsConfig>): void {
  Object.assign(config, next);
}

/** Test helper: forget that analytics started and the session id. */
export function resetAnalytics(): void {
  started = false;
  sessionId = null;
  landingTime = config.now();
}

export function setAnalyticsSession(id: string | null): void {
  sessionId = id;
}
export function getAnalyticsSession(): string | null {
  return sessionId;
}

export function detectBrowser(userAgent: string): Browser {
  // Order matters: Edge's agent also says Chrome and Safari; Chrome's also says Safari.
  if (/Edg(e|A|iOS)?\//.test(userAgent)) return 'Edge';
  if (/Firefox\/|FxiOS\//.test(userAgent)) return 'Firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(userAgent)) return 'Chrome';
  if (/Safari\//.test(userAgent)) return 'Safari';
  return 'Unknown';
}

/** The region of a language tag ('en-US' -> 'US'), or null when the tag names none. */
export function countryFromLanguage(language: string | undefined | null): string | null {
  if (!language) return null;
  const parts = language.split(/[-_]/);
  for (const part of parts.slice(1)) {
    if (/^[A-Za-z]{2}$/.test(part) || /^\d{3}$/.test(part)) return part.toUpperCase();
  }
  return null;
}

/**
 * The IANA time zone ('Europe/Berlin'). Temporal answers it at once where the browser has it; Intl's first
 * DateTimeFormat loads the locale data, tens of milliseconds of the first screen's main thread on a phone
 * (Lighthouse counted it as blocking time), so it is only the fallback.
 */
export function timeZoneName(): string {
  const temporal = (globalThis as { Temporal?: { Now?: { timeZoneId?: () => string } } }).Temporal;
  try {
    const id = temporal?.Now?.timeZoneId?.();
    if (id) return id;
  } catch {
    // no Temporal: Intl below
  }
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Unknown';
  } catch {
    return 'Unknown';
  }
}

export function collectVisitorInfo(): VisitorInfo {
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  const scr = typeof screen !== 'undefined' ? screen : undefined;
  const timezone = timeZoneName();
  const uaPlatform = (nav as (Navigator & { userAgentData?: { platform?: string } }) | undefined)?.userAgentData?.platform;
  return {
    visitorId: getVisitorId(),
    browser: detectBrowser(nav?.userAgent ?? ''),
    platform: uaPlatform || nav?.platform || 'Unknown',
    screenResolution: scr ? `${scr.width}x${scr.height}` : 'Unknown',
    timezone,
    country: countryFromLanguage(nav?.language),
    referrer: typeof document !== 'undefined' ? document.referrer : '',
    landingPage: typeof location !== 'undefined' ? location.pathname + location.search : '',
  };
}

async function send(endpoint: TrackingEndpoint, body: object): Promise<void> {
  try {
    await config.post(endpoint, body);
  } catch (err) {
    console.warn(`analytics ${endpoint} failed`, err);
  }
}

/** Where and when the visit began (the app starts analytics in idle time, perhaps after a first click). */
export interface Landing {
  at: number;
  /** location.pathname */
  path: string;
  /** location.pathname + location.search */
  page: string;
}

/** The landing as of now. */
export function landingNow(): Landing {
  const path = typeof location !== 'undefined' ? location.pathname : '/';
  return { at: config.now(), path, page: typeof location !== 'undefined' ? path + location.search : '' };
}

/** Starts once: tracks the visitor, then the first page view (of the landing page). Later calls do nothing. */
export function startAnalytics(landing: Landing = landingNow()): Promise<void> {
  if (started) return Promise.resolve();
  started = true;
  landingTime = landing.at;
  let visitor: VisitorInfo;
  try {
    visitor = { ...collectVisitorInfo(), landingPage: landing.page };
  } catch (err) {
    console.warn('analytics visitor info failed', err);
    return Promise.resolve();
  }
  return send('visitor', visitor).then(() => trackPageView(landing.path));
}

export function trackPageView(path?: string, title?: string): Promise<void> {
  return send('pageview', {
    visitorId: getVisitorId(),
    sessionId,
    path: path ?? (typeof location !== 'undefined' ? location.pathname : '/'),
    title: title ?? (typeof document !== 'undefined' ? document.title : ''),
    referrer: typeof document !== 'undefined' ? document.referrer : '',
  });
}

/** Whole seconds since the landing page loaded. */
export function secondsSince(startMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - startMs) / 1000));
}

/** Funnel stage (name_entry, game_start, ...). A session id given here becomes the analytics session. */
export function trackFunnel(stage: string, stageSessionId?: string | null): Promise<void> {
  if (stageSessionId) sessionId = stageSessionId;
  return send('funnel', {
    visitorId: getVisitorId(),
    stage,
    sessionId,
    timeToStage: secondsSince(landingTime, config.now()),
  });
}

/** A game event with the current state's context; sent only while a session id is set. */
export function trackEvent(event: AnalyticsEvent): Promise<void> {
  if (!sessionId) return Promise.resolve();
  let context: Record<string, unknown> = {};
  try {
    const state = config.getGameState();
    if (state) {
      context = {
        day: state.day,
        location: state.location,
        cash: state.player.cash,
        debt: state.player.debt,
        health: state.player.health,
        rankName: state.player.rank?.name ?? null,
      };
    }
  } catch (err) {
    console.warn('analytics state read failed', err);
  }
  return send('event', { sessionId, visitorId: getVisitorId(), event: { ...event, ...context } });
}
