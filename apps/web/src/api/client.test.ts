import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apply, clientStateChange, LOCATIONS, newGame, toClientView, type GameState } from '@drugwars/engine';
import { stubFetch } from '../test/fixtures';
import { api, ApiError } from './client';

beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('api client', () => {
  it('sends JSON with credentials and the stored session id', async () => {
    localStorage.setItem('drugwars.sessionId', 'abc');
    const stub = stubFetch({ 'POST /api/game/sell': { body: { success: true, message: 'ok', gameState: {}, profit: 1, totalPrice: 2 } } });
    const spy = vi.fn(stub.fn);
    vi.stubGlobal('fetch', spy);
    await api.sell('weed', 3);
    expect(stub.calls[0]?.headers['x-session-id']).toBe('abc');
    expect(stub.calls[0]?.headers['Content-Type']).toBe('application/json');
    expect(stub.calls[0]?.body).toEqual({ drugId: 'weed', quantity: 3 });
    expect((spy.mock.calls[0]?.[1] as RequestInit).credentials).toBe('include');
  });

  it('always buys weapons one at a time', async () => {
    const stub = stubFetch({ 'POST /api/game/shop/buy': { body: { success: true, message: '', gameState: {} } } });
    vi.stubGlobal('fetch', stub.fn);
    await api.buy('weapon', 'pistol', 5);
    expect(stub.calls[0]?.body).toEqual({ itemType: 'weapon', itemId: 'pistol', quantity: 1 });
  });

  it('turns an error body into an ApiError with status, code and message', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/game/bank/deposit': {
          status: 400,
          body: { success: false, code: 'INSUFFICIENT_FUNDS', error: 'Not enough cash', message: 'Not enough cash' },
        },
      }).fn,
    );
    const e = await api.deposit(10).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ApiError);
    expect(e).toMatchObject({ status: 400, code: 'INSUFFICIENT_FUNDS', message: 'Not enough cash' });
  });

  it('reports a network failure as status 0', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.state()).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });

  it('retries the health check once after 2 seconds, then raises', async () => {
    vi.useFakeTimers();
    const stub = stubFetch({ 'GET /api/health': { status: 503, body: { success: false, code: 'DB_DOWN', error: 'down', message: 'down' } } });
    vi.stubGlobal('fetch', stub.fn);
    const result = api.health().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(1999);
    expect(stub.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toBeInstanceOf(ApiError);
    expect(stub.calls).toHaveLength(2);
  });

  it('returns an empty changelog and an empty shark list on failure', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('offline')));
    expect(await api.changelog()).toEqual([]);
    expect(await api.loanSharks()).toEqual([]);
  });

  it('clears the stored session id when the session ends', async () => {
    localStorage.setItem('drugwars.sessionId', 'abc');
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/game/end-session': { body: { success: true } } }).fn);
    expect(await api.endSession()).toEqual({ success: true });
    expect(localStorage.getItem('drugwars.sessionId')).toBeNull();
  });

  it('sends every move with its own Idempotency-Key, and no key on reads', async () => {
    const stub = stubFetch({
      'POST /api/game/bank/deposit': { body: { success: true, message: '', gameState: {} } },
      'POST /api/game/travel': { body: { success: true, message: '', gameState: {}, events: [], gameOver: false } },
      'GET /api/game/state': { body: { success: true, gameState: {} } },
    });
    vi.stubGlobal('fetch', stub.fn);
    await api.deposit(10);
    await api.deposit(10);
    await api.travel('ghetto');
    await api.state();
    const keys = stub.calls.map((c) => c.headers['idempotency-key']);
    for (const key of keys.slice(0, 3)) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys.slice(0, 3)).size).toBe(3);
    expect(keys[3]).toBeUndefined();
  });

  it('retries a move that got no answer with the same key, and never one that was answered', async () => {
    vi.useFakeTimers();
    let calls = 0;
    const keys: string[] = [];
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      keys.push((init.headers as Record<string, string>)['idempotency-key'] ?? '');
      calls++;
      if (calls === 1) return Promise.reject(new TypeError('Failed to fetch'));
      if (calls === 2) return Promise.resolve(new Response('bad gateway', { status: 502 }));
      return Promise.resolve(new Response(JSON.stringify({ success: true, message: 'ok', gameState: {} }), { status: 200 }));
    });
    const result = api.deposit(10);
    await vi.advanceTimersByTimeAsync(2000);
    expect(await result).toMatchObject({ success: true, message: 'ok' });
    expect(calls).toBe(3);
    expect(new Set(keys).size).toBe(1);

    const refused = stubFetch({
      'POST /api/game/bank/deposit': { status: 400, body: { success: false, code: 'INSUFFICIENT_FUNDS', error: 'No', message: 'No' } },
    });
    vi.stubGlobal('fetch', refused.fn);
    await expect(api.deposit(10)).rejects.toMatchObject({ code: 'INSUFFICIENT_FUNDS' });
    expect(refused.calls).toHaveLength(1);
  });

  it('gives up on a move after its retries when nothing answers', async () => {
    vi.useFakeTimers();
    let calls = 0;
    vi.stubGlobal('fetch', () => {
      calls++;
      return Promise.reject(new TypeError('Failed to fetch'));
    });
    const result = api.stay().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(5000);
    expect(await result).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
    expect(calls).toBe(3);
  });

  describe('lean replies: the state the server last gave, and what changed since', () => {
    const start = newGame({ playerName: 'lean', seed: '0000000000000042', isSeeded: true });
    const next = (state: GameState, action: Parameters<typeof apply>[1]) => {
      const result = apply(state, action);
      if (!result.ok) throw new Error(result.message);
      return result.state;
    };
    const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    /** A fetch that answers each call in turn, recording what it was sent. */
    function answers(...replies: (() => Response | Promise<Response>)[]) {
      const calls: { url: string; method: string; headers: Record<string, string> }[] = [];
      vi.stubGlobal('fetch', (url: string, init: RequestInit = {}) => {
        calls.push({ url, method: init.method ?? 'GET', headers: (init.headers ?? {}) as Record<string, string> });
        const reply = replies.shift();
        if (!reply) throw new Error(`unexpected call ${url}`);
        return Promise.resolve(reply());
      });
      return calls;
    }

    it('says which version a move is made on and rebuilds the whole state from the change', async () => {
      const to = LOCATIONS.find((l) => l.id !== start.location && l.hasAirport)!;
      const flown = next(start, { type: 'travel', destination: to.id });
      const calls = answers(
        () => json({ success: true, sessionId: 'lean-1', version: 0, gameState: toClientView(start), isManualSeed: true, dailyDate: null, events: [] }),
        () => json({ success: true, message: 'flew', version: 1, changedSince: 0, gameState: clientStateChange(start, flown), events: [], gameOver: false }),
      );
      const created = await api.newGame({ playerName: 'lean', seed: '42' });
      localStorage.setItem('drugwars.sessionId', created.sessionId);
      const res = await api.travel(to.id);
      expect(calls[1]?.headers['x-state-version']).toBe('0');
      // Whole, with the known prices the engine derives: what the server would have sent whole.
      expect(res.gameState).toEqual(toClientView(flown));
    });

    it('reloads the state with If-None-Match and takes 304 as "the one you hold"', async () => {
      const deposited = next(start, { type: 'deposit', amount: 10 });
      const notModified = new Response(null, { status: 304 });
      const read = vi.spyOn(notModified, 'text');
      const calls = answers(
        () => json({ success: true, version: 0, gameState: toClientView(start), sessionId: 'lean-2', isManualSeed: true, dailyDate: null }),
        () => json({ success: true, message: 'ok', version: 1, changedSince: 0, gameState: clientStateChange(start, deposited) }),
        () => notModified,
      );
      localStorage.setItem('drugwars.sessionId', 'lean-2');
      await api.resume('lean-2');
      await api.deposit(10);
      const reloaded = await api.state();
      expect(calls[2]?.headers['If-None-Match']).toBe('"1"');
      expect(reloaded).toEqual({ success: true, version: 1, gameState: toClientView(deposited) });
      // read to its end: Chromium reports a 304 whose body is left unread as an aborted request
      expect(read).toHaveBeenCalled();
    });

    it('never uses the state of another session; a whole reply is taken whole; a change on another version is refused as invalid', async () => {
      const deposited = next(start, { type: 'deposit', amount: 10 });
      const twice = next(deposited, { type: 'deposit', amount: 10 });
      const calls = answers(
        () => json({ success: true, version: 0, gameState: toClientView(start), sessionId: 'lean-3', isManualSeed: true, dailyDate: null }),
        // another tab moved first: the server answers every field (no changedSince) and it is taken as it is
        () => json({ success: true, message: 'ok', version: 2, gameState: toClientView(twice) }),
        // a change said to be on a version this client does not hold cannot be laid over its state
        () => json({ success: true, message: 'ok', version: 4, changedSince: 3, gameState: clientStateChange(deposited, twice) }),
        () => json({ success: true, message: 'ok', version: 1, gameState: toClientView(deposited) }),
      );
      localStorage.setItem('drugwars.sessionId', 'lean-3');
      await api.resume('lean-3');
      expect((await api.deposit(10)).gameState).toEqual(toClientView(twice));
      expect(calls[1]?.headers['x-state-version']).toBe('0');
      await expect(api.deposit(10)).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
      localStorage.setItem('drugwars.sessionId', 'another');
      await api.deposit(10);
      expect(calls[3]?.headers['x-state-version']).toBeUndefined();
    });

    it('sends moves one at a time, in the order made, each on the version the one before left', async () => {
      const one = next(start, { type: 'deposit', amount: 10 });
      const two = next(one, { type: 'deposit', amount: 10 });
      let release: () => void = () => undefined;
      const held = new Promise<void>((r) => (release = r));
      const calls = answers(
        () => json({ success: true, version: 0, gameState: toClientView(start), sessionId: 'lean-4', isManualSeed: true, dailyDate: null }),
        async () => {
          await held;
          return json({ success: true, message: 'ok', version: 1, changedSince: 0, gameState: clientStateChange(start, one) });
        },
        () => json({ success: true, message: 'ok', version: 2, changedSince: 1, gameState: clientStateChange(one, two) }),
      );
      localStorage.setItem('drugwars.sessionId', 'lean-4');
      await api.resume('lean-4');
      const first = api.deposit(10);
      const second = api.deposit(10);
      await new Promise((r) => setTimeout(r, 20));
      expect(calls).toHaveLength(2); // the second waits for the first's answer
      release();
      expect((await first).gameState).toEqual(toClientView(one));
      expect((await second).gameState).toEqual(toClientView(two));
      expect(calls[2]?.headers['x-state-version']).toBe('1');
    });

  });
});
