// Travel, stay, and the new-day cycle both trigger. Order of a day's end (fixed, so replays match):
//   1. the final day-end (day == maxDays) ends the game instead: no fare, no interest, no encounter;
//   2. fly (pay the fare, move) and advance the day;
//   3. debt interest at the shark's rate (+10 points once overdue), bank interest 5%;
//   4. shipments move (deliveries land in stashes);
//   5. new prices everywhere and a new market here;
//   6. random events: word on the street, rumor, lucky find, bad news;
//   7. encounters (combat.ts): a police/gang fight, then a loan-shark visit if the debt is overdue;
//   8. rank promotion by net worth;
//   9. history records; state machine.
import { LOCATION_BY_ID } from './catalogue';
import { setMachine } from './machine';
import { BANK_INTEREST_RATE } from './constants';
import { debtRateOn } from './finance';
import { createLoanSharkVisit, loanSharkSound, rollEncounter } from './combat';
import { badNews, luckyFind, priceChangeEvents, rumorEvent } from './events';
import { recordAction, recordDay } from './history';
import { buildMarket, nextWorldPrices, seenPrices } from './market';
import { promote } from './ranks';
import { advanceShipments } from './shipping';
import { dayStreams } from './streams';
import { update, updatePlayer } from './records';
import { accept, finalScore, refuse, settle, usedSpaceOf } from './state';
import { formatMoney } from './format';
import type { ApplyResult, GameEvent, GameState, Location, Player } from './types';

/** How a trip to a city is made: by air where it has an airport, otherwise by road (the same listed fare). */
export type TravelMode = 'air' | 'road';

export function travelMode(to: Pick<Location, 'hasAirport'>): TravelMode {
  return to.hasAirport ? 'air' : 'road';
}

/** The log's line for a trip, the one wording the client shows too ('by air' / 'by road', with the fare). */
export function travelMessage(to: Pick<Location, 'name' | 'hasAirport' | 'flightPrice'>, day: number): string {
  return `You traveled to ${to.name} by ${travelMode(to)} for ${formatMoney(to.flightPrice)}. Day ${day}.`;
}

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

/** Rates are worked in basis points: 0.07 becomes 700, so interest is integer arithmetic, exact in a double. */
const BASIS_POINTS = 10_000;

/**
 * Interest on a whole-dollar amount at a daily rate, rounded up or down, computed on integers: `debt * 0.07` in
 * floating point is 77.00000000000001 for $1,100, which Math.ceil made $78 (one dollar too many on 1 in 128 debts
 * at that rate). Above ~$900 billion times the rate the product leaves a double's exact range; no game gets there.
 */
function interestOn(amount: number, rate: number, round: (n: number) => number): number {
  if (amount <= 0) return 0;
  return round((amount * Math.round(rate * BASIS_POINTS)) / BASIS_POINTS);
}

/** Daily interest on a debt, rounded up so even a small debt grows. */
export function debtInterest(debt: number, rate: number): number {
  return interestOn(debt, rate, Math.ceil);
}

/** Daily bank interest, rounded down (the bank never gives away a cent). */
export function bankInterest(bank: number): number {
  return interestOn(bank, BANK_INTEREST_RATE, Math.floor);
}

function endGameAtDayLimit(state: GameState): ApplyResult {
  const p = state.player;
  const reason = `Your ${state.maxDays} days are up.`;
  const next = update(state, { gameOver: true, gameOverReason: reason, player: settle(p) });
  const score = finalScore(next);
  return accept(next, `${reason} Final score: ${formatMoney(score)}.`, [
    { message: `${reason}\n\nFinal score: ${formatMoney(score)}`, type: 'info', category: 'information' },
  ]);
}

function endDay(state: GameState, to: Location | null): ApplyResult {
  if (state.day >= state.maxDays) return endGameAtDayLimit(state);
  const streams = dayStreams(state);
  const from = state.player.location;
  // A copy the day's steps change in place; settled below, it is the new state's player.
  const p: Player = updatePlayer(state.player, {});
  let history = state.gameHistory;
  const day = state.day + 1;

  if (to) {
    p.cash -= to.flightPrice;
    p.location = to.id;
    const fromName = LOCATION_BY_ID.get(from)?.name ?? from;
    history = recordAction(
      history,
      { day: state.day, action: 'travel', details: { from: fromName, to: to.name, total: to.flightPrice } },
      { day, location: to.id },
    );
  }
  p.day = day;

  // Interest.
  if (p.debt > 0) p.debt += debtInterest(p.debt, debtRateOn(p.loanShark, day));
  p.bank += bankInterest(p.bank);

  const shipped = advanceShipments(state.shipments, p.stash, streams.luck);
  p.stash = shipped.stash;

  // Markets: every city's prices move; the player sees today's only here (previousPrice = what they last saw here).
  const { world, moves } = nextWorldPrices(state.cityPrices, streams.market);
  const prices = world[p.location]!;
  const marketInfo = buildMarket(prices, state.worldPrices[p.location] ?? null, streams.stock());
  const known = seenPrices(state, p.location, prices, day);

  // Random events (they change p; they read and keep up usedSpace).
  p.usedSpace = usedSpaceOf(p.inventory);
  const word = priceChangeEvents(p.location, moves, prices, streams.luck);
  const rumor = rumorEvent(p.location, moves, streams.luck);
  const found = luckyFind(p, streams.luck);
  const lost = badNews(p, streams.luck);
  // Promotion by net worth (draws nothing; its event is listed after the encounters below).
  const promotion = promote(p);
  const player = settle(p);

  // Encounters: a fight first; an overdue loan brings the shark's visit (behind the fight if both happen).
  const tonight = { gameOver: false, day, location: player.location, player, loanSharkVisits: state.loanSharkVisits };
  const fight = rollEncounter(tonight, streams.luck);
  const visit = player.debt > 0 && player.loanShark && day > player.loanShark.dueDay ? createLoanSharkVisit(tonight, streams.luck) : null;

  const next = setMachine(
    update(state, {
      day,
      maxDays: player.maxDays,
      location: player.location,
      prices,
      worldPrices: known.worldPrices,
      worldPricesDay: known.worldPricesDay,
      marketInfo,
      encounter: fight ?? visit,
      pendingEncounter: fight ? visit : null,
      gameHistory: recordDay(history, day, player, prices),
      shipments: shipped.shipments,
      player,
      ...streams.stored(),
      cityPrices: world,
      loanSharkVisits: visit ? state.loanSharkVisits + 1 : state.loanSharkVisits,
    }),
  );

  const events: GameEvent[] = [];
  if (fight) events.push({ message: fight.message, type: 'danger', category: 'combat', encounter: fight });
  if (visit) {
    events.push({ message: visit.message, type: 'danger', category: 'loan_shark', soundEffect: loanSharkSound(visit.visitNumber), encounter: visit });
  }
  if (promotion) events.push(promotion);
  if (found) events.push(found);
  if (lost) events.push(lost);
  for (const e of word) events.push(e);
  if (rumor) events.push(rumor);
  for (const e of shipped.events) events.push(e);

  const where = LOCATION_BY_ID.get(player.location)?.name ?? player.location;
  const message = to ? travelMessage(to, day) : `You slept in ${where}. Day ${day}.`;
  return accept(next, message, events);
}
