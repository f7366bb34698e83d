// Helpers that play through the real API.
import { expect } from 'vitest';
import type { ClientGameState } from '@drugwars/engine';
import type { EncounterResponse, ErrorResponse, NewGameResponse, StateResponse } from '@drugwars/protocol';
import type { App } from '../../src/routes/types';
import type { Storage } from '../../src/storage/port';
import { call, json } from './testApp';

/**
 * A reply as a client that sends no x-state-version gets it: a whole game state (the type of a move's reply also
 * allows only what changed).
 */
export type WholeState<T> = T extends { gameState: unknown } ? Omit<T, 'gameState' | 'changedSince'> & { gameState: ClientGameState } : T;

/** The reply, checked to carry a whole game state (no changedSince, worldPrices there) when it carries one. */
export function wholeState<T>(reply: T): WholeState<T> {
  const r = reply as { gameState?: unknown; changedSince?: unknown };
  if (r.gameState !== undefined) {
    expect(r.changedSince, 'a reply to a client without x-state-version carries the whole state').toBeUndefined();
    expect(r.gameState).toHaveProperty('worldPrices');
  }
  return reply as WholeState<T>;
}

export async function startGame(app: App, body: { playerName?: string; seed?: string | null } = { playerName: 'tester', seed: null }) {
  const response = await call(app, 'POST', '/api/game/new', { body });
  expect(response.statusCode, response.body).toBe(200);
  return json<NewGameResponse>(response);
}

export async function stateOf(app: App, sessionId: string): Promise<ClientGameState> {
  const response = await call(app, 'GET', '/api/game/state', { sessionId });
  expect(response.statusCode, response.body).toBe(200);
  return json<StateResponse>(response).gameState;
}

export function expectError(response: { statusCode: number; body: string }, status: number, code: string): ErrorResponse {
  expect(response.statusCode, response.body).toBe(status);
  const body = JSON.parse(response.body) as ErrorResponse;
  expect(body.success).toBe(false);
  expect(body.code).toBe(code);
  expect(body.error).toBe(body.message);
  expect(body.message.length).toBeGreaterThan(0);
  expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/); // no stack trace
  return body;
}

/**
 * Resolves whatever encounter is open with the least risky choice the state allows, so a test can keep
 * advancing days. Returns the last encounter response, if any.
 */
export async function settleEncounters(app: App, sessionId: string, state: ClientGameState): Promise<ClientGameState> {
  let current = state;
  for (let guard = 0; guard < 200 && current.encounter && !current.gameOver; guard++) {
    const encounter = current.encounter;
    const action =
      encounter.type === 'loanSharkVisit'
        ? encounter.canSkip
          ? 'skip'
          : 'pay'
        : encounter.turnOrder === 'enemy'
          ? 'fight'
          : encounter.canSurrender
            ? 'surrender'
            : 'fight';
    const target = encounter.enemies.find((e) => e.isAlive)?.id;
    const response = await call(app, 'POST', '/api/game/encounter', {
      sessionId,
      body: target ? { action, targetId: target } : { action },
    });
    if (response.statusCode !== 200) {
      // A refused choice (e.g. nothing to pay with): fall back to fighting.
      const fallback = await call(app, 'POST', '/api/game/encounter', {
        sessionId,
        body: target ? { action: 'fight', targetId: target } : { action: 'fight' },
      });
      expect(fallback.statusCode, fallback.body).toBe(200);
      current = wholeState(wholeState(json<EncounterResponse>(fallback))).gameState;
    } else {
      current = wholeState(wholeState(json<EncounterResponse>(response))).gameState;
    }
  }
  return current;
}

/** Stays in place (settling encounters) until the game is over. */
export async function playToTheEnd(app: App, sessionId: string): Promise<ClientGameState> {
  let state = await stateOf(app, sessionId);
  for (let guard = 0; guard < 400 && !state.gameOver; guard++) {
    state = await settleEncounters(app, sessionId, state);
    if (state.gameOver) break;
    const response = await call(app, 'POST', '/api/game/stay', { sessionId, body: {} });
    expect(response.statusCode, response.body).toBe(200);
    state = json<StateResponse>(response).gameState;
  }
  expect(state.gameOver).toBe(true);
  return state;
}

/**
 * Plays the longest game the caps allow: the loan repaid on day 1, then $1 deposits and withdrawals every day
 * (at most the day's cap), a night's sleep, and on the last day exactly enough moves that the final sleep, which
 * ends the game, is action number `caps.perGame`. Encounters on the way are settled (and counted).
 */
export async function playLongestGame(
  app: App,
  storage: Storage,
  sessionId: string,
  caps: { perDay: number; perGame: number },
): Promise<ClientGameState> {
  const act = async (url: string, body: unknown): Promise<ClientGameState> => {
    const response = await call(app, 'POST', url, { sessionId, body });
    expect(response.statusCode, response.body).toBe(200);
    return json<StateResponse>(response).gameState;
  };
  let state = await stateOf(app, sessionId);
  if (state.player.debt > 0) state = await act('/api/game/loan/pay', { amount: state.player.debt });
  for (;;) {
    state = await settleEncounters(app, sessionId, state);
    if (state.gameOver) return state;
    const record = await storage.sessions.load(sessionId, new Date(0));
    if (!record) throw new Error('the session is gone');
    const done = record.version;
    const today = done - record.dayStartVersion;
    const daysLeft = state.maxDays - state.day + 1;
    // Spread what is left over the days left, keeping one move per day for the night's sleep.
    const wanted = state.day === state.maxDays ? caps.perGame - 1 - done : Math.ceil((caps.perGame - 1 - done) / daysLeft);
    const moves = Math.max(0, Math.min(wanted, caps.perDay - 1 - today));
    for (let i = 0; i < moves; i++) state = await act(i % 2 ? '/api/game/bank/withdraw' : '/api/game/bank/deposit', { amount: 1 });
    state = await act('/api/game/stay', {});
    if (state.gameOver) return state;
  }
}
