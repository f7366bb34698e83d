// Bounded work and safe retries on both databases: the caps on actions per game day and per game (409
// ACTION_LIMIT, nothing changed), and the Idempotency-Key of state-changing calls (the same key twice = one
// application and the same reply; a key reused for another request = 422).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActionResponse } from '@drugwars/protocol';
import { describeEachStorage } from './support/storageTargets';
import { call, createTestApp, json, type TestApp } from './support/testApp';
import { expectError, settleEncounters, startGame, stateOf, wholeState } from './support/games';
import { drugOnSale, heldQuantity } from './support/storageHttp';

const DEPOSIT = '/api/game/bank/deposit';
const WITHDRAW = '/api/game/bank/withdraw';

describeEachStorage('action caps', (target) => {
  let t: TestApp;
  let gameCapped: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { actionCaps: { perDay: 4, perGame: 1000 } });
    gameCapped = await createTestApp(target, { actionCaps: { perDay: 1000, perGame: 6 } });
  });
  afterAll(async () => {
    await t.close();
    await gameCapped.close();
  });

  const bank = (app: TestApp, sessionId: string, url: string) => call(app.app, 'POST', url, { sessionId, body: { amount: 1 } });

  it("refuses a day's moves past the day cap with a clear 409, changing nothing, and lets the day end", async () => {
    const { sessionId } = await startGame(t.app, { playerName: 'capped', seed: '77' });
    for (const url of [DEPOSIT, WITHDRAW, DEPOSIT, WITHDRAW]) expect((await bank(t, sessionId, url)).statusCode).toBe(200);
    const before = await stateOf(t.app, sessionId);
    const refused = expectError(await bank(t, sessionId, DEPOSIT), 409, 'ACTION_LIMIT');
    expect(refused.message).toBe("That's 4 moves today, the most a day allows. Travel or stay to start a new day.");
    expect(await stateOf(t.app, sessionId)).toEqual(before);
    expect(await t.storage.sessions.actions(sessionId)).toHaveLength(4);

    // Ending the day is still allowed (and so is whatever encounter it brings), and the new day counts afresh.
    const stay = await call(t.app, 'POST', '/api/game/stay', { sessionId, body: {} });
    expect(stay.statusCode, stay.body).toBe(200);
    const afterStay = await settleEncounters(t.app, sessionId, wholeState(json<ActionResponse>(stay)).gameState);
    expect(afterStay.day).toBe(before.day + 1);
    const record = await t.storage.sessions.load(sessionId, new Date(0));
    expect(record?.dayStartVersion).toBe(5);
    const leftToday = 4 - (record!.version - record!.dayStartVersion);
    for (let i = 0; i < leftToday; i++) expect((await bank(t, sessionId, i % 2 ? WITHDRAW : DEPOSIT)).statusCode).toBe(200);
    expectError(await bank(t, sessionId, DEPOSIT), 409, 'ACTION_LIMIT');
  });

  it('refuses every action past the game cap, even ending the day; the capped game still resumes', async () => {
    const app = gameCapped;
    const { sessionId } = await startGame(app.app, { playerName: 'gamecap', seed: '78' });
    for (const url of [DEPOSIT, WITHDRAW, DEPOSIT, WITHDRAW, DEPOSIT, WITHDRAW]) expect((await bank(app, sessionId, url)).statusCode).toBe(200);
    const atCap = await stateOf(app.app, sessionId);
    expect(expectError(await bank(app, sessionId, DEPOSIT), 409, 'ACTION_LIMIT').message).toBe('This game has reached its limit of 6 moves.');
    expectError(await call(app.app, 'POST', '/api/game/stay', { sessionId, body: {} }), 409, 'ACTION_LIMIT');
    expect(await stateOf(app.app, sessionId)).toEqual(atCap);
    expect(await app.storage.sessions.actions(sessionId)).toHaveLength(6);
    expect((await call(app.app, 'POST', '/api/game/resume', { body: { sessionId } })).statusCode).toBe(200);
  });
});

describeEachStorage('Idempotency-Key', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
  });

  const deposit = (sessionId: string, amount: number, key?: string) =>
    call(t.app, 'POST', DEPOSIT, { sessionId, body: { amount }, ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }) });

  it('the same key twice applies the action once and answers the same reply twice', async () => {
    const game = await startGame(t.app, { playerName: 'retrier', seed: '78' });
    const first = await deposit(game.sessionId, 100, 'tap-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await deposit(game.sessionId, 100, 'tap-1');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    const state = await stateOf(t.app, game.sessionId);
    expect(state.player.bank).toBe(100);
    expect(state.player.cash).toBe(game.gameState.player.cash - 100);
    expect(await t.storage.sessions.actions(game.sessionId)).toEqual([{ type: 'deposit', amount: 100 }]);
  });

  it('an older key is answered with its own first reply, rebuilt from the log, after later actions', async () => {
    const game = await startGame(t.app, { playerName: 'replayer', seed: '79' });
    const replies: string[] = [];
    for (let i = 1; i <= 20; i++) {
      const r = await deposit(game.sessionId, i, `k-${i}`);
      expect(r.statusCode, r.body).toBe(200);
      replies.push(r.body);
    }
    for (const i of [1, 7, 17, 20]) expect((await deposit(game.sessionId, i, `k-${i}`)).body).toBe(replies[i - 1]);
    expect(await t.storage.sessions.actions(game.sessionId)).toHaveLength(20);
    expect((await stateOf(t.app, game.sessionId)).player.bank).toBe(210);
  });

  it('a key reused for a different request is 422 and changes nothing; a new key or none applies as usual', async () => {
    const game = await startGame(t.app, { playerName: 'reuser', seed: '80' });
    expect((await deposit(game.sessionId, 50, 'same')).statusCode).toBe(200);
    expectError(await deposit(game.sessionId, 60, 'same'), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await call(t.app, 'POST', WITHDRAW, { sessionId: game.sessionId, body: { amount: 50 }, headers: { 'idempotency-key': 'same' } }), 422, 'IDEMPOTENCY_KEY_REUSED');
    expect((await stateOf(t.app, game.sessionId)).player.bank).toBe(50);
    expect((await deposit(game.sessionId, 50, 'other')).statusCode).toBe(200);
    expect((await deposit(game.sessionId, 50)).statusCode).toBe(200);
    expect((await deposit(game.sessionId, 50)).statusCode).toBe(200);
    expect((await stateOf(t.app, game.sessionId)).player.bank).toBe(200);
  });

  it('a keyed refusal stores nothing: the retry is decided again', async () => {
    const game = await startGame(t.app, { playerName: 'refused', seed: '81' });
    const tooMuch = game.gameState.player.cash + 1;
    expectError(await deposit(game.sessionId, tooMuch, 'big'), 400, 'INSUFFICIENT_FUNDS');
    expectError(await deposit(game.sessionId, tooMuch, 'big'), 400, 'INSUFFICIENT_FUNDS');
    expect(await t.storage.sessions.findIdempotencyKey(game.sessionId, 'big')).toBeNull();
  });

  it('end-session with a key succeeds again on retry; without one the ended session is 404', async () => {
    const game = await startGame(t.app, { playerName: 'leaver', seed: '82' });
    expect((await deposit(game.sessionId, 1, 'used')).statusCode).toBe(200);
    const end = (key?: string) =>
      call(t.app, 'POST', '/api/game/end-session', { sessionId: game.sessionId, body: {}, ...(key ? { headers: { 'idempotency-key': key } } : {}) });
    expectError(await end('used'), 422, 'IDEMPOTENCY_KEY_REUSED');
    const first = await end('bye');
    expect(first.statusCode, first.body).toBe(200);
    const again = await end('bye');
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    expectError(await end(), 404, 'SESSION_NOT_FOUND');
    expectError(await end('another'), 404, 'SESSION_NOT_FOUND');
    // The ended session's key is still its own: an action carrying it is told so, any other action is 404.
    expectError(await deposit(game.sessionId, 1, 'bye'), 422, 'IDEMPOTENCY_KEY_REUSED');
    expectError(await deposit(game.sessionId, 1, 'fresh'), 404, 'SESSION_NOT_FOUND');
  });

  it('a retry that the new state would accept again still answers the first reply and applies nothing', async () => {
    // A sale of 1 unit, retried: the engine would sell another unit on the state after the first sale.
    const game = await startGame(t.app, { playerName: 'reseller', seed: '84' });
    const drug = drugOnSale(game.gameState, 'cheapest');
    const buy = await call(t.app, 'POST', '/api/game/shop/buy', { sessionId: game.sessionId, body: { itemType: 'drug', itemId: drug.id, quantity: 2 } });
    expect(buy.statusCode, buy.body).toBe(200);
    const sell = () =>
      call(t.app, 'POST', '/api/game/sell', { sessionId: game.sessionId, body: { drugId: drug.id, quantity: 1 }, headers: { 'idempotency-key': 'sell-1' } });
    const first = await sell();
    expect(first.statusCode, first.body).toBe(200);
    for (let i = 0; i < 3; i++) expect((await sell()).body).toBe(first.body);
    expect(await t.storage.sessions.actions(game.sessionId)).toHaveLength(2);
    const after = await stateOf(t.app, game.sessionId);
    expect(after.player.cash).toBe(wholeState(json<ActionResponse>(first)).gameState.player.cash);
    expect(heldQuantity(after, drug.id)).toBe(1);
  });

  it('refuses a malformed key with a 400 before doing anything', async () => {
    const game = await startGame(t.app, { playerName: 'badkey', seed: '83' });
    for (const key of ['has space', 'x'.repeat(129), 'ünïcode']) {
      expectError(await deposit(game.sessionId, 1, key), 400, 'INVALID_INPUT');
    }
    expect(await t.storage.sessions.actions(game.sessionId)).toEqual([]);
  });
});

describe('Idempotency-Key in the API document', () => {
  it('is documented on the state-changing game calls', async () => {
    const { sqliteTarget } = await import('./support/storageTargets');
    const target = sqliteTarget();
    const t = await createTestApp(target);
    try {
      const docs = json<{ paths: Record<string, { post?: { parameters?: { name: string; in: string }[] } }> }>(
        await call(t.app, 'GET', '/api/docs/json'),
      );
      const names = (path: string) => (docs.paths[path]?.post?.parameters ?? []).filter((p) => p.in === 'header').map((p) => p.name);
      for (const path of ['/api/game/shop/buy', '/api/game/travel', '/api/game/end-session']) expect(names(path)).toContain('idempotency-key');
    } finally {
      await t.close();
      await target.cleanup();
    }
  });
});
