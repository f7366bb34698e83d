// Every encounter choice through POST /api/game/encounter. Seeded games are deterministic, so once a seed and
// a number of days lead to an encounter, each choice is tried on its own fresh copy of that same moment.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientGameState } from '@drugwars/engine';
import type { DayResponse, EncounterResponse } from '@drugwars/protocol';
import { describeEachStorage } from './support/storageTargets';
import { call, createTestApp, json, type TestApp } from './support/testApp';
import { expectError, startGame } from './support/games';

describeEachStorage('encounter routes', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(() => t.close());

  /** Plays `days` stays on a new game with `seed`; returns the session and its state. */
  async function replayTo(seed: string, days: number) {
    const game = await startGame(t.app, { playerName: 'brawler', seed });
    let state: ClientGameState = game.gameState;
    for (let d = 0; d < days; d++) {
      const response = await call(t.app, 'POST', '/api/game/stay', { sessionId: game.sessionId, body: {} });
      expect(response.statusCode, response.body).toBe(200);
      state = json<DayResponse>(response).gameState;
    }
    return { id: game.sessionId, state };
  }

  /** The first seed and day count whose stays lead to an encounter matching `wanted`. */
  async function find(wanted: (s: ClientGameState) => boolean, label: string) {
    for (let seed = 1; seed <= 60; seed++) {
      const game = await startGame(t.app, { playerName: 'scout', seed: String(seed) });
      for (let days = 1; days <= 29; days++) {
        const response = await call(t.app, 'POST', '/api/game/stay', { sessionId: game.sessionId, body: {} });
        if (response.statusCode !== 200) break; // stuck in an encounter we do not want
        const state = json<DayResponse>(response).gameState;
        if (state.encounter) {
          if (wanted(state)) return { seed: String(seed), days };
          break;
        }
        if (state.gameOver) break;
      }
    }
    throw new Error(`no ${label} found in 60 seeded games`);
  }

  const encounter = (id: string, body: unknown) => call(t.app, 'POST', '/api/game/encounter', { sessionId: id, body });

  it('surrender, escape, and the wrong choices in a fight', async () => {
    const spot = await find((s) => s.encounter!.enemies.length > 0 && s.encounter!.turnOrder === 'player' && s.encounter!.canSurrender && s.encounter!.canEscape, 'fight');

    const a = await replayTo(spot.seed, spot.days);
    expect(a.state.encounter?.turnOrder).toBe('player');
    expectError(await encounter(a.id, { action: 'pay' }), 409, 'ACTION_NOT_ALLOWED');
    expectError(await encounter(a.id, { action: 'skip' }), 409, 'ACTION_NOT_ALLOWED');
    const surrendered = json<EncounterResponse>(await encounter(a.id, { action: 'surrender' }));
    expect(surrendered.surrendered).toBe(true);
    expect(surrendered.escaped).toBe(false);
    expect(surrendered.message).toContain('You surrendered and lost some items.');
    // The fight is over: nothing open, or only the encounter that was waiting behind it.
    if (surrendered.followUpEncounter) expect(surrendered.gameState.encounter).toEqual(surrendered.followUpEncounter);
    else expect(surrendered.gameState.encounter).toBeNull();
    expect(surrendered.gameState.player.health).toBeGreaterThan(0);

    const b = await replayTo(spot.seed, spot.days);
    expect(b.state).toEqual(a.state); // the same moment again
    const ran = json<EncounterResponse>(await encounter(b.id, { action: 'escape' }));
    expect(ran.success).toBe(true);
    if (ran.escaped) {
      expect(ran.message).toBe('You successfully escaped!');
    } else {
      expect(ran.gameState.encounter?.turnOrder).toBe('enemy');
      // On the enemy's turn only "fight" (the enemy's attack) is allowed.
      expectError(await encounter(b.id, { action: 'escape' }), 409, 'ACTION_NOT_ALLOWED');
    }
  });

  it('bribes the police when it can, and is refused when it cannot', async () => {
    const spot = await find((s) => s.encounter!.type === 'police' && s.encounter!.turnOrder === 'player', 'police fight');
    const { id, state } = await replayTo(spot.seed, spot.days);
    const enc = state.encounter!;
    const response = await encounter(id, { action: 'bribe' });
    if (enc.canBribe && enc.bribeCost <= state.player.cash) {
      const bribed = json<EncounterResponse>(response);
      expect(bribed.bribed).toBe(true);
      expect(bribed.bribeAmount).toBe(enc.bribeCost);
      expect(bribed.gameState.player.cash).toBe(state.player.cash - enc.bribeCost);
    } else {
      expectError(response, 409, 'ACTION_NOT_ALLOWED');
    }
  });

  it('a loan-shark visit: pay or put it off, never fight', async () => {
    const spot = await find((s) => s.encounter!.type === 'loanSharkVisit', 'loan-shark visit');
    const a = await replayTo(spot.seed, spot.days);
    const visit = a.state.encounter!;
    expect(a.state.currentState).toBe('LOAN_SHARK_VISIT');
    expect(visit.debtAmount).toBeGreaterThan(0);
    expectError(await encounter(a.id, { action: 'fight' }), 409, 'ACTION_NOT_ALLOWED');
    expectError(await encounter(a.id, { action: 'escape' }), 409, 'ACTION_NOT_ALLOWED');
    if (visit.canPay) {
      const paid = json<EncounterResponse>(await encounter(a.id, { action: 'pay' }));
      expect(paid.success).toBe(true);
      expect(paid.gameState.player.cash).toBeLessThan(a.state.player.cash);
    }

    const b = await replayTo(spot.seed, spot.days);
    const skip = await encounter(b.id, { action: 'skip' });
    if (visit.canSkip) {
      expect(skip.statusCode, skip.body).toBe(200);
      expect(json<EncounterResponse>(skip).gameState.currentState).not.toBe('LOAN_SHARK_VISIT');
    } else {
      expectError(skip, 409, 'ACTION_NOT_ALLOWED');
    }
  });
});
