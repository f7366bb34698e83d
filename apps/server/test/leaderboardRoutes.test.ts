// The Most Wanted List: only the server scores, once per finished unseeded game that passes its audit.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { LeaderboardResponse, SubmitScoreResponse } from '@drugwars/protocol';
import { describeEachStorage } from './support/storageTargets';
import { call, createTestApp, json, type TestApp } from './support/testApp';
import { expectError, playToTheEnd, startGame } from './support/games';

describeEachStorage('leaderboard routes', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  const board = async (view: 'top' | 'weekly' | 'monthly' | 'today') => {
    const response = await call(t.app, 'GET', `/api/leaderboard/${view}`);
    expect(response.statusCode).toBe(200);
    return json<LeaderboardResponse>(response);
  };

  it('starts empty in every view', async () => {
    for (const view of ['top', 'weekly', 'monthly', 'today'] as const) {
      expect(await board(view)).toEqual({ success: true, entries: [] });
    }
  });

  it('refuses a submit without a session, for a game not over, and for a seeded game', async () => {
    expectError(await call(t.app, 'POST', '/api/leaderboard/submit', { body: {} }), 404, 'SESSION_NOT_FOUND');
    const running = await startGame(t.app, { playerName: 'early', seed: null });
    expectError(await call(t.app, 'POST', '/api/leaderboard/submit', { sessionId: running.sessionId, body: {} }), 409, 'GAME_NOT_OVER');

    const seeded = await startGame(t.app, { playerName: 'seeded', seed: '31337' });
    await playToTheEnd(t.app, seeded.sessionId);
    const error = expectError(
      await call(t.app, 'POST', '/api/leaderboard/submit', { sessionId: seeded.sessionId, body: {} }),
      400,
      'SEEDED_GAME',
    );
    expect(error.message).toBe('Seeded games are not eligible for leaderboard');
    expect((await board('top')).entries).toEqual([]);
  });

  it("records a finished game's own score once, ignoring whatever the body claims", async () => {
    const game = await startGame(t.app, { playerName: 'kingpin', seed: null });
    const end = await playToTheEnd(t.app, game.sessionId);
    expect(end.currentState).toBe('GAME_OVER');
    const expectedScore = end.player.cash + end.player.bank - end.player.debt;

    const response = await call(t.app, 'POST', '/api/leaderboard/submit', {
      sessionId: game.sessionId,
      body: { name: 'hacker', score: 999_999_999, cash: 999_999_999, day: 30, drugsSold: 1e6, copsKilled: 1e6 },
    });
    expect(response.statusCode, response.body).toBe(200);
    const { entry, board: filedOn, place, allTimePlace } = json<SubmitScoreResponse>(response);
    // the only game: first today and first of all time
    expect({ filedOn, place, allTimePlace }).toEqual({ filedOn: 'ranked', place: 1, allTimePlace: 1 });
    expect(entry.player_name).toBe('kingpin');
    expect(entry.score).toBe(expectedScore);
    expect(entry.final_day).toBe(end.day);
    expect(Number.isNaN(Date.parse(entry.date_achieved))).toBe(false);

    for (const view of ['top', 'weekly', 'monthly', 'today'] as const) {
      expect((await board(view)).entries, view).toEqual([entry]);
    }

    const again = expectError(
      await call(t.app, 'POST', '/api/leaderboard/submit', { sessionId: game.sessionId, body: {} }),
      409,
      'ALREADY_SUBMITTED',
    );
    expect(again.message.length).toBeGreaterThan(0);
    expect((await board('top')).entries).toHaveLength(1);
  });

  it('validates the limit query', async () => {
    expectError(await call(t.app, 'GET', '/api/leaderboard/top?limit=0'), 400, 'INVALID_INPUT');
    expectError(await call(t.app, 'GET', '/api/leaderboard/top?limit=abc'), 400, 'INVALID_INPUT');
    expect((await call(t.app, 'GET', '/api/leaderboard/top?limit=5')).statusCode).toBe(200);
  });
});
