// Every encounter choice through POST /api/game/encounter. Seeded games are deterministic, so once a seed and
// a number of days lead to an encounter, each choice is tried on its own fresh copy of that same moment.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { ClientGameState } from '@drugwars/engine';
import type { DayResponse, EncounterResponse } from '@drugwars/protocol';
import { describeEachStorage } from './support/storageTargets';
import { call, createTestApp, json, type TestApp } from './support/testApp';
import { expectError, settleEncounters, startGame, wholeState, type WholeState } from './support/games';

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
      state = wholeState(json<DayResponse>(response)).gameState;
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
        const state = wholeState(json<DayResponse>(response)).gameState;
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
    const surrendered = wholeState(json<EncounterResponse>(await encounter(a.id, { action: 'surrender' })));
    expect(surrendered.surrendered).toBe(true);
    expect(surrendered.escaped).toBe(false);
    expect(surrendered.message).toContain('You surrendered and lost some items.');
    // The fight is over: nothing open, or only the encounter that was waiting behind it.
    if (surrendered.followUpEncounter) expect(surrendered.gameState.encounter).toEqual(surrendered.followUpEncounter);
    else expect(surrendered.gameState.encounter).toBeNull();
    expect(surrendered.gameState.player.health).toBeGreaterThan(0);

    const b = await replayTo(spot.seed, spot.days);
    expect(b.state).toEqual(a.state); // the same moment again
    const ran = wholeState(json<EncounterResponse>(await encounter(b.id, { action: 'escape' })));
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
      const bribed = wholeState(json<EncounterResponse>(response));
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
      const paid = wholeState(json<EncounterResponse>(await encounter(a.id, { action: 'pay' })));
      expect(paid.success).toBe(true);
      expect(paid.gameState.player.cash).toBeLessThan(a.state.player.cash);
    }

    const b = await replayTo(spot.seed, spot.days);
    const skip = await encounter(b.id, { action: 'skip' });
    if (visit.canSkip) {
      expect(skip.statusCode, skip.body).toBe(200);
      expect(wholeState(json<EncounterResponse>(skip)).gameState.currentState).not.toBe('LOAN_SHARK_VISIT');
    } else {
      expectError(skip, 409, 'ACTION_NOT_ALLOWED');
    }
  });

  it('a reply carries an encounter once: events name it by type; a visit behind a fight comes with the fight\'s end', async () => {
    // Days that bring a fight and an overdue loan's visit at once (the bench's kind of player never repays).
    for (let seed = 1; seed <= 60; seed++) {
      const game = await startGame(t.app, { playerName: 'debtor', seed: String(seed) });
      let state: ClientGameState = game.gameState;
      for (let days = 1; days <= 29 && !state.gameOver; days++) {
        state = await settleEncounters(t.app, game.sessionId, state);
        if (state.gameOver) break;
        const response = await call(t.app, 'POST', '/api/game/stay', { sessionId: game.sessionId, body: {} });
        expect(response.statusCode, response.body).toBe(200);
        const day = wholeState(json<DayResponse>(response));
        state = day.gameState;
        for (const key of ['pendingEncounter', 'rulesVersion', 'loanSharkVisits', 'nextId']) expect(key in state, key).toBe(false);
        const announced = day.events.filter((e) => e.encounter);
        if (!state.encounter) {
          expect(announced).toEqual([]);
          continue;
        }
        // The encounter itself is in the state; the events say only what kind each announces.
        expect(response.body.split('"enemies":').length - 1).toBe(1);
        for (const e of announced) expect(Object.keys(e.encounter!)).toEqual(['type']);
        expect(announced[0]!.encounter).toEqual({ type: state.encounter.type });
        const visit = day.events.find((e) => e.category === 'loan_shark');
        if (announced.length < 2 || !visit?.encounter || state.encounter.type === 'loanSharkVisit') continue;
        // the shark's visit, or his goons once visits were put off too often
        const waiting = visit.encounter!.type;
        expect(['loanSharkVisit', 'loanShark']).toContain(waiting);

        // End the fight: the visit waiting behind it comes as the follow-up, whole in the state, named by the event.
        let reply: WholeState<EncounterResponse> | null = null;
        for (let guard = 0; guard < 100 && !reply?.followUpEncounter && !reply?.gameState.gameOver; guard++) {
          const enc: NonNullable<ClientGameState['encounter']> = (reply?.gameState ?? state).encounter!;
          const action = enc.turnOrder === 'enemy' ? 'fight' : enc.canSurrender ? 'surrender' : enc.canEscape ? 'escape' : 'fight';
          const target = enc.enemies.find((e) => e.isAlive)?.id;
          const moved = await encounter(game.sessionId, action === 'fight' && target ? { action, targetId: target } : { action });
          expect(moved.statusCode, moved.body).toBe(200);
          reply = wholeState(json<EncounterResponse>(moved));
        }
        state = reply!.gameState;
        if (!reply!.followUpEncounter) continue; // died in the fight
        expect(reply!.followUpEncounter.type).toBe(waiting);
        expect(reply!.gameState.encounter).toEqual(reply!.followUpEncounter);
        // the client's encounter (ClientEncounter), as in the state: no running toll, no enemy's damage or accuracy
        expect(JSON.stringify(reply!.followUpEncounter)).not.toMatch(/"(toll|damage|accuracy)":/);
        expect(reply!.followUpEvent?.encounter).toEqual({ type: waiting });
        expect(reply!.events.find((e) => e.category === 'loan_shark')?.encounter).toEqual({ type: waiting });
        return;
      }
    }
    throw new Error('no fight with a loan-shark visit behind it in 60 seeded games');
  });
});
