// Session lifecycle through the API: new, validate, resume, end-session, state, expiry, and the client view.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { DEFAULT_MAX_DAYS, LOAN_DUE_DAYS, MAX_HEALTH, STARTING_CASH, STARTING_DEBT, toClientView } from '@drugwars/engine';
import type { ResumeResponse, StateResponse, ValidateResponse } from '@drugwars/protocol';
import { describeEachStorage, sqliteTarget } from './support/storageTargets';
import { call, createTestApp, json, type TestApp } from './support/testApp';
import { expectError, startGame, stateOf } from './support/games';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describeEachStorage('session routes', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  it('POST /api/game/new starts day 1 of 30 with $2,000 cash and $1,000 owed, due in 7 days', async () => {
    const body = await startGame(t.app, { playerName: 'tester', seed: null });
    expect(body.success).toBe(true);
    expect(body.sessionId).toMatch(UUID_V4);
    expect(body.isManualSeed).toBe(false);
    const s = body.gameState;
    expect(STARTING_CASH).toBe(2000);
    expect(STARTING_DEBT).toBe(1000);
    expect(s.day).toBe(1);
    expect(s.maxDays).toBe(DEFAULT_MAX_DAYS);
    expect(s.maxDays).toBe(30);
    expect(s.player.cash).toBe(2000);
    expect(s.player.debt).toBe(1000);
    expect(s.player.bank).toBe(0);
    expect(s.player.health).toBe(MAX_HEALTH);
    expect(s.player.name).toBe('tester');
    expect(s.player.rank.name).toBe('Wannabe');
    expect(s.player.loanShark?.dueDay).toBe(1 + LOAN_DUE_DAYS);
    expect(s.currentState).toBe('NORMAL');
    expect(s.allowedActions).toContain('travel');
    expect(s.isSeeded).toBe(false);
    expect(s.formattedSeed).toBeNull();
    const intro = body.events.find((e) => e.category === 'game_intro');
    expect(intro?.message).toContain('You owe $1,000 to');
    expect(intro?.message).toContain('due in 7 days');
  });

  it('never sends the PRNG state or the secret seed of an unseeded game', async () => {
    const response = await call(t.app, 'POST', '/api/game/new', { body: { playerName: 'secret', seed: null } });
    const body = json<{ sessionId: string; gameState: Record<string, unknown> }>(response);
    expect(body.gameState).not.toHaveProperty('rng');
    expect(body.gameState).not.toHaveProperty('seed');
    const record = await t.storage.sessions.load(body.sessionId, new Date(0));
    expect(record?.seed).toMatch(/^\d{16}$/);
    expect(record?.isSeeded).toBe(false);
    // The schema-driven serializer dropped nothing but what toClientView strips.
    expect(body.gameState).toEqual(JSON.parse(JSON.stringify(toClientView(record!.state))));
    // Not anywhere in the text either: not in this reply, nor in the state, resume or action replies.
    const seed = record!.seed;
    const replies = [
      response.body,
      (await call(t.app, 'GET', '/api/game/state', { sessionId: body.sessionId })).body,
      (await call(t.app, 'POST', '/api/game/resume', { body: { sessionId: body.sessionId } })).body,
      (await call(t.app, 'POST', '/api/game/stay', { sessionId: body.sessionId, body: {} })).body,
    ];
    for (const text of replies) {
      expect(text).not.toContain(seed);
      expect(text).not.toContain(seed.replace(/(\d{4})(?=\d)/g, '$1-'));
      expect(text).not.toMatch(/"rng"\s*:/);
      expect(text).not.toMatch(/"seed"\s*:/);
    }
  });

  it('a seeded game shows its formatted seed, is marked manual, and is reproducible', async () => {
    const a = await startGame(t.app, { playerName: 'seedy', seed: '1234567890123456' });
    const b = await startGame(t.app, { playerName: 'seedy', seed: '1234-5678-9012-3456' });
    expect(a.isManualSeed).toBe(true);
    expect(a.gameState.isSeeded).toBe(true);
    expect(a.gameState.formattedSeed).toBe('1234-5678-9012-3456');
    expect(a.gameState).not.toHaveProperty('rng');
    expect(a.gameState).toEqual(b.gameState);
    expect(a.sessionId).not.toBe(b.sessionId);
    const short = await startGame(t.app, { playerName: 'seedy', seed: '42' });
    expect(short.gameState.formattedSeed).toBe('0000-0000-0000-0042');
  });

  it('refuses invalid seeds with a 400', async () => {
    for (const seed of ['abc', '12345678901234567', '1234-5678-9012-3456-7', '--', '12 34']) {
      const error = expectError(await call(t.app, 'POST', '/api/game/new', { body: { playerName: 'x', seed } }), 400, 'INVALID_SEED');
      expect(error.message).toMatch(/Seed/);
    }
  });

  it('generates a loser-xxxxxx name when the name is empty', async () => {
    for (const playerName of ['', '   ', undefined]) {
      const body = await startGame(t.app, playerName === undefined ? { seed: null } : { playerName, seed: null });
      expect(body.gameState.player.name).toMatch(/^loser-[0-9a-f]{6}$/);
    }
  });

  it('refuses bad player names with 400 INVALID_PLAYER_NAME and the engine message', async () => {
    const cases: [string, string][] = [
      ['abcdefghijklmnopq', 'Name too long (max 16 characters)'],
      ['bad name!', 'Use only letters, numbers, and hyphens'],
      ['admin', "INVALID PLAYER NAME DUDE! DON'T BE A JERK!"],
      ['www-shop', "INVALID PLAYER NAME DUDE! DON'T BE A JERK!"],
      ['spam-com', "INVALID PLAYER NAME DUDE! DON'T BE A JERK!"],
    ];
    for (const [playerName, message] of cases) {
      const error = expectError(await call(t.app, 'POST', '/api/game/new', { body: { playerName, seed: null } }), 400, 'INVALID_PLAYER_NAME');
      expect(error.message, playerName).toBe(message);
    }
  });

  it('POST /api/game/validate tells whether a session can be continued', async () => {
    const game = await startGame(t.app, { playerName: 'valid', seed: null });
    const valid = json<ValidateResponse>(await call(t.app, 'POST', '/api/game/validate', { body: { sessionId: game.sessionId } }));
    expect(valid).toEqual({ success: true, valid: true, session: { playerName: 'valid', day: 1, maxDays: 30 } });
    for (const sessionId of [randomUUID(), 'not-a-session', '']) {
      const invalid = json<ValidateResponse>(await call(t.app, 'POST', '/api/game/validate', { body: { sessionId } }));
      expect(invalid).toEqual({ success: true, valid: false, session: null });
    }
  });

  it('POST /api/game/resume returns the stored game after its audit', async () => {
    const game = await startGame(t.app, { playerName: 'resumer', seed: null });
    await call(t.app, 'POST', '/api/game/stay', { sessionId: game.sessionId, body: {} });
    const current = await stateOf(t.app, game.sessionId);
    const response = await call(t.app, 'POST', '/api/game/resume', { body: { sessionId: game.sessionId } });
    expect(response.statusCode).toBe(200);
    const body = json<ResumeResponse>(response);
    expect(body).toEqual({ success: true, version: 1, gameState: current, sessionId: game.sessionId, isManualSeed: false, dailyDate: null });
    expect(body.gameState.day).toBe(2);
  });

  it('unknown, missing or malformed session ids are 404 SESSION_NOT_FOUND', async () => {
    const resume = expectError(await call(t.app, 'POST', '/api/game/resume', { body: { sessionId: randomUUID() } }), 404, 'SESSION_NOT_FOUND');
    expect(resume.message).toBe('Session not found or expired');
    expectError(await call(t.app, 'GET', '/api/game/state'), 404, 'SESSION_NOT_FOUND');
    expectError(await call(t.app, 'GET', '/api/game/state', { sessionId: 'nope' }), 404, 'SESSION_NOT_FOUND');
    expectError(await call(t.app, 'GET', '/api/game/state', { sessionId: randomUUID() }), 404, 'SESSION_NOT_FOUND');
    expectError(await call(t.app, 'POST', '/api/game/stay', { sessionId: randomUUID(), body: {} }), 404, 'SESSION_NOT_FOUND');
    expectError(await call(t.app, 'POST', '/api/game/end-session', { body: {} }), 404, 'SESSION_NOT_FOUND');
  });

  it('GET /api/game/state returns the current client view', async () => {
    const game = await startGame(t.app, { playerName: 'stater', seed: '777' });
    const body = json<StateResponse>(await call(t.app, 'GET', '/api/game/state', { sessionId: game.sessionId }));
    expect(body.success).toBe(true);
    expect(body.gameState).toEqual(game.gameState);
  });

  it('POST /api/game/end-session ends the game: it no longer loads', async () => {
    const game = await startGame(t.app, { playerName: 'ender', seed: null });
    const response = await call(t.app, 'POST', '/api/game/end-session', { sessionId: game.sessionId, body: {} });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ success: true });
    expectError(await call(t.app, 'GET', '/api/game/state', { sessionId: game.sessionId }), 404, 'SESSION_NOT_FOUND');
    expectError(await call(t.app, 'POST', '/api/game/end-session', { sessionId: game.sessionId }), 404, 'SESSION_NOT_FOUND');
    const validate = json<ValidateResponse>(await call(t.app, 'POST', '/api/game/validate', { body: { sessionId: game.sessionId } }));
    expect(validate.valid).toBe(false);
  });

  it('end-session also accepts the id in the body and works without a body', async () => {
    const a = await startGame(t.app);
    expect((await call(t.app, 'POST', '/api/game/end-session', { body: { sessionId: a.sessionId } })).statusCode).toBe(200);
    const b = await startGame(t.app);
    expect((await call(t.app, 'POST', '/api/game/end-session', { sessionId: b.sessionId })).statusCode).toBe(200);
  });
});

describe('session expiry (7 days without activity)', () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  const target = sqliteTarget();
  let clock = Date.UTC(2026, 0, 1);
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target, { now: () => new Date(clock) });
  });
  afterAll(async () => {
    await t.close();
    await target.cleanup();
  });

  it('keeps a session for 7 days after its last action, then answers 404', async () => {
    const game = await startGame(t.app);
    clock += 6 * DAY_MS;
    expect((await call(t.app, 'POST', '/api/game/stay', { sessionId: game.sessionId, body: {} })).statusCode).toBe(200);
    clock += 6 * DAY_MS; // 12 days after creation, 6 after the last action
    expect((await call(t.app, 'GET', '/api/game/state', { sessionId: game.sessionId })).statusCode).toBe(200);
    clock += 1 * DAY_MS + 1;
    expectError(await call(t.app, 'GET', '/api/game/state', { sessionId: game.sessionId }), 404, 'SESSION_NOT_FOUND');
    const validate = json<ValidateResponse>(await call(t.app, 'POST', '/api/game/validate', { body: { sessionId: game.sessionId } }));
    expect(validate.valid).toBe(false);
  });

  it('the purge deletes expired sessions and keeps live ones', async () => {
    const old = await startGame(t.app);
    clock += 8 * DAY_MS;
    const fresh = await startGame(t.app);
    const purged = await t.app.purgeExpiredSessions();
    expect(purged).toBeGreaterThanOrEqual(1);
    expect(await t.storage.sessions.load(old.sessionId, new Date(0))).toBeNull();
    expect(await t.storage.sessions.load(fresh.sessionId, new Date(0))).not.toBeNull();
  });
});
