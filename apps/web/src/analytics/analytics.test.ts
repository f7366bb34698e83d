import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  configureAnalytics,
  countryFromLanguage,
  detectBrowser,
  resetAnalytics,
  secondsSince,
  startAnalytics,
  trackEvent,
  trackFunnel,
  trackPageView,
  timeZoneName,
  type TrackingEndpoint,
} from './analytics';
import { eventForSignal, funnelStageForSignal } from './init';
import { gameState } from '../features/encounter/testFixtures';

let sent: { endpoint: TrackingEndpoint; body: Record<string, unknown> }[] = [];
let now = 1_000_000;

beforeEach(() => {
  sent = [];
  now = 1_000_000;
  configureAnalytics({
    post: async (endpoint, body) => {
      sent.push({ endpoint, body: body as Record<string, unknown> });
    },
    getGameState: () => null,
    now: () => now,
  });
  resetAnalytics();
});
afterEach(() => vi.restoreAllMocks());

describe('visitor fields', () => {
  it('detects the browser from the user agent', () => {
    const agents: [string, string][] = [
      ['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox'],
      ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36', 'Chrome'],
      ['Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36 Edg/130.0', 'Edge'],
      ['Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15', 'Safari'],
      ['curl/8.0', 'Unknown'],
    ];
    for (const [ua, browser] of agents) expect(detectBrowser(ua)).toBe(browser);
  });
  it('names the time zone by Temporal where there is one, by Intl otherwise', () => {
    const g = globalThis as { Temporal?: unknown };
    const had = 'Temporal' in g;
    const saved = g.Temporal;
    try {
      g.Temporal = { Now: { timeZoneId: () => 'Pacific/Auckland' } };
      expect(timeZoneName()).toBe('Pacific/Auckland');
      g.Temporal = undefined;
      expect(timeZoneName()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    } finally {
      if (had) g.Temporal = saved;
      else delete g.Temporal;
    }
  });
  it('takes the country from the language region, or null', () => {
    expect(countryFromLanguage('en-US')).toBe('US');
    expect(countryFromLanguage('pt_br')).toBe('BR');
    expect(countryFromLanguage('zh-Hant-TW')).toBe('TW');
    expect(countryFromLanguage('fr')).toBeNull();
    expect(countryFromLanguage('')).toBeNull();
  });
});

describe('tracking calls', () => {
  it('starts once: the visitor, then the first page view', async () => {
    await startAnalytics();
    await startAnalytics();
    expect(sent.map((s) => s.endpoint)).toEqual(['visitor', 'pageview']);
    const visitor = sent[0]!.body;
    expect(Object.keys(visitor).sort()).toEqual(
      ['browser', 'country', 'landingPage', 'platform', 'referrer', 'screenResolution', 'timezone', 'visitorId'].sort(),
    );
    expect(visitor.screenResolution).toMatch(/^\d+x\d+$/);
  });

  it('sends funnel stages with whole seconds since landing and keeps their session id', async () => {
    await startAnalytics();
    now += 12_999;
    await trackFunnel('game_start', 'session-1');
    const funnel = sent.find((s) => s.endpoint === 'funnel')!.body;
    expect(funnel).toMatchObject({ stage: 'game_start', sessionId: 'session-1', timeToStage: 12 });
    expect(secondsSince(0, 1999)).toBe(1);
  });

  it('sends game events only once a session id is set, with the state context', async () => {
    configureAnalytics({ getGameState: () => gameState({ cash: 777 }) });
    await trackEvent({ type: 'x', category: 'ui', action: 'click' });
    expect(sent).toEqual([]);
    await trackFunnel('name_entry', 'sess-9');
    await trackEvent({ type: 'x', category: 'ui', action: 'click' });
    const ev = sent.find((s) => s.endpoint === 'event')!.body;
    expect(ev.sessionId).toBe('sess-9');
    expect(ev.event).toMatchObject({ type: 'x', action: 'click', day: 3, cash: 777, debt: 1000, health: 100, rankName: 'Wannabe', location: 'new_york' });
  });

  it('swallows every failure: rejected calls and thrown errors only reach the console', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    configureAnalytics({
      post: (endpoint) => (endpoint === 'pageview' ? Promise.reject(new Error('down')) : Promise.resolve().then(() => { throw new Error('500'); })),
      getGameState: () => {
        throw new Error('broken state');
      },
    });
    await expect(startAnalytics()).resolves.toBeUndefined();
    await expect(trackPageView('/x')).resolves.toBeUndefined();
    await expect(trackFunnel('game_start', 's')).resolves.toBeUndefined();
    await expect(trackEvent({ type: 'x', category: 'combat', action: 'fight' })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalled();
    expect(warn.mock.calls.length).toBeGreaterThanOrEqual(5);
  });

  it('maps game signals to events with the data SPEC.md names', () => {
    expect(eventForSignal({ type: 'transaction', action: 'buy', drugId: 'weed', quantity: 5, price: 300 })).toMatchObject({
      category: 'transaction',
      data: { drugId: 'weed', quantity: 5, price: 300 },
    });
    expect(eventForSignal({ type: 'navigation', from: 'a', to: 'b' })?.data).toEqual({ from: 'a', to: 'b' });
    expect(eventForSignal({ type: 'sound', name: 'plane' })).toBeNull();
  });

  it('reaches the action and transaction funnel stages once per game', () => {
    const reached = new Set<string>();
    expect(funnelStageForSignal({ type: 'sound', name: 'plane' }, reached)).toBeNull();
    expect(funnelStageForSignal({ type: 'navigation', from: 'a', to: 'b' }, reached)).toBe('first_action');
    expect(funnelStageForSignal({ type: 'navigation', from: 'b', to: 'c' }, reached)).toBeNull();
    const buy = { type: 'transaction', action: 'buy', drugId: 'weed', quantity: 1, price: 300 } as const;
    expect(funnelStageForSignal(buy, reached)).toBe('first_transaction');
    expect(funnelStageForSignal(buy, reached)).toBeNull();
  });
});
