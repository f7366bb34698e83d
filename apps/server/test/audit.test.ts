// Audit: replaying a session's action log from its seed must reproduce the stored state. A state changed
// behind the engine's back (here: written straight through the storage port) fails resume and is never scored.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apply, type GameState } from '@drugwars/engine';
import type { LeaderboardResponse } from '@drugwars/protocol';
import { describeEachStorage } from './support/storageTargets';
import { call, createTestApp, json, type TestApp } from './support/testApp';
import { expectError, playToTheEnd, startGame } from './support/games';

describeEachStorage('audit', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  /** Stores `change(state)` as the result of `action`, as a cheater with database access would. */
  async function tamper(sessionId: string, change: (state: GameState) => GameState, action: Parameters<TestApp['storage']['sessions']['append']>[2]) {
    const record = await t.storage.sessions.load(sessionId, new Date(0));
    if (!record) throw new Error('session vanished');
    const result = await t.storage.sessions.append(sessionId, record.version, action, change(record.state), new Date());
    expect(result.ok).toBe(true);
  }

  it('an honest game passes resume', async () => {
    const game = await startGame(t.app, { playerName: 'honest', seed: null });
    await call(t.app, 'POST', '/api/game/stay', { sessionId: game.sessionId, body: {} });
    expect((await call(t.app, 'POST', '/api/game/resume', { body: { sessionId: game.sessionId } })).statusCode).toBe(200);
  });

  it('a tampered state fails resume with 403 AUDIT_FAILURE', async () => {
    const game = await startGame(t.app, { playerName: 'cheater', seed: null });
    await tamper(game.sessionId, (s) => ({ ...s, player: { ...s.player, cash: s.player.cash + 1_000_000 } }), { type: 'stay' });
    const error = expectError(await call(t.app, 'POST', '/api/game/resume', { body: { sessionId: game.sessionId } }), 403, 'AUDIT_FAILURE');
    expect(error.message).toBe("Your game failed record audits. Some kinda bug, or you're a cheater.");
  });

  it('a tampered finished game is not scored (403 AUDIT_FAILURE, leaderboard unchanged)', async () => {
    const before = json<LeaderboardResponse>(await call(t.app, 'GET', '/api/leaderboard/top')).entries;
    const game = await startGame(t.app, { playerName: 'richcheat', seed: null });
    await playToTheEnd(t.app, game.sessionId);
    // Same action as the last honest one would be replayed differently: record a "stay" whose result is
    // the finished game with a fortune added.
    const record = await t.storage.sessions.load(game.sessionId, new Date(0));
    const actions = await t.storage.sessions.actions(game.sessionId);
    expect(actions.length).toBeGreaterThan(0);
    const richer: GameState = { ...record!.state, player: { ...record!.state.player, bank: record!.state.player.bank + 50_000_000 } };
    // Rewrite history: the stored state no longer follows from the log.
    await tamper(game.sessionId, () => richer, actions[actions.length - 1]!);
    expectError(await call(t.app, 'POST', '/api/leaderboard/submit', { sessionId: game.sessionId, body: {} }), 403, 'AUDIT_FAILURE');
    expectError(await call(t.app, 'POST', '/api/game/resume', { body: { sessionId: game.sessionId } }), 403, 'AUDIT_FAILURE');
    expect(json<LeaderboardResponse>(await call(t.app, 'GET', '/api/leaderboard/top')).entries).toEqual(before);
  });

  it('compares data, not key order (PostgreSQL jsonb reorders keys)', async () => {
    const game = await startGame(t.app, { playerName: 'reorder', seed: null });
    const record = await t.storage.sessions.load(game.sessionId, new Date(0));
    const result = apply(record!.state, { type: 'stay' });
    if (!result.ok) throw new Error(result.message);
    // The honest next state, stored with every key of every object in reverse order.
    const reorder = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reorder)
        : value !== null && typeof value === 'object'
          ? Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reorder(v)]))
          : value;
    const reversed = reorder(result.state) as GameState;
    expect(JSON.stringify(reversed)).not.toBe(JSON.stringify(result.state));
    await tamper(game.sessionId, () => reversed, { type: 'stay' });
    expect((await call(t.app, 'POST', '/api/game/resume', { body: { sessionId: game.sessionId } })).statusCode).toBe(200);
  });
});
