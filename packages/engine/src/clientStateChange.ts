// What a move changed in the client's view, and the view a client holds after it. A client that says which
// version of the game it holds gets, in a move's reply, only the view's top-level fields the move changed (the
// server's reply: clientStateChange); it rebuilds the whole view with withStateChange. Most of a view stays as
// it was: a sale changes the player and nothing else, a fight round the encounter and the player, so a move's
// reply carries a fraction of the ~4-5 KB view.
//
// worldPrices and worldPricesDay are never in a change: they are what the player has seen in each city, and the
// only thing that changes them is a new day, when the row of the city the player stands in becomes today's
// prices (market.ts seenPrices). The change carries those (location, prices, day), so the client derives the
// two with the engine's own seenPrices rather than being sent ~1.8 KB again that it can work out.
import { seenPrices } from './market';
import { toClientView } from './state';
import type { ClientGameState, GameState } from './types';

/** The fields of the client view that a move's reply may carry: all but the two a client derives. */
export type ClientStateChange = Partial<Omit<ClientGameState, 'worldPrices' | 'worldPricesDay'>>;

/**
 * The top-level fields of toClientView(after) that differ from toClientView(before). The engine never changes
 * a part of a state in place (every handler copies what it changes), so a part the move left alone is the same
 * object in both states and identity tells the two apart; scalar fields are compared by value. A field whose
 * content is rebuilt equal (rare) is carried though it did not change, which costs bytes, never correctness.
 */
export function clientStateChange(before: GameState, after: GameState): ClientStateChange {
  const view = toClientView(after);
  const change: ClientStateChange = {};
  // In the view's key order, so a reply's keys keep one order whatever it carries.
  if (after.day !== before.day) change.day = view.day;
  if (after.maxDays !== before.maxDays) change.maxDays = view.maxDays;
  if (after.location !== before.location) change.location = view.location;
  if (after.gameOver !== before.gameOver) change.gameOver = view.gameOver;
  if (after.gameOverReason !== before.gameOverReason) change.gameOverReason = view.gameOverReason;
  if (after.isSeeded !== before.isSeeded) change.isSeeded = view.isSeeded;
  if (after.formattedSeed !== before.formattedSeed) change.formattedSeed = view.formattedSeed;
  if (after.prices !== before.prices) change.prices = view.prices;
  if (after.marketInfo !== before.marketInfo) change.marketInfo = view.marketInfo;
  if (after.encounter !== before.encounter) change.encounter = view.encounter;
  if (after.currentState !== before.currentState) change.currentState = view.currentState;
  if (after.allowedActions !== before.allowedActions) change.allowedActions = view.allowedActions;
  if (after.stateMetadata !== before.stateMetadata) change.stateMetadata = view.stateMetadata;
  if (after.stateMachine !== before.stateMachine) change.stateMachine = view.stateMachine;
  // The view's history is a shared empty one while the game runs (see toClientView): it changes when the game
  // ends, and after that with the state's own history.
  if (after.gameOver !== before.gameOver || (after.gameOver && after.gameHistory !== before.gameHistory)) change.gameHistory = view.gameHistory;
  if (after.shipments !== before.shipments) change.shipments = view.shipments;
  if (after.player !== before.player) change.player = view.player;
  return change;
}

/**
 * The view after a move, from the view before it and the move's change: the change's fields over the held ones,
 * and worldPrices and worldPricesDay as the engine keeps them (unchanged unless the city, the day or today's
 * prices changed, when seenPrices gives the city today's row). `held` must be the view of the state the move was
 * applied to (the server sends a change only to a client that says it holds that version).
 */
export function withStateChange(held: ClientGameState, change: ClientStateChange): ClientGameState {
  const next: ClientGameState = { ...held, ...change };
  if (change.location !== undefined || change.day !== undefined || change.prices !== undefined) {
    const known = seenPrices(held, next.location, next.prices, next.day);
    next.worldPrices = known.worldPrices;
    next.worldPricesDay = known.worldPricesDay;
  }
  return next;
}
