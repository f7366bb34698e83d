import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { event, makeState, stubFetch } from '../test/fixtures';
import type { ClientGameEvent, ClientEncounter } from '@drugwars/engine';
import { OLDER_RULES_MESSAGE } from '@drugwars/engine';
import { buyDrug, daySounds, deposit, resumeGame, sellDrug, shopBuy, startNewGame, stayHere, travel } from './gameActions';
import { ACTION_RETRIES, ACTION_RETRY_DELAY_MS } from '../constants';
import { useGameStore } from './gameStore';
import { signals } from './signals';

beforeEach(() => {
  localStorage.clear();
  useGameStore.getState().resetGame();
  useGameStore.getState().setGameState(makeState());
  useGameStore.getState().setTravelSpeed('normal');
  vi.useFakeTimers();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('startNewGame', () => {
  it("a Daily Run sends no seed but this browser's visitor id, and the game keeps its day; a plain start sends its seed", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const started = (dailyDate: string | null) => ({
      body: { success: true, sessionId: 'sess-d', gameState: makeState(), isManualSeed: false, dailyDate, events: [] },
    });
    let stub = stubFetch({ 'POST /api/game/new': started('2026-11-24') });
    vi.stubGlobal('fetch', stub.fn);
    const daily = startNewGame('Tony', '42', { daily: true });
    await vi.advanceTimersByTimeAsync(1000);
    expect(await daily).toBe('sess-d');
    const visitorId = localStorage.getItem('drugwars.visitorId');
    expect(visitorId).toBeTruthy();
    expect(stub.calls.find((c) => c.url === '/api/game/new')?.body).toEqual({ playerName: 'Tony', seed: null, daily: true, visitorId });
    expect(useGameStore.getState().dailyDate).toBe('2026-11-24');

    stub = stubFetch({ 'POST /api/game/new': started(null) });
    vi.stubGlobal('fetch', stub.fn);
    const plain = startNewGame('Tony', '42');
    await vi.advanceTimersByTimeAsync(1000);
    await plain;
    expect(stub.calls.find((c) => c.url === '/api/game/new')?.body).toEqual({ playerName: 'Tony', seed: '42' });
    expect(useGameStore.getState().dailyDate).toBeNull();
  });
});

describe('travel', () => {
  it('shows Traveling... for 1050 ms before calling the server, then applies state, message and events', async () => {
    const next = makeState({ cash: 1700 });
    const stub = stubFetch({
      'POST /api/game/travel': {
        body: { success: true, message: 'Arrived in Miami.', gameState: next, events: [event('rumor', 'Word is...')], gameOver: false },
      },
    });
    vi.stubGlobal('fetch', stub.fn);
    useGameStore.getState().setView('finances');
    const done = travel('miami');
    expect(useGameStore.getState().transition).toEqual({ message: 'Traveling...', destination: 'miami' });
    await vi.advanceTimersByTimeAsync(1049);
    expect(stub.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(await done).toBe(true);
    expect(stub.calls[0]?.body).toEqual({ destination: 'miami' });
    const s = useGameStore.getState();
    expect(s.transition).toBeNull();
    expect(s.gameState?.player.cash).toBe(1700);
    expect(s.messages.map((m) => m.text)).toEqual(['Arrived in Miami.', 'Word is...']);
    expect(s.modals).toMatchObject([{ kind: 'event', category: 'rumor' }]);
    expect(s.view).toBe('market');
  });

  it('the travel speed setting shortens (FAST) or skips (SKIP) the wait before the call', async () => {
    const next = makeState();
    const answer = { body: { success: true, message: 'Arrived.', gameState: next, events: [], gameOver: false } };
    let stub = stubFetch({ 'POST /api/game/travel': answer });
    vi.stubGlobal('fetch', stub.fn);
    useGameStore.getState().setTravelSpeed('skip');
    const skipped = travel('miami');
    await vi.advanceTimersByTimeAsync(0);
    expect(stub.calls).toHaveLength(1);
    expect(await skipped).toBe(true);
    stub = stubFetch({ 'POST /api/game/stay': answer });
    vi.stubGlobal('fetch', stub.fn);
    useGameStore.getState().setTravelSpeed('fast');
    const slept = stayHere();
    expect(useGameStore.getState().transition).toEqual({ message: 'Sleeping...' });
    await vi.advanceTimersByTimeAsync(199);
    expect(stub.calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(stub.calls).toHaveLength(1);
    expect(await slept).toBe(true);
  });

  it('goes to /gameover without messages when the day ends the game', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/game/stay': {
          body: { success: true, message: 'The end', gameState: { ...makeState(), gameOver: true }, events: [event('rumor')], gameOver: true },
        },
      }).fn,
    );
    const done = stayHere();
    expect(useGameStore.getState().transition).toEqual({ message: 'Sleeping...' });
    await vi.advanceTimersByTimeAsync(800);
    await done;
    const s = useGameStore.getState();
    expect(s.redirect).toBe('/gameover');
    expect(s.messages).toEqual([]);
    expect(s.modals).toEqual([]);
  });

  it('keeps events pending while the day brought an encounter', async () => {
    const enc = makeState({ encounter: { type: 'police' } as never });
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'POST /api/game/stay': { body: { success: true, message: '', gameState: enc, events: [event('rumor')], gameOver: false } } }).fn,
    );
    const done = stayHere();
    await vi.advanceTimersByTimeAsync(800);
    await done;
    expect(useGameStore.getState().pendingEvents).toHaveLength(1);
    expect(useGameStore.getState().modals).toEqual([]);
  });

  it('plays a loan-shark visit warning once, by visit number, with the plane', async () => {
    const visit = { type: 'loanSharkVisit', visitNumber: 2, enemies: [] } as unknown as ClientEncounter;
    // as a reply carries it: the event names the encounter by type, the state holds it
    const visitEvent: ClientGameEvent = { ...event('loan_shark', 'Vinnie is here.'), soundEffect: 'loan_shark_warning_2', encounter: { type: 'loanSharkVisit' } };
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/game/travel': {
          body: { success: true, message: 'Arrived.', gameState: makeState({ encounter: visit }), events: [visitEvent], gameOver: false },
        },
      }).fn,
    );
    const sounds: string[] = [];
    const stop = signals.subscribe((sig) => {
      if (sig.type === 'sound') sounds.push(sig.name);
    });
    const done = travel('miami');
    await vi.advanceTimersByTimeAsync(1050);
    await done;
    stop();
    expect(sounds).toEqual(['plane', 'loan_shark_warning_2']);
  });

  it('a network failure loses the connection and returns to the title', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const done = travel('miami');
    // The transition, and the client's retries of the unanswered move (same Idempotency-Key) before it gives up.
    await vi.advanceTimersByTimeAsync(1050 + ACTION_RETRIES * ACTION_RETRY_DELAY_MS);
    expect(await done).toBe(false);
    const s = useGameStore.getState();
    expect(s.transition).toBeNull();
    expect(s.redirect).toBe('/');
    expect(s.modals[0]).toEqual({
      kind: 'error',
      message: 'Connection to server lost. Please check your connection and try again.',
    });
  });

  it('a game of older rules (410 RULES_CHANGED) is forgotten and the title screen says why', async () => {
    localStorage.setItem('drugwars.sessionId', 'old-rules');
    useGameStore.getState().setSession('old-rules');
    const refusal = { success: false, code: 'RULES_CHANGED', error: OLDER_RULES_MESSAGE, message: OLDER_RULES_MESSAGE };
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/game/travel': { status: 410, body: refusal } }).fn);
    const done = travel('miami');
    await vi.advanceTimersByTimeAsync(1050);
    expect(await done).toBe(false);
    const s = useGameStore.getState();
    expect(s.redirect).toBe('/?error=rules');
    expect(s.sessionId).toBeNull();
    expect(localStorage.getItem('drugwars.sessionId')).toBeNull();
    expect(s.auditFailure).toBe(false);
    expect(s.modals.some((m) => m.kind === 'sessionLost')).toBe(false);
    expect(s.messages.at(-1)?.text).toBe(OLDER_RULES_MESSAGE);
  });

  it('resume asks for the catalogue and the game together, sets the state once both are in, and a second call joins it', async () => {
    useGameStore.getState().resetGame();
    useGameStore.setState({ gameData: {} });
    const resumed = makeState({ cash: 4321 });
    const stub = stubFetch({ 'POST /api/game/resume': { body: { success: true, sessionId: 'sess-r', gameState: resumed, isManualSeed: false } } });
    let release!: () => void;
    const catalogueHeld = new Promise<void>((ok) => (release = ok));
    const urls: string[] = [];
    vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
      urls.push(url);
      if (url.startsWith('/api/game/data/')) {
        await catalogueHeld;
        return new Response(JSON.stringify({ success: true, items: [] }), { status: 200, headers: { 'content-type': 'application/json' } });
      }
      return stub.fn(url, init);
    });
    const first = resumeGame('sess-r');
    const second = resumeGame('sess-r');
    expect(second).toBe(first);
    await vi.advanceTimersByTimeAsync(10);
    // the game was asked for while the catalogue is still on the way, and its state waits for the catalogue
    expect(urls.filter((u) => u === '/api/game/resume')).toHaveLength(1);
    expect(urls.some((u) => u.startsWith('/api/game/data/'))).toBe(true);
    expect(useGameStore.getState().gameState).toBeNull();
    release();
    expect(await first).toBe('ok');
    expect(useGameStore.getState().gameState?.player.cash).toBe(4321);
    expect(urls.filter((u) => u === '/api/game/resume')).toHaveLength(1);
  });

  it('resuming a game of older rules asks once and hands over to the title', async () => {
    const refusal = { success: false, code: 'RULES_CHANGED', error: OLDER_RULES_MESSAGE, message: OLDER_RULES_MESSAGE };
    const stub = stubFetch({ 'POST /api/game/resume': { status: 410, body: refusal } });
    vi.stubGlobal('fetch', stub.fn);
    const done = resumeGame('old-rules');
    await vi.advanceTimersByTimeAsync(5000);
    expect(await done).toBe('rulesChanged');
    expect(stub.calls.filter((c) => c.url === '/api/game/resume')).toHaveLength(1);
    expect(useGameStore.getState().redirect).toBe('/?error=rules');
  });

  it('a missing session opens the Session Connection Lost modal', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/game/travel': {
          status: 404,
          body: { success: false, code: 'SESSION_NOT_FOUND', error: 'Session not found or expired', message: 'Session not found or expired' },
        },
      }).fn,
    );
    const done = travel('miami');
    await vi.advanceTimersByTimeAsync(1050);
    await done;
    expect(useGameStore.getState().sessionError).toBe(true);
    expect(useGameStore.getState().modals[0]).toEqual({
      kind: 'sessionLost',
      message: 'Session connection lost. The server may have restarted.',
    });
  });
});

describe('money and shop actions', () => {
  it('returns the server message as a field error without a modal', async () => {
    vi.useRealTimers();
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/game/bank/deposit': {
          status: 400,
          body: { success: false, code: 'INSUFFICIENT_FUNDS', error: "You don't have that much cash!", message: "You don't have that much cash!" },
        },
      }).fn,
    );
    expect(await deposit(5000)).toEqual({ ok: false, message: "You don't have that much cash!", refused: true });
    expect(useGameStore.getState().modals).toEqual([]);
    expect(useGameStore.getState().messages.at(-1)).toMatchObject({ type: 'error', text: "You don't have that much cash!" });
  });

  it('logs the shop success messages', async () => {
    vi.useRealTimers();
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/game/shop/buy': { body: { success: true, message: 'ok', gameState: makeState() } } }).fn);
    await shopBuy('weapon', 'pistol', 'Pistol', 1);
    await shopBuy('armor', 'vest', 'Kevlar Vest', 1);
    await shopBuy('ammo', 'bullets', 'Bullets', 20);
    expect(useGameStore.getState().messages.map((m) => m.text)).toEqual([
      '🔫 Successfully purchased Pistol!',
      '🛡️ Successfully purchased Kevlar Vest!',
      '✅ Successfully purchased 20x Bullets!',
    ]);
  });
});

describe('trades and analytics', () => {
  it("announces a buy or sell as a 'transaction' only once the server has accepted it", async () => {
    vi.useRealTimers();
    const heard: unknown[] = [];
    const unsubscribe = signals.subscribe((signal) => {
      if (signal.type === 'transaction') heard.push(signal);
    });
    const refusal = { success: false, code: 'INSUFFICIENT_FUNDS', error: "You can't afford that much!", message: "You can't afford that much!" };
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/game/shop/buy': { status: 400, body: refusal },
        'POST /api/game/sell': { body: { success: true, message: 'Sold.', gameState: makeState(), profit: 50, totalPrice: 600 } },
      }).fn,
    );
    expect((await buyDrug('weed', 50, 300)).ok).toBe(false);
    expect(heard).toEqual([]);
    expect((await sellDrug('weed', 2, 300)).ok).toBe(true);
    expect(heard).toEqual([{ type: 'transaction', action: 'sell', drugId: 'weed', quantity: 2, price: 300 }]);
    unsubscribe();
  });
});

describe('daySounds', () => {
  const police = { type: 'police', enemies: [] } as unknown as ClientEncounter;
  const visit = (n: number) => ({ type: 'loanSharkVisit', visitNumber: n, enemies: [] }) as unknown as ClientEncounter;
  // an event names its encounter by type (the state holds the encounter itself)
  const sharkEvent = (sound?: string): ClientGameEvent => ({
    ...event('loan_shark', 'The shark.'),
    encounter: { type: 'loanSharkVisit' },
    ...(sound ? { soundEffect: sound } : {}),
  });

  it('plays the warning by visit number even when the event names none', () => {
    expect(daySounds([sharkEvent()], makeState({ encounter: visit(5) }))).toEqual(['loan_shark_warning_4']);
  });
  it('keeps a visit waiting behind a fight quiet until it steps in', () => {
    const events = [{ ...event('combat'), encounter: { type: 'police' as const } }, sharkEvent('loan_shark_warning_1')];
    expect(daySounds(events, makeState({ encounter: police }))).toEqual([]);
  });
  it('plays other event sounds (a promotion) once each', () => {
    const promo = { ...event('rank_promotion'), soundEffect: 'superb' };
    expect(daySounds([promo, promo], makeState())).toEqual(['superb']);
  });
});
