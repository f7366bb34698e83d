// The loan shark's visits when a loan is overdue (SPEC.md section 2 "Loan-shark visit variant"): visits 1-3 are
// talks with rising fees that the player may pay or put off; from visit 4 on the shark sends goons and the
// encounter is a fight (type 'loanShark', state COMBAT_LOAN_SHARK).
import { createEnemies, fightEncounter, introMessage, noToll } from './combatEnemies';
import { formatMoney } from './format';
import type { Rng } from './rng';
import type { Encounter, FeeDetail, GameState } from './types';

/** Visits 1 to this one can be put off ("Pay Him Later"); the next one is a fight. */
export const LAST_SKIPPABLE_VISIT = 3;

export function sharkNameOf(state: Pick<GameState, 'player'>): string {
  return state.player.loanShark?.name ?? 'The loan shark';
}

/**
 * The fees a visit adds on top of the debt; they rise with every visit:
 * - 'Late fee': 5% of the debt per visit number (at least $50 per visit number);
 * - from visit 2, 'Collection fee': $250 per visit after the first;
 * - from visit 3, 'Kneecap insurance': 5% of the debt (at least $250).
 */
export function visitFees(debt: number, visitNumber: number): FeeDetail[] {
  const v = Math.max(1, visitNumber);
  const fees: FeeDetail[] = [{ label: 'Late fee', amount: Math.max(50 * v, Math.round(debt * 0.05 * v)) }];
  if (v >= 2) fees.push({ label: 'Collection fee', amount: 250 * (v - 1) });
  if (v >= 3) fees.push({ label: 'Kneecap insurance', amount: Math.max(250, Math.round(debt * 0.05)) });
  return fees;
}

function visitMessage(name: string, visitNumber: number, debt: number, fees: number): string {
  const owed = formatMoney(debt);
  const extra = formatMoney(fees);
  switch (visitNumber) {
    case 1:
      return `${name} steps out of a black sedan. "You're late, kid. You owe me ${owed}, and being late costs ${extra}. Pay up."`;
    case 2:
      return `${name} is waiting at your door. "Second time I gotta come find you. ${owed}, plus ${extra} for my trouble. The fees only go up from here."`;
    default:
      return `${name} is back, and nobody's smiling. "Last warning. ${owed} plus ${extra}, today. Next time I don't come alone."`;
  }
}

/**
 * The visit for an overdue loan. `state.loanSharkVisits` is the count before this visit (the caller increments
 * it), so the visit number is that plus one. Visits 4 and later are fights with the shark's goons: 2 goons
 * at visit 4, 3 at visit 5 (led by an enforcer from then on), 4 from visit 6.
 */
export function createLoanSharkVisit(state: Pick<GameState, 'day' | 'location' | 'player' | 'loanSharkVisits'>, rng: Rng): Encounter {
  const visitNumber = Math.max(0, Math.floor(state.loanSharkVisits)) + 1;
  const name = sharkNameOf(state);
  const debt = state.player.debt;
  if (visitNumber > LAST_SKIPPABLE_VISIT) {
    const count = Math.min(4, visitNumber - 2);
    const enemies = createEnemies(state, 'loanShark', count, rng, visitNumber);
    const message = `${name}'s goons are here to collect! ${introMessage('loanShark', count)}`;
    return fightEncounter({
      type: 'loanShark',
      enemies,
      message,
      canBribe: false,
      bribeCost: 0,
      // Goons carry nothing worth taking; beating them buys time, it does not forgive the debt.
      rewardCash: 0,
      debtAmount: debt,
      visitNumber,
    });
  }
  const feeDetails = visitFees(debt, visitNumber);
  const totalFees = feeDetails.reduce((sum, f) => sum + f.amount, 0);
  const message = visitMessage(name, visitNumber, debt, totalFees);
  const payment = visitPayment(state.player.cash, debt, totalFees);
  return {
    type: 'loanSharkVisit',
    enemies: [],
    message,
    turnOrder: 'player',
    round: 1,
    currentEnemyIndex: 0,
    combatLog: [message],
    canEscape: false,
    canBribe: false,
    canSurrender: false,
    bribeCost: 0,
    reward: null,
    debtAmount: debt,
    totalFees,
    feeDetails,
    canPay: payment.canPay,
    paymentAmount: payment.paymentAmount,
    canSkip: visitNumber <= LAST_SKIPPABLE_VISIT,
    visitNumber,
    toll: noToll(),
  };
}

/**
 * What the player can pay at a visit: 'You can pay' = min(cash, debt + fees) (the web app offers 'Pay Full Debt'
 * when that covers debt + fees, else 'Pay What You Can'), and whether paying is possible at all (any cash).
 */
export function visitPayment(cash: number, debt: number, totalFees: number): { canPay: boolean; paymentAmount: number } {
  return { canPay: cash > 0, paymentAmount: Math.max(0, Math.min(cash, debt + totalFees)) };
}

/** The sound the web app plays for a visit (apps/web/src/audio: loan_shark_warning_1..4). */
export function loanSharkSound(visitNumber: number): string {
  return `loan_shark_warning_${Math.min(4, Math.max(1, visitNumber))}`;
}
