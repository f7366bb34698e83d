// Lean replies: every reply with a game state says its version; a move made on the version the client says it holds
// (x-state-version) answers only what changed, which rebuilds the whole state; GET /api/game/state answers 304 to
// the version the client holds (If-None-Match).
import { afterAll, beforeAll, expect, it } from 'vitest';
import { withStateChange, type ClientGameState, type ClientStateChange } from '@drugwars/engine';
import { STATE_VERSION_HEADER, type ActionResponse, type DayResponse, type EncounterResponse, type StateResponse } from '@drugwars/protocol';
import { describeEachStorage } from './support/storageTargets';
import { call, createTestApp, json, type TestApp } from './support/testApp';
import { expectError, startGame, stateOf } from './support/games';

type MoveReply = (ActionResponse | DayResponse | EncounterResponse) & { changedSince?: number };

describeEachStorage('state versions and lean replies', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  /** A move as the web client makes it: saying which version it holds. */
  const move = (sessionId: string, url: string, body: unknown, version: number, headers: Record<string, string> = {}) =>
    call(t.app, 'POST', url, { sessionId, body, headers: { [STATE_VERSION_HEADER]: String(version), ...headers } });

  /** The next move of a simple player: settle any encounter, buy the cheapest drug, sell what is held, sleep, fly. */
  function nextMove(state: ClientGameState, step: number): { url: string; body: unknown } {
    const enc = state.encounter;
    if (enc) {
      const action = enc.type === 'loanSharkVisit' ? (enc.canSkip ? 'skip' : 'pay') : enc.turnOrder === 'enemy' ? 'fight' : enc.canSurrender && step % 3 === 0 ? 'surrender' : 'fight';
      const targetId = enc.enemies.find((e) => e.isAlive)?.id;
      return { url: '/api/game/encounter', body: action === 'fight' && targetId ? { action, targetId } : { action } };
    }
    const held = Object.entries(state.player.inventory).find(([, e]) => e.quantity > 0);
    if (step % 4 === 1 && held) return { url: '/api/game/sell', body: { drugId: held[0], quantity: held[1].quantity } };
    const cheap = state.marketInfo.filter((m) => m.quantity > 0 && m.price <= state.player.cash / 4).sort((a, b) => a.price - b.price)[0];
    if (step % 4 === 2 && cheap) return { url: '/api/game/shop/buy', body: { itemType: 'drug', itemId: cheap.id, quantity: 1 } };
    if (step % 4 === 3) return { url: '/api/game/bank/deposit', body: { amount: 1 } };
    return step % 8 < 4 ? { url: '/api/game/stay', body: {} } : { url: '/api/game/travel', body: { destination: state.location === 'miami' ? 'new_york' : 'miami' } };
  }

  it('a move on the version the client holds answers only what changed, and that rebuilds the whole state', async () => {
    const game = await startGame(t.app, { playerName: 'lean', seed: '4242' });
    expect(game.version).toBe(0);
    let held: ClientGameState = game.gameState;
    let version = 0;
    let leanBytes = 0;
    let wholeBytes = 0;
    const kinds = new Set<string>();
    for (let step = 0; step < 120 && !held.gameOver; step++) {
      const { url, body } = nextMove(held, step);
      const response = await move(game.sessionId, url, body, version);
      if (response.statusCode !== 200) continue; // a refusal changes nothing (checked below)
      const reply = json<MoveReply>(response);
      expect(reply.version).toBe(version + 1);
      expect(reply.changedSince).toBe(version);
      const change = reply.gameState as ClientStateChange;
      expect(change).not.toHaveProperty('worldPrices');
      expect(change).not.toHaveProperty('worldPricesDay');
      held = withStateChange(held, change);
      version = reply.version;
      // The whole state the server holds, as a client without a version gets it.
      const whole = await stateOf(t.app, game.sessionId);
      expect(held).toEqual(whole);
      leanBytes += JSON.stringify(change).length;
      wholeBytes += JSON.stringify(whole).length;
      kinds.add(url);
    }
    expect([...kinds].sort()).toEqual(
      ['/api/game/bank/deposit', '/api/game/encounter', '/api/game/sell', '/api/game/shop/buy', '/api/game/stay', '/api/game/travel'].sort(),
    );
    // What it is for: the changes are a small part of the states they rebuild.
    expect(leanBytes).toBeLessThan(wholeBytes / 2);
  });

  it('a sale answers the player alone; a deposit too', async () => {
    const game = await startGame(t.app, { playerName: 'seller', seed: '99' });
    const drug = game.gameState.marketInfo.find((m) => m.quantity > 0 && m.price <= game.gameState.player.cash)!;
    const bought = json<MoveReply>(await move(game.sessionId, '/api/game/shop/buy', { itemType: 'drug', itemId: drug.id, quantity: 1 }, 0));
    expect(Object.keys(bought.gameState).sort()).toEqual(['marketInfo', 'player']);
    const sold = json<MoveReply>(await move(game.sessionId, '/api/game/sell', { drugId: drug.id, quantity: 1 }, 1));
    expect(Object.keys(sold.gameState)).toEqual(['player']);
    const deposited = json<MoveReply>(await move(game.sessionId, '/api/game/bank/deposit', { amount: 10 }, 2));
    expect(Object.keys(deposited.gameState)).toEqual(['player']);
    expect(deposited.gameState.player?.bank).toBe(10);
  });

  it('a client that holds another version (or none) gets the whole state', async () => {
    const game = await startGame(t.app, { playerName: 'stale', seed: '17' });
    await move(game.sessionId, '/api/game/bank/deposit', { amount: 5 }, 0);
    // Still says 0 (another tab moved meanwhile): the whole state, no changedSince.
    const stale = json<MoveReply>(await move(game.sessionId, '/api/game/bank/deposit', { amount: 5 }, 0));
    expect(stale.version).toBe(2);
    expect(stale).not.toHaveProperty('changedSince');
    expect(stale.gameState).toEqual(await stateOf(t.app, game.sessionId));
    const none = json<MoveReply>(await call(t.app, 'POST', '/api/game/stay', { sessionId: game.sessionId, body: {} }));
    expect(none.version).toBe(3);
    expect(none).not.toHaveProperty('changedSince');
    expect(none.gameState).toHaveProperty('worldPrices');
  });

  it('a malformed x-state-version is 400 and changes nothing', async () => {
    const game = await startGame(t.app, { playerName: 'badver', seed: '18' });
    for (const bad of ['-1', '1.5', 'abc', '01', '', '1234567890123456']) {
      const response = await call(t.app, 'POST', '/api/game/stay', { sessionId: game.sessionId, body: {}, headers: { [STATE_VERSION_HEADER]: bad } });
      expectError(response, 400, 'INVALID_INPUT');
    }
    expect(await stateOf(t.app, game.sessionId)).toEqual(game.gameState);
  });

  it('a retried move (same Idempotency-Key) answers the same change again', async () => {
    const game = await startGame(t.app, { playerName: 'retry', seed: '19' });
    const headers = { 'idempotency-key': 'move-1' };
    const first = await move(game.sessionId, '/api/game/stay', {}, 0, headers);
    const again = await move(game.sessionId, '/api/game/stay', {}, 0, headers);
    expect(first.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expect(json<MoveReply>(again).changedSince).toBe(0);
  });

  it('GET /api/game/state: the version is its ETag, and If-None-Match naming it is 304 with no body', async () => {
    const game = await startGame(t.app, { playerName: 'etag', seed: '20' });
    const first = await call(t.app, 'GET', '/api/game/state', { sessionId: game.sessionId });
    expect(first.statusCode).toBe(200);
    expect(first.headers.etag).toBe('"0"');
    expect(json<StateResponse>(first).version).toBe(0);

    for (const tag of ['"0"', 'W/"0"', '"7", "0"', '*']) {
      const same = await call(t.app, 'GET', '/api/game/state', { sessionId: game.sessionId, headers: { 'if-none-match': tag } });
      expect(same.statusCode, tag).toBe(304);
      expect(same.body).toBe('');
      expect(same.headers.etag).toBe('"0"');
      expect(same.headers['content-type']).toBeUndefined();
      expect(same.headers['cache-control']).toBe('no-store');
    }

    await call(t.app, 'POST', '/api/game/stay', { sessionId: game.sessionId, body: {} });
    const moved = await call(t.app, 'GET', '/api/game/state', { sessionId: game.sessionId, headers: { 'if-none-match': '"0"' } });
    expect(moved.statusCode).toBe(200);
    expect(moved.headers.etag).toBe('"1"');
    const body = json<StateResponse>(moved);
    expect(body.version).toBe(1);
    expect(body.gameState.day).toBe(2);
    // An unknown session is still 404 whatever the client holds.
    expectError(await call(t.app, 'GET', '/api/game/state', { sessionId: crypto.randomUUID(), headers: { 'if-none-match': '"1"' } }), 404, 'SESSION_NOT_FOUND');
  });

  it('a refused move keeps the version', async () => {
    const game = await startGame(t.app, { playerName: 'refused', seed: '21' });
    expectError(await move(game.sessionId, '/api/game/bank/withdraw', { amount: 10 }, 0), 400, 'INSUFFICIENT_FUNDS');
    const state = await call(t.app, 'GET', '/api/game/state', { sessionId: game.sessionId, headers: { 'if-none-match': '"0"' } });
    expect(state.statusCode).toBe(304);
  });
});
