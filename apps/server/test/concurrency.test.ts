// Concurrent actions on one game: the version-checked append plus reload-and-reapply means money is never
// spent twice, and a conflicting write is retried on the fresh state rather than lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replay } from '@drugwars/engine';
import type { ActionResponse } from '@drugwars/protocol';
import type { SessionRepository, Storage } from '../src/storage/port';
import { canonicalJson } from '../src/services/canonicalJson';
import { describeEachStorage, sqliteTarget } from './support/storageTargets';
import { call, createTestApp, json, type TestApp } from './support/testApp';
import { expectError, startGame, stateOf, wholeState } from './support/games';

describe('concurrent requests on one game', () => {
  const target = sqliteTarget();
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t.close();
    await target.cleanup();
  });

  it('never deposits the same cash twice', async () => {
    const game = await startGame(t.app, { playerName: 'racer', seed: '5' });
    const half = game.gameState.player.cash / 2;
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => call(t.app, 'POST', '/api/game/bank/deposit', { sessionId: game.sessionId, body: { amount: half } })),
    );
    const accepted = responses.filter((r) => r.statusCode === 200);
    expect(accepted).toHaveLength(2);
    for (const r of responses.filter((r) => r.statusCode !== 200)) expect(r.json<{ code: string }>().code).toBe('INSUFFICIENT_FUNDS');
    const end = await stateOf(t.app, game.sessionId);
    expect(end.player.cash).toBe(0);
    expect(end.player.bank).toBe(game.gameState.player.cash);
  });
});

describe('a write that loses the version race', () => {
  const target = sqliteTarget();
  let t: TestApp;
  let interfere: ((storage: Storage, id: string) => Promise<void>) | null = null;

  beforeAll(async () => {
    t = await createTestApp(target, {
      // Before the first append of a request goes through, another "request" appends first.
      wrapStorage: (real) => ({
        ...real,
        sessions: {
          ...real.sessions,
          async append(...args: Parameters<SessionRepository['append']>) {
            if (interfere) {
              const run = interfere;
              interfere = null;
              await run(real, args[0]);
            }
            return real.sessions.append(...args);
          },
        },
      }),
    });
  });
  afterAll(async () => {
    await t.close();
    await target.cleanup();
  });

  it('is re-applied on the fresh state: both actions count, and the log still replays', async () => {
    const game = await startGame(t.app, { playerName: 'loser', seed: '6' });
    interfere = async (storage, id) => {
      const record = await storage.sessions.load(id, new Date(0));
      const { apply } = await import('@drugwars/engine');
      const other = apply(record!.state, { type: 'deposit', amount: 300 });
      if (!other.ok) throw new Error(other.message);
      const result = await storage.sessions.append(id, record!.version, { type: 'deposit', amount: 300 }, other.state, new Date());
      expect(result.ok).toBe(true);
    };
    const response = await call(t.app, 'POST', '/api/game/bank/deposit', { sessionId: game.sessionId, body: { amount: 500 } });
    expect(response.statusCode, response.body).toBe(200);
    expect(interfere).toBeNull();
    const body = wholeState(json<ActionResponse>(response));
    expect(body.gameState.player.bank).toBe(800);
    expect(body.gameState.player.cash).toBe(game.gameState.player.cash - 800);

    const record = await t.storage.sessions.load(game.sessionId, new Date(0));
    const actions = await t.storage.sessions.actions(game.sessionId);
    expect(actions).toEqual([
      { type: 'deposit', amount: 300 },
      { type: 'deposit', amount: 500 },
    ]);
    const replayed = replay({ playerName: 'loser', seed: record!.seed, isSeeded: true }, actions);
    expect(canonicalJson(replayed)).toBe(canonicalJson(record!.state));
  });
});

describeEachStorage('one game through two server processes, each with its cached copy', (target) => {
  // Two apps on one database stand for two processes: each keeps the record it last read or wrote and plays
  // its first try of a move on it without reading the database, so these moves start on a copy the other
  // process has moved past.
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp(target);
    b = await createTestApp(target, { databaseUrl: a.url });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('an action refused on the stale copy is decided again on the stored game, and accepted', async () => {
    const game = await startGame(a.app, { playerName: 'two', seed: '7' });
    const cash = game.gameState.player.cash;
    // b banks everything: a's copy still has the cash in hand and no money in the bank
    const banked = await call(b.app, 'POST', '/api/game/bank/deposit', { sessionId: game.sessionId, body: { amount: cash } });
    expect(banked.statusCode, banked.body).toBe(200);
    const taken = await call(a.app, 'POST', '/api/game/bank/withdraw', { sessionId: game.sessionId, body: { amount: cash } });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(wholeState(json<ActionResponse>(taken)).gameState.player).toMatchObject({ cash, bank: 0 });
    expect(await a.storage.sessions.actions(game.sessionId)).toEqual([
      { type: 'deposit', amount: cash },
      { type: 'withdraw', amount: cash },
    ]);
  });

  it('an action accepted on the stale copy loses the version race and is applied to the stored game', async () => {
    const game = await startGame(a.app, { playerName: 'two', seed: '8' });
    const cash = game.gameState.player.cash;
    expect((await call(b.app, 'POST', '/api/game/bank/deposit', { sessionId: game.sessionId, body: { amount: 300 } })).statusCode).toBe(200);
    const second = await call(a.app, 'POST', '/api/game/bank/deposit', { sessionId: game.sessionId, body: { amount: 500 } });
    expect(second.statusCode, second.body).toBe(200);
    expect(wholeState(json<ActionResponse>(second)).gameState.player).toMatchObject({ cash: cash - 800, bank: 800 });
    const record = await a.storage.sessions.load(game.sessionId, new Date(0));
    expect(record!.version).toBe(2);
    const replayed = replay({ playerName: 'two', seed: record!.seed, isSeeded: true }, await a.storage.sessions.actions(game.sessionId));
    expect(canonicalJson(replayed)).toBe(canonicalJson(record!.state));
  });

  it('a game ended by the other process is not found, whatever the copy says', async () => {
    const game = await startGame(a.app, { playerName: 'two', seed: '9' });
    expect((await call(b.app, 'POST', '/api/game/end-session', { sessionId: game.sessionId })).statusCode).toBe(200);
    expectError(await call(a.app, 'POST', '/api/game/stay', { sessionId: game.sessionId, body: {} }), 404, 'SESSION_NOT_FOUND');
    // refused on the copy too (a deposit of more than the cash): still not found, not the rule's refusal
    expectError(
      await call(a.app, 'POST', '/api/game/bank/deposit', { sessionId: game.sessionId, body: { amount: game.gameState.player.cash + 1 } }),
      404,
      'SESSION_NOT_FOUND',
    );
  });
});
