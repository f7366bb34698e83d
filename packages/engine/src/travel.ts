// Travel, stay, and the new-day cycle both trigger. Order of a day's end (fixed, so replays match):
//   1. the final day-end (day == maxDays) ends the game instead: no fare, no interest, no encounter;
//   2. fly (pay the fare, move) and advance the day;
//   3. debt interest at the shark's rate, bank interest 5%;
//   4. shipments move (deliveries land in stashes);
//   5. new prices everywhere and a new market here;
//   6. random events: word on the street, rumor, lucky find, bad news;
//   7. encounters (combat.ts): a police/gang fight, then a loan-shark visit if the debt is overdue;
//   8. rank promotion by net worth;
//   9. history records; state machine.
import { LOCATION_BY_ID } from './catalogue';
import { BANK_INTEREST_RATE, DEFAULT_SHARK_INTEREST_RATE } from './constants';
import { createLoanSharkVisit, loanSharkSound, rollEncounter } from './combat';
import { badNews, luckyFind, priceChangeEvents, rumorEvent } from './events';
import { recordDay } from './history';
import { buildMarket, nextWorldPrices } from './market';
import { promote } from './ranks';
import { Rng } from './rng';
import { advanceShipments } from './shipping';
import { accept, dollars, finalScore, refuse, settle } from './state';
import type { ApplyResult, Encounter, GameEvent, GameState, Location, Player } from './types';

export function travel(state: GameState, destination: string): ApplyResult {
  const to = typeof destination === 'string' ? LOCATION_BY_ID.get(destination) : undefined;
  if (!to) return refuse('UNKNOWN_LOCATION', "There's no such place on the map.");
  if (to.id === state.player.location) return refuse('ALREADY_THERE', `You're already in ${to.name}.`);
  if (to.flightPrice > state.player.cash) return refuse('INSUFFICIENT_FUNDS', `You can't afford the trip to ${to.name}!`);
  return endDay(state, to);
}

export function stay(state: GameState): ApplyResult {
  return endDay(state, null);
}

/** Daily interest on a debt, rounded up so even a small debt grows. */
export function debtInterest(debt: number, rate: number): number {
  return debt > 0 ? Math.ceil(debt * rate) : 0;
}

/** Daily bank interest, rounded down (the bank never gives away a cent). */
export function bankInterest(bank: number): number {
  return bank > 0 ? Math.floor(bank * BANK_INTEREST_RATE) : 0;
}

function endGameAtDayLimit(state: GameState): ApplyResult {
  const p = state.player;
  const reason = `Your ${state.maxDays} days are up.`;
  const next: GameState = { ...state, gameOver: true, gameOverReason: reason, player: settle({ ...p }) };
  const score = finalScore(next);
  return accept(next, `${reason} Final score: ${dollars(score)}.`, [
    { message: `${reason}\n\nFinal score: ${dollars(score)}`, type: 'info', category: 'information' },
  ]);
}

function endDay(state: GameState, to: Location | null): ApplyResult {
  if (state.day >= state.maxDays) return endGameAtDayLimit(state);
  const rng = Rng.fromState(state.rng);
  const from = state.player.location;
  const p: Player = { ...state.player };
  let history = state.gameHistory;
  const day = state.day + 1;

  if (to) {
    p.cash -= to.flightPrice;
    p.location = to.id;
    const fromName = LOCATION_BY_ID.get(from)?.name ?? from;
    history = {
      ...history,
      actionHistory: [...history.actionHistory, { day: state.day, action: 'travel', details: { from: fromName, to: to.name, total: to.flightPrice } }],
      locationHistory: [...history.locationHistory, { day, location: to.id }],
    };
  }
  p.day = day;

  // Interest.
  if (p.debt > 0) p.debt += debtInterest(p.debt, p.loanShark?.interestRate ?? DEFAULT_SHARK_INTEREST_RATE);
  p.bank += bankInterest(p.bank);

  const events: GameEvent[] = [];
  const shipped = advanceShipments(state.shipments, p.stash, rng);
  p.stash = shipped.stash;

  // Markets.
  const { world, moves } = nextWorldPrices(state.worldPrices, rng);
  const prices = world[p.location]!;
  const marketInfo = buildMarket(prices, state.worldPrices[p.location] ?? null, rng);

  // Random events (they change the player object we own; they read usedSpace, so settle first).
  settle(p);
  const word = priceChangeEvents(p.location, moves, prices, rng);
  const rumor = rumorEvent(p.location, moves, rng);
  const found = luckyFind(p, rng);
  const lost = badNews(p, rng);

  const next: GameState = {
    ...state,
    day,
    location: p.location,
    prices,
    worldPrices: world,
    marketInfo,
    shipments: shipped.shipments,
    player: p,
    encounter: null,
    pendingEncounter: null,
  };

  // Encounters: a fight first; an overdue loan brings the shark's visit (behind the fight if both happen).
  const fight = rollEncounter(next, rng);
  let visit: Encounter | null = null;
  if (p.debt > 0 && p.loanShark && day > p.loanShark.dueDay) {
    visit = createLoanSharkVisit(next, rng);
    next.loanSharkVisits = state.loanSharkVisits + 1;
  }
  next.encounter = fight ?? visit;
  next.pendingEncounter = fight ? visit : null;
  if (fight) events.push({ message: fight.message, type: 'danger', category: 'combat', encounter: fight });
  if (visit) {
    events.push({ message: visit.message, type: 'danger', category: 'loan_shark', soundEffect: loanSharkSound(visit.visitNumber), encounter: visit });
  }

  const promotion = promote(p);
  settle(p);
  if (promotion) {
    events.push(promotion);
    next.maxDays = p.maxDays;
  }
  if (found) events.push(found);
  if (lost) events.push(lost);
  events.push(...word);
  if (rumor) events.push(rumor);
  events.push(...shipped.events);

  next.gameHistory = recordDay(history, day, p, world);
  next.rng = rng.state();

  const where = LOCATION_BY_ID.get(p.location)?.name ?? p.location;
  const message = to
    ? `You ${to.hasAirport ? 'flew' : 'took the bus'} to ${where} for ${dollars(to.flightPrice)}. Day ${day}.`
    : `You slept in ${where}. Day ${day}.`;
  return accept(next, message, events);
}
