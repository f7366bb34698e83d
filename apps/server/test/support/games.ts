// Helpers that play through the real API.
import { expect } from 'vitest';
import type { ClientGameState } from '@drugwars/engine';
import type { EncounterResponse, ErrorResponse, NewGameResponse, StateResponse } from '@drugwars/protocol';
import type { App } from '../../src/routes/types';
import { call, json } from './testApp';

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
      current = json<EncounterResponse>(fallback).gameState;
    } else {
      current = json<EncounterResponse>(response).gameState;
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
