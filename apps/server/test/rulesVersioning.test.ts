// Versioned rules (DESIGN.md section 8): sessions stored by the old server (rules version 1, the golden games of
// test/fixtures/rulesV1Sessions.json, exactly as that engine produced them) are loaded by the current server.
// Every such game is closed with a clear message (410 RULES_CHANGED), whatever route reaches it and whichever
// way the storage holds it (a snapshot rolled forward over the log, or a snapshot of the last action); never
// 403 AUDIT_FAILURE, never a 5xx. Its Most Wanted List entry stays, and the player can start a new game.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { OLDER_RULES_MESSAGE, RULES_VERSION, rulesVersionOf, type Action, type GameState } from '@drugwars/engine';
import type { LeaderboardResponse, NewGameResponse, ValidateResponse } from '@drugwars/protocol';
import { buildApp } from '../src/app';
import type { App } from '../src/routes/types';
import { createStorage } from '../src/storage/createStorage';
import type { Storage } from '../src/storage/port';
import { describeEachStorage } from './support/storageTargets';
import { call, GENEROUS_RATE_LIMITS, json } from './support/testApp';
import { expectError } from './support/games';

interface StoredGame {
  playerName: string;
  seed: string;
  isSeeded: boolean;
  actions: Action[];
  initialState: GameState;
  finalState: GameState;
  score: number;
}

const fixture = JSON.parse(readFileSync(new URL('./fixtures/rulesV1Sessions.json', import.meta.url), 'utf8')) as {
  rulesVersion: number;
  sessions: { midGame: StoredGame; inFight: StoredGame; overUnsubmitted: StoredGame; overSubmitted: StoredGame };
};

const IDS = {
  midGame: '0a000000-0000-4000-8000-000000000001',
  inFight: '0a000000-0000-4000-8000-000000000002',
  overUnsubmitted: '0a000000-0000-4000-8000-000000000003',
  overSubmitted: '0a000000-0000-4000-8000-000000000004',
} as const;

/**
 * Stores a game as the old server did: sessions.create with its first state, then one append per logged action.
 * `snapshotEvery` decides what reaches the database besides the log: a huge value keeps only the first state (the
 * new server must roll it forward), 1 writes the state of every append (the last one, the final state, stays).
 * States between the first and the last are never read back from these storages, so they are not in the fixture.
 */
async function storeAsOldServer(url: string, id: string, game: StoredGame, snapshotEvery: number): Promise<Storage> {
  const storage = createStorage(url, { snapshotEvery });
  await storage.migrate();
  const now = new Date();
  await storage.sessions.create({ id, playerName: game.playerName, seed: game.seed, isSeeded: game.isSeeded, state: game.initialState }, now);
  for (let i = 0; i < game.actions.length; i++) {
    const last = i === game.actions.length - 1;
    const result = await storage.sessions.append(id, i, game.actions[i]!, last ? game.finalState : game.initialState, now);
    expect(result.ok).toBe(true);
  }
  return storage;
}

describeEachStorage('a session stored under older rules, loaded by the new server', (target) => {
  let app: App;
  let storage: Storage;
  const writers: Storage[] = [];

  beforeAll(async () => {
    const url = await target.freshUrl();
    const { midGame, inFight, overUnsubmitted, overSubmitted } = fixture.sessions;
    writers.push(await storeAsOldServer(url, IDS.midGame, midGame, 1_000_000));
    writers.push(await storeAsOldServer(url, IDS.inFight, inFight, 1));
    writers.push(await storeAsOldServer(url, IDS.overUnsubmitted, overUnsubmitted, 1_000_000));
    const old = await storeAsOldServer(url, IDS.overSubmitted, overSubmitted, 1_000_000);
    writers.push(old);
    // The old server scored this one (it passed the old audit).
    const entry = {
      player_name: overSubmitted.playerName,
      score: overSubmitted.score,
      final_day: overSubmitted.finalState.day,
      died: overSubmitted.finalState.player.health <= 0,
      gameOverReason: overSubmitted.finalState.gameOverReason,
      rulesVersion: rulesVersionOf(overSubmitted.finalState),
    };
    expect(await old.leaderboard.submit(IDS.overSubmitted, entry, new Date())).toMatchObject({ ok: true, entry: { rulesVersion: 1 } });
    for (const w of writers) await w.close();

    // The new server: a fresh process on the same database (nothing cached).
    storage = createStorage(url);
    await storage.migrate();
    app = await buildApp({ storage, logger: false, webDistDir: null, purgeIntervalMs: null, rateLimits: GENEROUS_RATE_LIMITS });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await storage.close();
  });

  it('the fixture really is of the old rules', () => {
    expect(fixture.rulesVersion).toBe(1);
    for (const game of Object.values(fixture.sessions)) {
      expect('rulesVersion' in game.finalState).toBe(false);
      expect(rulesVersionOf(game.finalState)).toBe(1);
    }
    expect(RULES_VERSION).toBeGreaterThan(1);
    expect(fixture.sessions.inFight.finalState.currentState).toBe('COMBAT');
    expect(fixture.sessions.overUnsubmitted.finalState.currentState).toBe('GAME_OVER');
  });

  const closed = (response: { statusCode: number; body: string }) => {
    const error = expectError(response, 410, 'RULES_CHANGED');
    expect(error.message).toBe(OLDER_RULES_MESSAGE);
    expect(error.message).toMatch(/^This game was started under older rules/);
  };

  it('a game in progress (snapshot rolled forward over the log) is closed with the message on every route', async () => {
    const sessionId = IDS.midGame;
    closed(await call(app, 'GET', '/api/game/state', { sessionId }));
    closed(await call(app, 'POST', '/api/game/stay', { sessionId, body: {} }));
    closed(await call(app, 'POST', '/api/game/shop/buy', { sessionId, body: { itemType: 'drug', itemId: 'weed', quantity: 1 } }));
    closed(await call(app, 'GET', '/api/game/prices/world', { sessionId }));
    closed(await call(app, 'POST', '/api/game/resume', { body: { sessionId } }));
    // The title screen learns why the game is gone instead of offering to continue it.
    const validate = json<ValidateResponse>(await call(app, 'POST', '/api/game/validate', { body: { sessionId } }));
    expect(validate).toEqual({ success: true, valid: false, session: null, closedReason: OLDER_RULES_MESSAGE });
  });

  it('a game stored in the middle of a fight (snapshot of the last action) is closed the same way', async () => {
    const sessionId = IDS.inFight;
    closed(await call(app, 'POST', '/api/game/encounter', { sessionId, body: { action: 'fight' } }));
    closed(await call(app, 'POST', '/api/game/resume', { body: { sessionId } }));
    closed(await call(app, 'GET', '/api/game/history', { sessionId }));
  });

  it('a finished game of older rules cannot be scored now, with the message and not AUDIT_FAILURE', async () => {
    const before = json<LeaderboardResponse>(await call(app, 'GET', '/api/leaderboard/top')).entries;
    closed(await call(app, 'POST', '/api/leaderboard/submit', { sessionId: IDS.overUnsubmitted, body: {} }));
    expect(json<LeaderboardResponse>(await call(app, 'GET', '/api/leaderboard/top')).entries).toEqual(before);
  });

  it('entries already on the Most Wanted List stay, without a replay (404 with the reason)', async () => {
    const { overSubmitted } = fixture.sessions;
    const entries = json<LeaderboardResponse>(await call(app, 'GET', '/api/leaderboard/top')).entries;
    const entry = entries.find((e) => e.player_name === overSubmitted.playerName);
    expect(entry).toMatchObject({ score: overSubmitted.score, final_day: overSubmitted.finalState.day, replayable: false });
    closed(await call(app, 'POST', '/api/leaderboard/submit', { sessionId: IDS.overSubmitted, body: {} }));
    const refused = expectError(await call(app, 'GET', `/api/leaderboard/entries/${entry!.id}/replay`), 404, 'REPLAY_UNAVAILABLE');
    expect(refused.message).toMatch(/older rules/);
  });

  it('the player can leave the old game and start a new one under the current rules', async () => {
    expect((await call(app, 'POST', '/api/game/end-session', { sessionId: IDS.inFight, body: {} })).statusCode).toBe(200);
    expectError(await call(app, 'GET', '/api/game/state', { sessionId: IDS.inFight }), 404, 'SESSION_NOT_FOUND');
    const validate = json<ValidateResponse>(await call(app, 'POST', '/api/game/validate', { body: { sessionId: IDS.inFight } }));
    expect(validate).toEqual({ success: true, valid: false, session: null });
    const created = await call(app, 'POST', '/api/game/new', { body: { playerName: 'newrules' } });
    expect(created.statusCode).toBe(200);
    const game = json<NewGameResponse>(created);
    // The reply does not say (a client never reads it): the stored game does.
    expect(rulesVersionOf((await storage.sessions.load(game.sessionId, new Date(0)))!.state)).toBe(RULES_VERSION);
    expect((await call(app, 'POST', '/api/game/stay', { sessionId: game.sessionId, body: {} })).statusCode).toBe(200);
    expect((await call(app, 'POST', '/api/game/resume', { body: { sessionId: game.sessionId } })).statusCode).toBe(200);
  });
});
