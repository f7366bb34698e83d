import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { DEFAULT_LOAN_SHARK_ID, LOAN_SHARKS } from './catalogue';
import { HEAL_COST_PER_POINT, healCost, loanSharkOffers, totalInterestRate } from './finance';
import { ok, startGame, withPlayerFields } from './testkit';
import type { Action, GameState, RuleError } from './types';

function refused(state: GameState, action: Action): RuleError {
  const r = apply(state, action);
  if (r.ok) throw new Error(`expected a refusal, got: ${r.message}`);
  return r;
}

const debtFree = () => withPlayerFields(startGame(), { debt: 0, loanShark: null, cash: 1000 });

describe('bank', () => {
  it('deposits and withdraws whole positive amounts within what the player has', () => {
    const s = ok(apply(startGame(), { type: 'deposit', amount: 1500 })).state;
    expect([s.player.cash, s.player.bank]).toEqual([500, 1500]);
    expect(s.player.score).toBe(500 + 1500 - 1000);
    const w = ok(apply(s, { type: 'withdraw', amount: 1500 })).state;
    expect([w.player.cash, w.player.bank]).toEqual([2000, 0]);
    expect(refused(s, { type: 'deposit', amount: 501 }).code).toBe('INSUFFICIENT_FUNDS');
    expect(refused(s, { type: 'withdraw', amount: 1501 }).code).toBe('INSUFFICIENT_FUNDS');
    for (const amount of [0, -5, 2.5]) {
      expect(refused(s, { type: 'deposit', amount })).toMatchObject({ code: 'INVALID_INPUT', message: 'Amount must be positive' });
      expect(refused(s, { type: 'withdraw', amount }).message).toBe('Amount must be positive');
    }
  });
});

describe('loan sharks', () => {
  it('offers the sharks that lend to the player rank, with the compounded total interest', () => {
    const offers = loanSharkOffers(startGame());
    expect(offers.map((o) => o.id)).toEqual(LOAN_SHARKS.filter((s) => s.minRankLevel <= 1).map((s) => s.id));
    const vinnie = offers.find((o) => o.id === DEFAULT_LOAN_SHARK_ID)!;
    expect(vinnie.dailyInterestRate).toBe(0.1);
    expect(vinnie.interestRate).toBeCloseTo(Math.pow(1.1, vinnie.gracePeriod) - 1, 4);
    const dealer = withPlayerFields(startGame(), { rank: { name: 'Dealer', level: 3, inventoryName: 'Trench Coat' } });
    expect(loanSharkOffers(dealer).length).toBeGreaterThan(offers.length);
    expect(totalInterestRate({ dailyInterestRate: 0.05, gracePeriod: 2 })).toBeCloseTo(0.1025, 4);
  });

  it('lends only when there is no debt', () => {
    expect(refused(startGame(), { type: 'borrow', amount: 100 }).code).toBe('LOAN_EXISTS');
    const r = ok(apply(debtFree(), { type: 'borrow', sharkId: DEFAULT_LOAN_SHARK_ID, amount: 3000 }));
    expect(r.state.player.cash).toBe(4000);
    expect(r.state.player.debt).toBe(3000);
    expect(r.state.player.loanShark).toMatchObject({ id: DEFAULT_LOAN_SHARK_ID, interestRate: 0.1, dueDay: 1 + 7 });
    expect(r.state.loanSharkVisits).toBe(0);
  });

  it('uses the default shark when none is named, and refuses above the maximum with SPEC\'s sentence', () => {
    expect(ok(apply(debtFree(), { type: 'borrow', amount: 10 })).state.player.loanShark?.id).toBe(DEFAULT_LOAN_SHARK_ID);
    expect(refused(debtFree(), { type: 'borrow', amount: 5001 })).toEqual({
      ok: false,
      code: 'LOAN_TOO_LARGE',
      message: 'Amount exceeds maximum loan of $5,000',
    });
    expect(refused(debtFree(), { type: 'borrow', amount: 0 }).message).toBe('Amount must be positive');
    expect(refused(debtFree(), { type: 'borrow', sharkId: 'nobody', amount: 10 }).code).toBe('UNKNOWN_ITEM');
  });

  it('refuses sharks above the player rank, and borrowMax takes the maximum', () => {
    const picky = LOAN_SHARKS.find((s) => s.minRankLevel > 1)!;
    expect(refused(debtFree(), { type: 'borrow', sharkId: picky.id, amount: 10 }).code).toBe('RANK_TOO_LOW');
    const max = ok(apply(debtFree(), { type: 'borrowMax', sharkId: DEFAULT_LOAN_SHARK_ID })).state;
    expect(max.player.debt).toBe(5000);
  });

  it('repays up to the lesser of cash and debt; paying it all clears the shark', () => {
    const part = ok(apply(startGame(), { type: 'repay', amount: 400 })).state;
    expect([part.player.cash, part.player.debt]).toEqual([1600, 600]);
    expect(part.player.loanShark).not.toBeNull();
    expect(refused(part, { type: 'repay', amount: 601 }).code).toBe('INVALID_INPUT');
    expect(refused(withPlayerFields(part, { cash: 100 }), { type: 'repay', amount: 200 }).code).toBe('INSUFFICIENT_FUNDS');
    const paid = ok(apply(part, { type: 'repay', amount: 600 }));
    expect(paid.state.player.debt).toBe(0);
    expect(paid.state.player.loanShark).toBeNull();
    expect(paid.message).toContain('debt free');
    expect(refused(paid.state, { type: 'repay', amount: 1 }).code).toBe('NO_DEBT');
    // ...and now a new loan is possible.
    expect(ok(apply(paid.state, { type: 'borrow', amount: 100 })).state.player.debt).toBe(100);
  });
});

describe('hospital', () => {
  it('costs by missing health, heals to 100, and refuses at full health or without the money', () => {
    const hurt = withPlayerFields(startGame(), { health: 70 });
    expect(healCost(hurt)).toBe(30 * HEAL_COST_PER_POINT);
    expect(healCost(startGame())).toBe(0);
    const healed = ok(apply(hurt, { type: 'heal' })).state;
    expect(healed.player.health).toBe(100);
    expect(healed.player.cash).toBe(2000 - 30 * HEAL_COST_PER_POINT);
    expect(refused(startGame(), { type: 'heal' })).toMatchObject({ code: 'FULL_HEALTH', message: "You're in perfect health!" });
    expect(refused(withPlayerFields(hurt, { cash: 10 }), { type: 'heal' }).code).toBe('INSUFFICIENT_FUNDS');
  });
});
