import { describe, expect, it } from 'vitest';
import { apply, replay } from './apply';
import { finalScore } from './state';
import { historyView } from './history';
import { ALLOWED_ACTIONS, machineState, syncMachine } from './machine';
import { ok, startGame, TEST_SEED } from './testkit';
import { toClientEncounter, toClientEvents, toClientView } from './clientView';
import type { Encounter, GameState, Shipment } from './types';

const encounterOf = (type: Encounter['type']): Encounter => ({
  type,
  enemies: [],
  message: 'x',
  turnOrder: 'player',
  round: 1,
  currentEnemyIndex: 0,
  combatLog: [],
  canEscape: true,
  canBribe: false,
  canSurrender: true,
  bribeCost: 0,
  reward: null,
  debtAmount: 0,
  totalFees: 0,
  feeDetails: [],
  canPay: false,
  paymentAmount: 0,
  canSkip: false,
  visitNumber: 0,
  toll: { health: 0, cash: 0, drugs: 0, debt: 0 },
});

describe('state machine', () => {
  it('derives the state from gameOver and the encounter type', () => {
    const s = startGame();
    expect(machineState(s)).toBe('NORMAL');
    expect(machineState({ ...s, encounter: encounterOf('police') })).toBe('COMBAT');
    expect(machineState({ ...s, encounter: encounterOf('gang') })).toBe('COMBAT');
    expect(machineState({ ...s, encounter: encounterOf('loanShark') })).toBe('COMBAT_LOAN_SHARK');
    expect(machineState({ ...s, encounter: encounterOf('loanSharkVisit') })).toBe('LOAN_SHARK_VISIT');
    expect(machineState({ ...s, gameOver: true })).toBe('GAME_OVER');
    expect(machineState({ ...s, gameOver: true, currentState: 'GAME_ENDED' })).toBe('GAME_ENDED');
  });

  it('keeps currentState, stateMachine, allowedActions and metadata in step', () => {
    const s = syncMachine({ ...startGame(), encounter: encounterOf('loanSharkVisit') });
    expect(s.currentState).toBe('LOAN_SHARK_VISIT');
    expect(s.stateMachine).toEqual({ currentState: 'LOAN_SHARK_VISIT' });
    expect(s.allowedActions).toEqual(['encounter', 'end']);
    expect(s.stateMetadata).toEqual({ enteredOnDay: 1, encounterType: 'loanSharkVisit' });
    const same = startGame();
    expect(syncMachine(same)).toBe(same);
  });

  it('refuses actions outside the current state with ACTION_NOT_ALLOWED and a sentence', () => {
    const fighting = syncMachine({ ...startGame(), encounter: encounterOf('police') });
    expect(apply(fighting, { type: 'stay' })).toEqual({ ok: false, code: 'ACTION_NOT_ALLOWED', message: "You can't do that in the middle of a fight!" });
    expect(apply(startGame(), { type: 'encounter', action: 'fight' })).toMatchObject({ ok: false, code: 'ACTION_NOT_ALLOWED' });
    const over = syncMachine({ ...startGame(), gameOver: true, gameOverReason: 'x' });
    expect(over.allowedActions).toEqual(['end']);
    expect(apply(over, { type: 'deposit', amount: 1 })).toEqual({ ok: false, code: 'ACTION_NOT_ALLOWED', message: 'The game is over.' });
  });

  it("'end' closes the session in any state: GAME_ENDED, nothing allowed afterwards", () => {
    for (const s of [startGame(), syncMachine({ ...startGame(), encounter: encounterOf('gang') })]) {
      const ended = ok(apply(s, { type: 'end' })).state;
      expect(ended.currentState).toBe('GAME_ENDED');
      expect(ended.gameOver).toBe(true);
      expect(ended.gameOverReason).toBe('Game ended');
      expect(ended.encounter).toBeNull();
      expect(ended.allowedActions).toEqual([]);
      expect(apply(ended, { type: 'end' })).toMatchObject({ ok: false, code: 'ACTION_NOT_ALLOWED', message: 'This game has ended.' });
    }
    const died = syncMachine({ ...startGame(), gameOver: true, gameOverReason: 'You were killed by the cops.' });
    expect(ok(apply(died, { type: 'end' })).state.gameOverReason).toBe('You were killed by the cops.');
    expect(ALLOWED_ACTIONS.NORMAL).not.toContain('encounter');
  });

  it('refuses malformed actions without throwing', () => {
    const s = startGame();
    for (const bad of [null, undefined, 42, 'stay', {}, { type: 'teleport' }, { type: 'toString' }, { type: '__proto__' }]) {
      expect(apply(s, bad as never)).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    }
    expect(apply(s, { type: 'travel', destination: 42 as never })).toMatchObject({ ok: false, code: 'UNKNOWN_LOCATION' });
    expect(apply(s, { type: 'buy', drugId: { id: 'weed' } as never, quantity: 1 })).toMatchObject({ ok: false, code: 'UNKNOWN_ITEM' });
  });
});

describe('views', () => {
  it('toClientView strips the seed, the PRNG state, the real prices elsewhere and the server bookkeeping, keeps the known world prices (World Drug Prices reads them from the state) and leaves out, while the game runs, the history lists', () => {
    const s = replay({ playerName: 'V', seed: TEST_SEED, isSeeded: true }, [{ type: 'repay', amount: 1000 }, { type: 'stay' }, { type: 'stay' }]);
    expect(Object.keys(s.gameHistory.priceHistory)).toEqual(['1', '2', '3']);
    expect(s.gameHistory.financeHistory.length).toBe(3);
    const view = toClientView(s);
    expect('seed' in view).toBe(false);
    expect('rng' in view).toBe(false);
    expect('cityPrices' in view).toBe(false);
    expect(JSON.stringify(view)).not.toContain(TEST_SEED);
    // The hints of every city stay in the state; the charts' series are historyView's (GET /api/game/history).
    expect(view.worldPrices).toEqual(s.worldPrices);
    expect(Object.keys(view.worldPrices).length).toBeGreaterThan(1);
    expect(view.worldPricesDay).toEqual(s.worldPricesDay);
    expect(view.gameHistory).toEqual({ financeHistory: [], healthHistory: [], priceHistory: {}, actionHistory: [], locationHistory: [] });
    expect(s.gameHistory.priceHistory['3']).toEqual({ [view.location]: view.prices });
    // Every other field of the state.
    const left = ['seed', 'rng', 'cityPrices', 'rulesVersion', 'pendingEncounter', 'loanSharkVisits', 'nextId'];
    for (const key of left) expect(key in view, key).toBe(false);
    expect(Object.keys(view).sort()).toEqual(Object.keys(s).filter((k) => !left.includes(k)).sort());
    const rest = { ...view, gameHistory: s.gameHistory };
    const { seed, rng, cityPrices, rulesVersion, pendingEncounter, loanSharkVisits, nextId } = s;
    expect({ ...rest, seed, rng, cityPrices, rulesVersion, pendingEncounter, loanSharkVisits, nextId }).toEqual(s);
  });

  it('toClientEvents names an event\'s encounter by its type (the state holds it) and leaves other events as they are', () => {
    let s = replay({ playerName: 'V', seed: TEST_SEED, isSeeded: true }, []);
    for (let day = 0; day < 60 && !s.encounter; day++) {
      const result = ok(apply(s, { type: 'stay' }));
      s = result.state;
      const events = toClientEvents(result.events);
      if (!s.encounter) {
        expect(events).toBe(result.events); // no copy on a quiet day
        continue;
      }
      expect(events).toHaveLength(result.events.length);
      result.events.forEach((e, i) => {
        if (e.encounter) expect(events[i]).toEqual({ ...e, encounter: { type: e.encounter.type } });
        else expect(events[i]).toBe(e);
      });
      const announced = events.find((e) => e.encounter);
      expect(announced?.encounter).toEqual({ type: s.encounter.type });
      expect(JSON.stringify(events)).not.toContain('"enemies"');
      // every other field of the event
      expect(Object.keys(announced!).sort()).toEqual(Object.keys(result.events.find((e) => e.encounter)!).sort());
    }
    expect(s.encounter).not.toBeNull();
  });

  it('toClientView carries an encounter and shipments without what neither SPEC.md names nor a client reads', () => {
    let s = replay({ playerName: 'V', seed: TEST_SEED, isSeeded: true }, []);
    for (let day = 0; day < 60 && !(s.encounter && s.encounter.enemies.length > 0); day++) {
      const result = ok(apply(s, s.encounter ? { type: 'encounter', action: s.encounter.canSkip ? 'skip' : 'pay' } : { type: 'stay' }));
      s = result.state;
    }
    const enc = s.encounter!;
    expect(enc.enemies.length).toBeGreaterThan(0);
    const view = toClientView(s).encounter!;
    // SPEC.md's Enemy: damage and accuracy feed the rules only.
    for (const [i, e] of view.enemies.entries()) {
      expect(Object.keys(e).sort()).toEqual(['health', 'id', 'isAlive', 'maxHealth', 'name', 'sprite']);
      const { damage, accuracy, ...shown } = enc.enemies[i]!;
      expect([typeof damage, typeof accuracy]).toEqual(['number', 'number']);
      expect(e).toEqual(shown);
    }
    // The running toll is the encounter reply's `toll`, not the encounter's; every other field as it is.
    const { toll, enemies, ...rest } = enc;
    expect(toll).toBeDefined();
    expect(Object.keys(view).sort()).toEqual(Object.keys(enc).filter((k) => k !== 'toll').sort());
    expect({ ...view, enemies }).toEqual({ ...rest, enemies });
    expect(JSON.stringify(toClientView(s))).not.toMatch(/"(damage|accuracy|toll)":/);
    expect(toClientEncounter(enc)).toEqual(view);

    const shipment: Shipment = {
      id: 'shipment-1',
      drugId: 'weed',
      drugName: 'Weed',
      quantity: 5,
      destination: 'Miami',
      destinationId: 'miami',
      company: 'Fast Eddie',
      companyId: 'fast_eddie',
      status: 'in transit',
      daysRemaining: 2,
    };
    const shipped = toClientView({ ...s, shipments: [shipment] }).shipments;
    // SPEC.md's Shipment: by names, as Shipment Tracking shows it.
    expect(shipped).toEqual([{ id: 'shipment-1', drugName: 'Weed', quantity: 5, destination: 'Miami', company: 'Fast Eddie', status: 'in transit', daysRemaining: 2 }]);
    expect(Object.keys(shipped[0]!).sort()).toEqual(['company', 'daysRemaining', 'destination', 'drugName', 'id', 'quantity', 'status']);
    // the stored state keeps everything
    expect(s.encounter).toBe(enc);
    expect(enc.enemies[0]).toHaveProperty('damage');
  });

  it('toClientView of a finished game carries its history lists (the game-over statistics), still without price history', () => {
    const s = ok(apply(replay({ playerName: 'V', seed: TEST_SEED, isSeeded: true }, [{ type: 'repay', amount: 1000 }, { type: 'stay' }]), { type: 'end' })).state;
    expect(s.gameOver).toBe(true);
    const view = toClientView(s);
    expect(view.gameHistory).toEqual({ ...s.gameHistory, priceHistory: {} });
    expect(view.gameHistory.financeHistory.length).toBeGreaterThan(0);
    expect(view.worldPrices).toEqual(s.worldPrices);
  });

  it('historyView lists cash, debt, health and prices per city and drug by day', () => {
    const s = replay({ playerName: 'H', seed: TEST_SEED, isSeeded: true }, [{ type: 'repay', amount: 1000 }, { type: 'stay' }]);
    const h = historyView(s);
    expect(h.cash.map((p) => p.day)).toEqual([1, 2]);
    expect(h.debt).toEqual([{ day: 1, value: 1000 }, { day: 2, value: 0 }]);
    expect(h.health[0]).toEqual({ day: 1, value: 100 });
    expect(h.prices['new_york']!['weed']).toEqual([
      { day: 1, value: s.gameHistory.priceHistory['1']!['new_york']!['weed'] },
      { day: 2, value: s.gameHistory.priceHistory['2']!['new_york']!['weed'] },
    ]);
  });

  it('finalScore is cash + bank - debt, and can be negative', () => {
    const s: GameState = startGame();
    expect(finalScore(s)).toBe(1000);
    expect(finalScore({ ...s, player: { ...s.player, cash: 0, bank: 10, debt: 500 } })).toBe(-490);
  });
});
