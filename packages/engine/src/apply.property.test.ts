// Property tests over random action sequences: invariants after every action, purity (apply never throws and
// never mutates its input), exact replay, and determinism.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apply, replay } from './apply';
import { AMMO, ARMOR, CONSUMABLES, DRUGS, LOAN_SHARKS, LOCATIONS, SHIPPING_COMPANIES, WEAPONS } from './catalogue';
import { MAX_HEALTH } from './constants';
import { RULES_VERSION } from './rulesVersion';
import { playerWeapon } from './combat';
import { allowedActionsOf } from './machine';
import { maxBuy } from './market';
import { newGame } from './newGame';
import { deepFreeze } from './testkit';
import type { Action, GameState } from './types';

const drugIds = DRUGS.map((d) => d.id);
const oddIds = ['__proto__', 'toString', 'constructor', '', 'nope', 'all'];
const drugId = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...drugIds) }, { weight: 1, arbitrary: fc.constantFrom(...oddIds) });
const locationId = fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...LOCATIONS.map((l) => l.id)) }, { weight: 1, arbitrary: fc.constantFrom(...oddIds) });
// Mostly sensible amounts, sometimes hostile ones (0, negative, fractions, NaN, huge, strings).
const amount = fc.oneof(
  { weight: 10, arbitrary: fc.integer({ min: 1, max: 60 }) },
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 5000 }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, -1, 1.5, Number.NaN, Infinity, 1e21, '5', null) },
) as fc.Arbitrary<number>;

/** A step is either an action as a client could send it, or a "smart" step resolved against the current state. */
type Step =
  | { raw: Action }
  | { smart: 'buyMax' | 'sellAll' | 'stashAll' | 'unstashAll' | 'repayAll' | 'depositHalf' | 'advance' | 'target'; index: number };

const rawAction: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ type: fc.constant('buy' as const), drugId, quantity: amount }),
  fc.record({ type: fc.constant('sell' as const), drugId, quantity: amount }),
  fc.record({ type: fc.constant('dump' as const), drugId, quantity: fc.option(amount, { nil: undefined }) }),
  fc.constant({ type: 'dumpAll' as const }),
  fc.record({ type: fc.constant('stash' as const), drugId, quantity: amount }),
  fc.record({ type: fc.constant('unstash' as const), drugId, quantity: amount }),
  fc.record({ type: fc.constant('travel' as const), destination: locationId }),
  fc.constant({ type: 'stay' as const }),
  fc.constant({ type: 'stay' as const }),
  fc.record({ type: fc.constant('deposit' as const), amount }),
  fc.record({ type: fc.constant('withdraw' as const), amount }),
  fc.record({ type: fc.constant('borrow' as const), sharkId: fc.option(fc.constantFrom(...LOAN_SHARKS.map((s) => s.id), 'nope'), { nil: undefined }), amount }),
  fc.record({ type: fc.constant('borrowMax' as const), sharkId: fc.constantFrom(...LOAN_SHARKS.map((s) => s.id), 'nope') }),
  fc.record({ type: fc.constant('repay' as const), amount }),
  fc.constant({ type: 'heal' as const }),
  fc.oneof(
    fc.record({ type: fc.constant('shopBuy' as const), itemType: fc.constant('weapon' as const), itemId: fc.constantFrom(...WEAPONS.map((w) => w.id), 'nope'), quantity: fc.constantFrom(1, 1, 2) }),
    fc.record({ type: fc.constant('shopBuy' as const), itemType: fc.constant('armor' as const), itemId: fc.constantFrom(...ARMOR.map((a) => a.id)), quantity: fc.constant(1) }),
    fc.record({ type: fc.constant('shopBuy' as const), itemType: fc.constant('ammo' as const), itemId: fc.constantFrom(...AMMO.map((a) => a.id)), quantity: amount }),
    fc.record({ type: fc.constant('shopBuy' as const), itemType: fc.constant('consumable' as const), itemId: fc.constantFrom(...CONSUMABLES.map((c) => c.id)), quantity: amount }),
  ),
  fc.record({ type: fc.constant('equip' as const), itemType: fc.constantFrom('weapon' as const, 'armor' as const), itemId: fc.constantFrom(...WEAPONS.map((w) => w.id), ...ARMOR.map((a) => a.id)) }),
  fc.record({ type: fc.constant('unequip' as const), itemType: fc.constantFrom('weapon' as const, 'armor' as const) }),
  fc.record({
    type: fc.constant('encounter' as const),
    action: fc.constantFrom('fight' as const, 'fight' as const, 'escape' as const, 'bribe' as const, 'surrender' as const, 'pay' as const, 'skip' as const),
    targetIds: fc.option(fc.array(fc.constantFrom('enemy-1', 'enemy-2', 'nope'), { maxLength: 4 }), { nil: undefined }),
  }),
  fc.constant({ type: 'end' as const }),
  fc.record({
    type: fc.constant('ship' as const),
    drugId,
    quantity: amount,
    destinationId: locationId,
    companyId: fc.constantFrom(...SHIPPING_COMPANIES.map((c) => c.id), 'nope'),
  }),
);

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: rawAction.map((raw) => ({ raw })) },
  {
    weight: 3,
    arbitrary: fc.record({
      smart: fc.constantFrom('buyMax' as const, 'sellAll' as const, 'stashAll' as const, 'unstashAll' as const, 'repayAll' as const, 'depositHalf' as const),
      index: fc.nat(),
    }),
  },
  // In an encounter, fighting is what moves it along; outside one, days must pass to reach the late game.
  { weight: 2, arbitrary: fc.constant<Step>({ raw: { type: 'encounter', action: 'fight' } }) },
  { weight: 1, arbitrary: fc.constant<Step>({ raw: { type: 'encounter', action: 'pay' } }) },
  { weight: 8, arbitrary: fc.nat().map((index): Step => ({ smart: 'advance', index })) },
  // A fight with real target ids of the encounter (1 to 4 of them, living or dead), as the client's clicks send.
  { weight: 2, arbitrary: fc.nat().map((index): Step => ({ smart: 'target', index })) },
);

function resolve(state: GameState, s: Step): Action {
  if ('raw' in s) return s.raw;
  const p = state.player;
  const held = Object.keys(p.inventory);
  switch (s.smart) {
    case 'buyMax': {
      const id = drugIds[s.index % drugIds.length]!;
      return { type: 'buy', drugId: id, quantity: Math.max(1, maxBuy(state, id)) };
    }
    case 'sellAll': {
      const id = held[s.index % Math.max(1, held.length)] ?? 'weed';
      return { type: 'sell', drugId: id, quantity: p.inventory[id]?.quantity ?? 1 };
    }
    case 'stashAll': {
      const id = held[s.index % Math.max(1, held.length)] ?? 'weed';
      return { type: 'stash', drugId: id, quantity: p.inventory[id]?.quantity ?? 1 };
    }
    case 'unstashAll': {
      const ids = Object.keys(p.currentStash);
      const id = ids[s.index % Math.max(1, ids.length)] ?? 'weed';
      return { type: 'unstash', drugId: id, quantity: p.currentStash[id]?.quantity ?? 1 };
    }
    case 'repayAll':
      return { type: 'repay', amount: Math.max(1, Math.min(p.cash, p.debt)) };
    case 'depositHalf':
      return { type: 'deposit', amount: Math.max(1, Math.floor(p.cash / 2)) };
    case 'target': {
      const ids = (state.encounter?.enemies ?? []).map((e) => e.id);
      const start = Math.floor(s.index / 4) % Math.max(1, ids.length);
      const targetIds = [...ids.slice(start), ...ids.slice(0, start)].slice(0, 1 + (s.index % 4));
      return { type: 'encounter', action: 'fight', targetIds };
    }
    case 'advance': {
      // Move the game on: answer an encounter, else pass a day here or elsewhere.
      const enc = state.encounter;
      if (enc?.type === 'loanSharkVisit') return { type: 'encounter', action: enc.canSkip && s.index % 2 === 0 ? 'skip' : 'pay' };
      if (enc) return { type: 'encounter', action: enc.turnOrder === 'player' && s.index % 3 === 0 ? 'escape' : 'fight' };
      if (s.index % 3 === 0) return { type: 'stay' };
      return { type: 'travel', destination: LOCATIONS[s.index % LOCATIONS.length]!.id };
    }
  }
}

function isQty(n: unknown): boolean {
  return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0;
}

/** Every invariant of DESIGN.md section 2, plus the derived fields the contract promises. */
function checkInvariants(s: GameState): void {
  const p = s.player;
  for (const n of [p.cash, p.bank, p.debt]) expect(isQty(n), `money ${n}`).toBe(true);
  expect(Number.isInteger(p.health)).toBe(true);
  expect(p.health).toBeLessThanOrEqual(MAX_HEALTH);
  if (!s.gameOver) expect(p.health).toBeGreaterThan(0);
  expect(p.health).toBeGreaterThanOrEqual(0);
  let used = 0;
  for (const id in p.inventory) {
    const e = p.inventory[id]!;
    expect(drugIds).toContain(id);
    expect(isQty(e.quantity) && e.quantity > 0, `inventory ${id} ${e.quantity}`).toBe(true);
    expect(isQty(e.totalCost), `totalCost ${id} ${e.totalCost}`).toBe(true);
    used += e.quantity;
  }
  expect(p.usedSpace).toBe(used);
  expect(p.usedSpace).toBeLessThanOrEqual(p.coatSpace);
  for (const loc in p.stash) for (const id in p.stash[loc]) expect(isQty(p.stash[loc]![id]!.quantity)).toBe(true);
  for (const id in p.weapons) expect(isQty(p.weapons[id]!.quantity)).toBe(true);
  for (const id in p.items.ammo) expect(isQty(p.items.ammo[id])).toBe(true);
  for (const id in p.items.consumables) expect(isQty(p.items.consumables[id])).toBe(true);
  for (const m of s.marketInfo) expect(isQty(m.quantity) && isQty(m.price)).toBe(true);
  // What the player knows: today's real prices where they are, and a row and a day for every city.
  expect(s.rulesVersion).toBe(RULES_VERSION);
  expect(s.worldPrices[s.location]).toEqual(s.cityPrices[s.location]);
  expect(s.prices).toEqual(s.cityPrices[s.location]);
  expect(s.worldPricesDay[s.location]).toBe(s.day);
  for (const loc of LOCATIONS) {
    expect(s.worldPrices[loc.id]).toBeDefined();
    expect(s.worldPricesDay[loc.id]! >= 1 && s.worldPricesDay[loc.id]! <= s.day).toBe(true);
  }
  if (s.encounter) for (const n of Object.values(s.encounter.toll)) expect(isQty(n)).toBe(true);
  expect(s.day).toBeGreaterThanOrEqual(1);
  expect(s.day).toBeLessThanOrEqual(s.maxDays);
  expect(p.day).toBe(s.day);
  expect(p.location).toBe(s.location);
  expect(p.maxDays).toBe(s.maxDays);
  expect(p.score).toBe(p.cash + p.bank - p.debt);
  expect(p.currentStash).toEqual(p.stash[p.location] ?? {});
  expect(p.debt === 0).toBe(p.loanShark === null);
  expect(s.stateMachine.currentState).toBe(s.currentState);
  expect(s.allowedActions).toEqual(allowedActionsOf(s));
  if (s.encounter?.type === 'loanSharkVisit') {
    expect(s.encounter.paymentAmount).toBe(Math.min(p.cash, p.debt + s.encounter.totalFees));
    expect(s.encounter.canPay).toBe(p.cash > 0);
  }
  if (s.encounter && s.encounter.type !== 'loanSharkVisit') {
    expect(s.allowedActions.includes('equip')).toBe(s.encounter.turnOrder === 'player');
  }
  if (s.gameOver) {
    expect(['GAME_OVER', 'GAME_ENDED']).toContain(s.currentState);
    expect(s.gameHistory.financeHistory.at(-1)).toEqual({ day: s.day, cash: p.cash, debt: p.debt, bank: p.bank });
    expect(s.gameHistory.healthHistory.at(-1)).toEqual({ day: s.day, health: p.health });
  }
  else if (s.encounter) expect(['COMBAT', 'COMBAT_LOAN_SHARK', 'LOAN_SHARK_VISIT']).toContain(s.currentState);
  else expect(s.currentState).toBe('NORMAL');
  if (!s.encounter) expect(s.pendingEncounter).toBeNull();
}

/**
 * SPEC.md section 4 "Targeting" on an accepted attack with chosen ids: single_target hits the first chosen,
 * multi_target exactly the chosen (at most 3), all_targets every living enemy; only living enemies are hit.
 */
function checkTargeting(before: GameState, chosen: readonly string[], hit: readonly string[]): void {
  const enemies = before.encounter!.enemies;
  const living = enemies.filter((e) => e.isAlive).map((e) => e.id);
  expect(chosen.length).toBeLessThanOrEqual(3);
  for (const id of chosen) expect(living).toContain(id);
  const targetType = playerWeapon(before.player).targetType;
  if (targetType === 'single_target') expect(hit).toEqual([chosen[0]]);
  else if (targetType === 'multi_target') expect(hit).toEqual(chosen);
  else expect(hit).toEqual(living);
}

const seed16 = fc.bigInt({ min: 0n, max: 9_999_999_999_999_999n }).map((n) => n.toString().padStart(16, '0'));

describe('apply over random action sequences', () => {
  it('keeps every invariant, never throws, never mutates its input, and replays exactly (1,000 games)', () => {
    // What the sequences reached, so the test fails if the generator stops exploring the game.
    const seen = { encounters: 0, visits: 0, gameOver: 0, trades: 0, promotions: 0, lateDays: 0, targeted: 0 };
    fc.assert(
      fc.property(seed16, fc.array(step, { minLength: 20, maxLength: 120, size: 'max' }), (seed, steps) => {
        const opts = { playerName: 'Prop', seed, isSeeded: true };
        let state = deepFreeze(newGame(opts));
        checkInvariants(state);
        const log: Action[] = [];
        for (const s of steps) {
          const action = resolve(state, s);
          log.push(action);
          const before = state;
          const result = apply(state, action); // frozen input: any mutation throws here
          expect(state).toBe(before);
          if (result.ok) {
            expect(typeof result.message).toBe('string');
            if (result.state.encounter && !state.encounter) seen.encounters++;
            if (result.state.encounter?.type === 'loanSharkVisit') seen.visits++;
            if (result.state.gameOver && !state.gameOver) seen.gameOver++;
            if (action.type === 'sell') seen.trades++;
            if (result.events.some((e) => e.category === 'rank_promotion')) seen.promotions++;
            if (result.state.day > 12 && state.day <= 12) seen.lateDays++;
            if (action.type === 'encounter' && action.action === 'fight' && action.targetIds && action.targetIds.length > 0 && state.encounter?.turnOrder === 'player') {
              checkTargeting(state, action.targetIds, result.attack!.attackResults.map((r) => r.targetId));
              seen.targeted++;
            }
            state = deepFreeze(result.state);
            checkInvariants(state);
          } else {
            expect(result.message.length).toBeGreaterThan(0);
            expect(typeof result.code).toBe('string');
          }
        }
        expect(JSON.stringify(replay(opts, log))).toBe(JSON.stringify(state));
      }),
      { numRuns: 1000 },
    );
    expect(seen.encounters).toBeGreaterThan(100);
    expect(seen.visits).toBeGreaterThan(10);
    expect(seen.gameOver).toBeGreaterThan(10);
    expect(seen.trades).toBeGreaterThan(30);
    expect(seen.lateDays).toBeGreaterThan(20);
    expect(seen.targeted).toBeGreaterThan(50);
  }, 180_000);

  it('gives the same result for a state that went through JSON (as the server stores it)', () => {
    fc.assert(
      fc.property(seed16, fc.array(step, { minLength: 10, maxLength: 80, size: 'max' }), (seed, steps) => {
        let state = newGame({ playerName: 'Json', seed, isSeeded: true });
        for (const s of steps) {
          const action = resolve(state, s);
          const direct = apply(state, action);
          const viaJson = apply(JSON.parse(JSON.stringify(state)) as GameState, action);
          expect(JSON.stringify(viaJson)).toBe(JSON.stringify(direct));
          if (direct.ok) state = direct.state;
        }
      }),
      { numRuns: 150 },
    );
  }, 60_000);
});

describe('determinism', () => {
  const actions: Action[] = [
    { type: 'buy', drugId: 'ludes', quantity: 10 },
    { type: 'travel', destination: 'miami' },
    { type: 'stay' },
    { type: 'travel', destination: 'boston' },
  ];

  it('same seed and actions give byte-identical states', () => {
    const opts = { playerName: 'Det', seed: '1234567890123456', isSeeded: true };
    expect(JSON.stringify(replay(opts, actions))).toBe(JSON.stringify(replay(opts, actions)));
  });

  it('different seeds give different markets', () => {
    const a = newGame({ playerName: 'A', seed: '0000000000000001', isSeeded: true });
    const b = newGame({ playerName: 'A', seed: '0000000000000002', isSeeded: true });
    expect(a.worldPrices).not.toEqual(b.worldPrices);
    const a3 = replay({ playerName: 'A', seed: '1111111111111111', isSeeded: true }, [{ type: 'stay' }, { type: 'stay' }]);
    const b3 = replay({ playerName: 'A', seed: '2222222222222222', isSeeded: true }, [{ type: 'stay' }, { type: 'stay' }]);
    expect(a3.worldPrices).not.toEqual(b3.worldPrices);
  });
});
