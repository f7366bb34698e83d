// The Daily Run and replays through the real API (DESIGN.md section 8), on SQLite and PostgreSQL: one secret seed
// per UTC day, its own board, the first finished run of a visitor ranked, and a replay behind every entry that
// re-derives the entry's score, refused with a clear 404 when it can't or may not be shown.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { formatSeed, RULES_VERSION, type ClientGameState } from '@drugwars/engine';
import type {
  DailyLeaderboardResponse,
  EncounterResponse,
  LeaderboardResponse,
  NewGameResponse,
  ReplayResponse,
  ResumeResponse,
  StateResponse,
  SubmitScoreResponse,
} from '@drugwars/protocol';
import { buildApp } from '../src/app';
import type { App } from '../src/routes/types';
import type { Storage } from '../src/storage/port';
import { describeEachStorage, openFreshStorage } from './support/storageTargets';
import { call, GENEROUS_RATE_LIMITS, json } from './support/testApp';
import { expectError, playToTheEnd, stateOf, wholeState } from './support/games';

describeEachStorage('Daily Run and replays', (target) => {
  let app: App;
  let storage: Storage;
  let clock = new Date('2026-11-24T09:00:00Z');
  /** Every reply body the app sent, to prove a secret never left it. */
  const replies: string[] = [];

  beforeAll(async () => {
    ({ storage } = await openFreshStorage(target));
    app = await buildApp({ storage, logger: false, webDistDir: null, purgeIntervalMs: null, rateLimits: GENEROUS_RATE_LIMITS, now: () => clock });
    app.addHook('onSend', async (_request, _reply, payload) => {
      if (typeof payload === 'string') replies.push(payload);
      return payload;
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await storage.close();
  });

  const newDaily = async (visitorId: string, playerName = `daily-${visitorId}`) => {
    const response = await call(app, 'POST', '/api/game/new', { body: { playerName, seed: null, daily: true, visitorId } });
    expect(response.statusCode, response.body).toBe(200);
    return json<NewGameResponse>(response);
  };
  const seedOf = async (sessionId: string) => (await storage.sessions.load(sessionId, new Date(0)))!.seed;
  const submit = async (sessionId: string) => {
    const response = await call(app, 'POST', '/api/leaderboard/submit', { sessionId, body: {} });
    expect(response.statusCode, response.body).toBe(200);
    return json<SubmitScoreResponse>(response);
  };
  const dailyBoard = async (query = '', visitorId?: string) => {
    const response = await call(app, 'GET', `/api/leaderboard/daily${query}`, visitorId ? { headers: { 'x-visitor-id': visitorId } } : {});
    expect(response.statusCode, response.body).toBe(200);
    return json<DailyLeaderboardResponse>(response);
  };
  const replayOf = (id: number, visitorId?: string) =>
    call(app, 'GET', `/api/leaderboard/entries/${id}/replay`, visitorId ? { headers: { 'x-visitor-id': visitorId } } : {});

  it('one day, one seed: two Daily Runs start with the same markets; the next day has another seed', async () => {
    const a = await newDaily('visitor-a');
    const b = await newDaily('visitor-b');
    expect(a.dailyDate).toBe('2026-11-24');
    expect(a.isManualSeed).toBe(false);
    expect(a.gameState.formattedSeed).toBeNull();
    expect(await seedOf(a.sessionId)).toBe(await seedOf(b.sessionId));
    expect(a.gameState.marketInfo).toEqual(b.gameState.marketInfo);
    expect(a.gameState.worldPrices).toEqual(b.gameState.worldPrices);
    const resumed = json<ResumeResponse>(await call(app, 'POST', '/api/game/resume', { body: { sessionId: a.sessionId } }));
    expect(resumed).toMatchObject({ isManualSeed: false, dailyDate: '2026-11-24' });
    // A game that is not a Daily Run has a seed of its own.
    const plain = json<NewGameResponse>(await call(app, 'POST', '/api/game/new', { body: { playerName: 'plain', seed: null } }));
    expect(plain.dailyDate).toBeNull();
    expect(await seedOf(plain.sessionId)).not.toBe(await seedOf(a.sessionId));

    clock = new Date('2026-11-25T00:00:01Z');
    const c = await newDaily('visitor-a');
    expect(c.dailyDate).toBe('2026-11-25');
    expect(await seedOf(c.sessionId)).not.toBe(await seedOf(a.sessionId));
    clock = new Date('2026-11-24T09:30:00Z');
  });

  it('a Daily Run takes no seed and needs a visitor id', async () => {
    expectError(await call(app, 'POST', '/api/game/new', { body: { playerName: 'x', seed: '42', daily: true, visitorId: 'v-1' } }), 400, 'INVALID_INPUT');
    expectError(await call(app, 'POST', '/api/game/new', { body: { playerName: 'x', seed: null, daily: true } }), 400, 'INVALID_INPUT');
    expectError(await call(app, 'POST', '/api/game/new', { body: { playerName: 'x', daily: true, visitorId: 'not a visitor id!' } }), 400, 'INVALID_INPUT');
    expectError(await call(app, 'POST', '/api/game/new', { body: { playerName: 'x', daily: 'yes', visitorId: 'v-1' } }), 400, 'INVALID_INPUT');
  });

  it("goes on its day's board and never on the Most Wanted List; the visitor's first finished run ranks, later ones are practice", async () => {
    const first = await newDaily('ranker', 'first-run');
    const second = await newDaily('ranker', 'second-run');
    // The second one started is finished first: it is the ranked one.
    await playToTheEnd(app, second.sessionId);
    const secondScore = await submit(second.sessionId);
    expect(secondScore).toMatchObject({ board: 'daily', dailyDate: '2026-11-24', place: 1, allTimePlace: null, entry: { player_name: 'second-run', replayable: true } });
    await playToTheEnd(app, first.sessionId);
    const firstScore = await submit(first.sessionId);
    expect(firstScore).toMatchObject({ board: 'practice', dailyDate: '2026-11-24', place: null, allTimePlace: null, entry: { player_name: 'first-run' } });

    const other = await newDaily('someone-else', 'other-run');
    await playToTheEnd(app, other.sessionId);
    expect((await submit(other.sessionId)).board).toBe('daily');

    const today = await dailyBoard();
    expect(today.date).toBe('2026-11-24');
    expect(today.seed).toBeNull();
    expect(today.entries.map((e) => e.player_name).sort()).toEqual(['other-run', 'second-run']);
    expect(await dailyBoard('?date=2026-11-24')).toEqual(today);
    for (const view of ['top', 'weekly', 'monthly', 'today']) {
      const names = json<LeaderboardResponse>(await call(app, 'GET', `/api/leaderboard/${view}`)).entries.map((e) => e.player_name);
      expect(names, view).not.toContain('second-run');
      expect(names, view).not.toContain('first-run');
      expect(names, view).not.toContain('other-run');
    }
  });

  it("keeps a day's replays with their own players while the day lasts, and shows them and the seed once it is over", async () => {
    const mine = await newDaily('watcher', 'watched-run');
    await playToTheEnd(app, mine.sessionId);
    const { entry } = await submit(mine.sessionId);
    expect(entry.replayable).toBe(true);
    // Others see the row without a replay, and are told why.
    const row = (await dailyBoard()).entries.find((e) => e.id === entry.id)!;
    expect(row.replayable).toBe(false);
    expect((await dailyBoard('', 'watcher')).entries.find((e) => e.id === entry.id)!.replayable).toBe(true);
    const refused = expectError(await replayOf(entry.id), 404, 'REPLAY_UNAVAILABLE');
    expect(refused.message).toMatch(/when the day is over/);
    expectError(await replayOf(entry.id, 'somebody'), 404, 'REPLAY_UNAVAILABLE');
    const own = await replayOf(entry.id, 'watcher');
    expect(own.statusCode, own.body).toBe(200);

    // Nothing sent during the day carried the day's seed, in either form.
    const seed = await seedOf(mine.sessionId);
    expect(replies.length).toBeGreaterThan(50);
    for (const body of replies) {
      expect(body).not.toContain(seed);
      expect(body).not.toContain(formatSeed(seed));
    }

    // A run finished after midnight is practice, whoever plays it.
    const late = await newDaily('late-player', 'late-run');
    clock = new Date('2026-11-25T00:05:00Z');
    await playToTheEnd(app, late.sessionId);
    expect(await submit(late.sessionId)).toMatchObject({ board: 'practice', dailyDate: '2026-11-24', place: null });

    const yesterday = await dailyBoard('?date=2026-11-24');
    expect(yesterday.seed).toBe(formatSeed(seed));
    expect(yesterday.entries.find((e) => e.id === entry.id)!.replayable).toBe(true);
    expect((await replayOf(entry.id)).statusCode).toBe(200);
    expect(await dailyBoard()).toMatchObject({ date: '2026-11-25', seed: null, entries: [] });
    clock = new Date('2026-11-24T10:00:00Z');
  });

  it('refuses dates that are malformed, not real, or still to come', async () => {
    for (const date of ['2026-11-2', 'yesterday', '2026-11-24T00:00']) {
      expectError(await call(app, 'GET', `/api/leaderboard/daily?date=${date}`), 400, 'INVALID_INPUT');
    }
    expectError(await call(app, 'GET', '/api/leaderboard/daily?date=2026-02-30'), 400, 'INVALID_INPUT');
    expectError(await call(app, 'GET', '/api/leaderboard/daily?date=2026-11-25'), 400, 'INVALID_INPUT');
    expect((await dailyBoard('?date=2020-01-01')).entries).toEqual([]);
  });

  it("a ranked game's replay re-derives exactly the stored score, day by day", async () => {
    const game = json<NewGameResponse>(await call(app, 'POST', '/api/game/new', { body: { playerName: 'replayed', seed: null } }));
    const sessionId = game.sessionId;
    // A few real moves before the game runs out: a trade, the bank and a trip.
    // Cash left for the deposit and Boston's $100 fare.
    const drug = game.gameState.marketInfo.find((m) => m.quantity >= 2 && m.price * 2 <= game.gameState.player.cash - 200)!;
    expect((await call(app, 'POST', '/api/game/shop/buy', { sessionId, body: { itemType: 'drug', itemId: drug.id, quantity: 2 } })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/game/bank/deposit', { sessionId, body: { amount: 100 } })).statusCode).toBe(200);
    const destination = 'boston';
    expect((await call(app, 'POST', '/api/game/travel', { sessionId, body: { destination } })).statusCode).toBe(200);
    const end = await playToTheEnd(app, sessionId);
    const { entry } = await submit(sessionId);
    expect(entry.replayable).toBe(true);
    // The Main Menu ends the session after the submit: the replay still works.
    expect((await call(app, 'POST', '/api/game/end-session', { sessionId, body: {} })).statusCode).toBe(200);

    const response = await replayOf(entry.id);
    expect(response.statusCode, response.body).toBe(200);
    const replay = json<ReplayResponse>(response);
    expect(replay.entry).toEqual(entry);
    expect(replay.rulesVersion).toBe(RULES_VERSION);
    expect(replay.days.map((d) => d.day)).toEqual(Array.from({ length: end.day }, (_, i) => i + 1));
    const last = replay.days[replay.days.length - 1]!;
    expect(last.end).toEqual({
      cash: end.player.cash,
      bank: end.player.bank,
      debt: end.player.debt,
      health: end.player.health,
      netWorth: entry.score,
    });
    expect(entry.score).toBe(end.player.cash + end.player.bank - end.player.debt);
    expect(replay.days[0]!.steps.slice(0, 3)).toEqual([
      expect.objectContaining({ kind: 'buy', drugId: drug.id, quantity: 2, price: drug.price, total: drug.price * 2 }),
      expect.objectContaining({ kind: 'deposit', amount: 100 }),
      expect.objectContaining({ kind: 'travel', to: destination }),
    ]);
    expect(replay.days[1]!.location).toBe(destination);
    // The same again from the cache.
    expect(json<ReplayResponse>(await replayOf(entry.id))).toEqual(replay);
  });

  it('a dead player\'s entry says R.I.P.: died and the cause', async () => {
    // Daily Runs are reproducible (a fixed secret and date): fight everything and owe the shark until a run ends in death.
    for (let d = 1; d <= 20; d++) {
      clock = new Date(Date.UTC(2027, 0, d, 12));
      const game = await newDaily(`doomed-${d}`);
      const end = await fightToTheEnd(app, game.sessionId);
      if (end.player.health > 0) continue;
      const { entry } = await submit(game.sessionId);
      expect(entry).toMatchObject({ died: true, gameOverReason: end.gameOverReason });
      expect(end.gameOverReason).toMatch(/^You were killed/);
      const replay = json<ReplayResponse>(await replayOf(entry.id, `doomed-${d}`));
      const steps = replay.days.flatMap((day) => day.steps);
      expect(steps[steps.length - 1]).toMatchObject({ kind: 'encounter', outcome: 'killed' });
      clock = new Date('2026-11-24T10:00:00Z');
      return;
    }
    throw new Error('no Daily Run of January 2027 ended in death');
  });

  it('unknown ids, ids of games still running and malformed ids: 404 with the error body, nothing else', async () => {
    const running = await newDaily('still-playing', 'runner');
    for (const id of ['999999999', running.sessionId, '0', '-1', '1.5', 'abc', '1e3', '9'.repeat(30)]) {
      const error = expectError(await call(app, 'GET', `/api/leaderboard/entries/${encodeURIComponent(id)}/replay`), 404, 'ENTRY_NOT_FOUND');
      expect(error.message).toBe('There is no such entry on the lists.');
    }
    // The running game is untouched.
    expect((await stateOf(app, running.sessionId)).gameOver).toBe(false);
  });
});

/** Fights every fight, puts the shark off as long as he allows (then fights his goons), and sleeps otherwise. */
async function fightToTheEnd(app: App, sessionId: string): Promise<ClientGameState> {
  let state = await stateOf(app, sessionId);
  for (let guard = 0; guard < 2000 && !state.gameOver; guard++) {
    const encounter = state.encounter;
    let response;
    if (!encounter) {
      response = await call(app, 'POST', '/api/game/stay', { sessionId, body: {} });
      expect(response.statusCode, response.body).toBe(200);
      state = json<StateResponse>(response).gameState;
      continue;
    }
    const action = encounter.type === 'loanSharkVisit' ? (encounter.canSkip ? 'skip' : 'pay') : 'fight';
    response = await call(app, 'POST', '/api/game/encounter', { sessionId, body: { action } });
    expect(response.statusCode, response.body).toBe(200);
    state = wholeState(json<EncounterResponse>(response)).gameState;
  }
  expect(state.gameOver).toBe(true);
  return state;
}

describeEachStorage('Daily Run secret and replay rate limit', (target) => {
  it('replays are rate-limited per client address like the other costly calls', async () => {
    const { storage } = await openFreshStorage(target);
    const app = await buildApp({ storage, logger: false, webDistDir: null, purgeIntervalMs: null, rateLimits: { replay: { max: 2, timeWindowMs: 60_000 } } });
    try {
      expectError(await call(app, 'GET', '/api/leaderboard/entries/1/replay'), 404, 'ENTRY_NOT_FOUND');
      expectError(await call(app, 'GET', '/api/leaderboard/entries/2/replay'), 404, 'ENTRY_NOT_FOUND');
      expectError(await call(app, 'GET', '/api/leaderboard/entries/3/replay'), 429, 'RATE_LIMITED');
    } finally {
      await app.close();
      await storage.close();
    }
  });

  it('DAILY_SECRET decides the seed; without it a generated secret is stored, so a restart keeps the day', async () => {
    const { storage } = await openFreshStorage(target);
    const now = () => new Date('2026-11-24T12:00:00Z');
    const seedOfNewDaily = async (dailySecret?: string) => {
      const app = await buildApp({ storage, logger: false, webDistDir: null, purgeIntervalMs: null, now, ...(dailySecret ? { dailySecret } : {}) });
      try {
        const game = json<NewGameResponse>(await call(app, 'POST', '/api/game/new', { body: { playerName: 'x', daily: true, visitorId: 'v' } }));
        return (await storage.sessions.load(game.sessionId, new Date(0)))!.seed;
      } finally {
        await app.close();
      }
    };
    try {
      const generated = await seedOfNewDaily();
      expect(await seedOfNewDaily()).toBe(generated);
      const fromEnv = await seedOfNewDaily('a-secret-of-thirty-two-characters');
      expect(fromEnv).not.toBe(generated);
      expect(await seedOfNewDaily('a-secret-of-thirty-two-characters')).toBe(fromEnv);
      expect(await seedOfNewDaily('another-secret-at-least-16')).not.toBe(fromEnv);
      await expect(buildApp({ storage, logger: false, webDistDir: null, dailySecret: 'short' })).rejects.toThrow(/at least 16/);
    } finally {
      await storage.close();
    }
  });
});
