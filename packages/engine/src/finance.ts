// Bank, loan sharks and the hospital.
import { DEFAULT_LOAN_SHARK_ID, LOAN_SHARK_BY_ID, LOAN_SHARKS } from './catalogue';
import { DEFAULT_SHARK_INTEREST_RATE, MAX_HEALTH } from './constants';
import { update } from './records';
import { accept, isPositiveInt, refuse, settle, withPlayer } from './state';
import { formatMoney } from './format';
import type { ApplyResult, GameState, LoanShark, LoanSharkOffer, PlayerLoan } from './types';

/**
 * Extra daily interest once a loan is overdue (day > dueDay): 10 points, so Vinnie's 10% a day becomes 20%.
 * Late is expensive as well as dangerous: paying on time is the better play.
 */
export const OVERDUE_EXTRA_INTEREST_RATE = 0.1;

/** The daily rate a debt grows by at the end of the day that becomes `day`. */
export function debtRateOn(loan: PlayerLoan | null, day: number): number {
  const rate = loan?.interestRate ?? DEFAULT_SHARK_INTEREST_RATE;
  return loan && day > loan.dueDay ? rate + OVERDUE_EXTRA_INTEREST_RATE : rate;
}

/** Dollars per missing health point at the hospital. */
export const HEAL_COST_PER_POINT = 40;

const AMOUNT_MUST_BE_POSITIVE = 'Amount must be positive';

export function deposit(state: GameState, amount: number): ApplyResult {
  if (!isPositiveInt(amount)) return refuse('INVALID_INPUT', AMOUNT_MUST_BE_POSITIVE);
  const p = state.player;
  if (amount > p.cash) return refuse('INSUFFICIENT_FUNDS', "You don't have that much cash!");
  return accept(withPlayer(state, { cash: p.cash - amount, bank: p.bank + amount }), `Deposited ${formatMoney(amount)} in the bank.`);
}

export function withdraw(state: GameState, amount: number): ApplyResult {
  if (!isPositiveInt(amount)) return refuse('INVALID_INPUT', AMOUNT_MUST_BE_POSITIVE);
  const p = state.player;
  if (amount > p.bank) return refuse('INSUFFICIENT_FUNDS', "You don't have that much in the bank!");
  return accept(withPlayer(state, { cash: p.cash + amount, bank: p.bank - amount }), `Withdrew ${formatMoney(amount)} from the bank.`);
}

/** Total interest over the grace period, compounded daily, as a fraction (what the finances view shows). */
export function totalInterestRate(shark: Pick<LoanShark, 'dailyInterestRate' | 'gracePeriod'>): number {
  return Math.round((Math.pow(1 + shark.dailyInterestRate, shark.gracePeriod) - 1) * 10000) / 10000;
}

/** Sharks that lend to the player's rank. */
export function loanSharkOffers(state: GameState): LoanSharkOffer[] {
  const level = state.player.rank.level;
  return LOAN_SHARKS.filter((s) => s.minRankLevel <= level).map((s) => ({
    id: s.id,
    name: s.name,
    maxLoan: s.maxLoan,
    dailyInterestRate: s.dailyInterestRate,
    interestRate: totalInterestRate(s),
    gracePeriod: s.gracePeriod,
    personality: s.personality,
  }));
}

export function borrow(state: GameState, sharkId: string | undefined, amount: number): ApplyResult {
  const shark = LOAN_SHARK_BY_ID.get(sharkId ?? DEFAULT_LOAN_SHARK_ID);
  if (!shark) return refuse('UNKNOWN_ITEM', 'That loan shark is not in business.');
  const p = state.player;
  if (p.debt > 0) {
    return refuse('LOAN_EXISTS', `You already owe ${p.loanShark?.name ?? 'a loan shark'}. Pay that off before you borrow again.`);
  }
  if (p.rank.level < shark.minRankLevel) return refuse('RANK_TOO_LOW', `${shark.name} doesn't lend to a ${p.rank.name}.`);
  if (!isPositiveInt(amount)) return refuse('INVALID_INPUT', AMOUNT_MUST_BE_POSITIVE);
  if (amount > shark.maxLoan) return refuse('LOAN_TOO_LARGE', `Amount exceeds maximum loan of ${formatMoney(shark.maxLoan)}`);
  const loanShark = { id: shark.id, name: shark.name, interestRate: shark.dailyInterestRate, dueDay: p.day + shark.gracePeriod };
  const next = update(state, { player: settle(p, { cash: p.cash + amount, debt: amount, loanShark }), loanSharkVisits: 0 });
  return accept(next, `Borrowed ${formatMoney(amount)} from ${shark.name}. It's due in ${shark.gracePeriod} days.`);
}

export function borrowMax(state: GameState, sharkId: string): ApplyResult {
  const shark = LOAN_SHARK_BY_ID.get(sharkId);
  if (!shark) return refuse('UNKNOWN_ITEM', 'That loan shark is not in business.');
  return borrow(state, sharkId, shark.maxLoan);
}

export function repay(state: GameState, amount: number): ApplyResult {
  if (!isPositiveInt(amount)) return refuse('INVALID_INPUT', AMOUNT_MUST_BE_POSITIVE);
  const p = state.player;
  if (p.debt === 0) return refuse('NO_DEBT', "You don't owe anybody anything.");
  if (amount > p.cash) return refuse('INSUFFICIENT_FUNDS', "You don't have that much cash!");
  if (amount > p.debt) return refuse('INVALID_INPUT', `You only owe ${formatMoney(p.debt)}.`);
  const debt = p.debt - amount;
  const sharkName = p.loanShark?.name ?? 'the loan shark';
  const next = update(state, {
    player: settle(p, { cash: p.cash - amount, debt, loanShark: debt === 0 ? null : p.loanShark }),
    loanSharkVisits: debt === 0 ? 0 : state.loanSharkVisits,
  });
  return accept(
    next,
    debt === 0 ? `You paid off ${sharkName}. You're debt free!` : `Paid ${formatMoney(amount)} to ${sharkName}. You still owe ${formatMoney(debt)}.`,
  );
}

export function healCost(state: GameState): number {
  return Math.max(0, MAX_HEALTH - state.player.health) * HEAL_COST_PER_POINT;
}

export function heal(state: GameState): ApplyResult {
  const p = state.player;
  if (p.health >= MAX_HEALTH) return refuse('FULL_HEALTH', "You're in perfect health!");
  const cost = healCost(state);
  if (cost > p.cash) return refuse('INSUFFICIENT_FUNDS', `You can't afford the hospital bill of ${formatMoney(cost)}!`);
  return accept(withPlayer(state, { cash: p.cash - cost, health: MAX_HEALTH }), `The doctors patched you up for ${formatMoney(cost)}.`);
}
