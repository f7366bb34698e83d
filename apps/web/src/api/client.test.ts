import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
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
});
