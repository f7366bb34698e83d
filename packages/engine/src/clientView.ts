// What a client is sent: the view of a state (toClientView) and, to a client that holds the view a move was made
// on, only what the move changed (clientStateChange), from which it rebuilds the whole view (withStateChange).
// Most of a view stays as it was: a sale changes the player and nothing else, a fight round the encounter and the
// player, so a move's reply carries a fraction of the ~4-5 KB view.
//
// worldPrices and worldPricesDay are never in a change: they are what the player has seen in each city, and the
// only thing that changes them is a new day, when the row of the city the player stands in becomes today's
// prices (market.ts seenPrices). The change carries those (location, prices, day), so the client derives the
// two with the engine's own seenPrices rather than being sent ~1.8 KB again that it can work out.
import { seenPrices } from './market';
import type {
  ClientEncounter,
  ClientEnemy,
  ClientGameEvent,
  ClientGameState,
  ClientShipment,
  Encounter,
  Enemy,
  GameEvent,
  GameState,
  Shipment,
} from './types';

/**
 * What the server may send to a browser after every move: the state without the PRNG state, the secret seed and the
 * real prices of the cities the player is not in (worldPrices is what they know, as SPEC.md's World Drug Prices
 * reads it from the game state), without the server's bookkeeping that no client reads (rulesVersion,
 * pendingEncounter, loanSharkVisits, nextId: see ClientGameState), and without the bulky history that only rarely
 * opened views need, each of which has its own GET:
 * - gameHistory's lists (finances, health, trades, trips: ~2-4 KB, growing every day) are empty while the game
 *   runs and complete once it is over, for the game-over statistics (the only screen that reads them);
 * - priceHistory is always empty: today's entry would only repeat `prices`, and the charts ask GET
 *   /api/game/history (historyView).
 * Nor does it carry what neither SPEC.md names nor any client reads: the encounter is toClientEncounter's (its
 * enemies' damage and accuracy and its running toll left out) and the shipments toClientShipment's (no ids).
 *
 * The view names each field it carries (the compiler asks for every field of ClientGameState), so a field added to
 * the state stays on the server until it is added here.
 */
export function toClientView(state: GameState): ClientGameState {
  const h = state.gameHistory;
  return {
    day: state.day,
    maxDays: state.maxDays,
    location: state.location,
    gameOver: state.gameOver,
    gameOverReason: state.gameOverReason,
    isSeeded: state.isSeeded,
    formattedSeed: state.formattedSeed,
    prices: state.prices,
    worldPrices: state.worldPrices,
    worldPricesDay: state.worldPricesDay,
    marketInfo: state.marketInfo,
    encounter: state.encounter === null ? null : toClientEncounter(state.encounter),
    currentState: state.currentState,
    allowedActions: state.allowedActions,
    stateMetadata: state.stateMetadata,
    stateMachine: state.stateMachine,
    gameHistory: state.gameOver
      ? { financeHistory: h.financeHistory, healthHistory: h.healthHistory, priceHistory: {}, actionHistory: h.actionHistory, locationHistory: h.locationHistory }
      : { financeHistory: [], healthHistory: [], priceHistory: {}, actionHistory: [], locationHistory: [] },
    shipments: state.shipments.map(toClientShipment),
    player: state.player,
  };
}

/** An encounter as a reply carries it: each enemy without its damage and accuracy, and no running toll (see ClientEncounter). */
export function toClientEncounter(e: Encounter): ClientEncounter {
  return {
    type: e.type,
    enemies: e.enemies.map(toClientEnemy),
    message: e.message,
    turnOrder: e.turnOrder,
    round: e.round,
    currentEnemyIndex: e.currentEnemyIndex,
    combatLog: e.combatLog,
    canEscape: e.canEscape,
    canBribe: e.canBribe,
    canSurrender: e.canSurrender,
    bribeCost: e.bribeCost,
    reward: e.reward,
    debtAmount: e.debtAmount,
    totalFees: e.totalFees,
    feeDetails: e.feeDetails,
    canPay: e.canPay,
    paymentAmount: e.paymentAmount,
    canSkip: e.canSkip,
    visitNumber: e.visitNumber,
  };
}

function toClientEnemy(e: Enemy): ClientEnemy {
  return { id: e.id, name: e.name, sprite: e.sprite, health: e.health, maxHealth: e.maxHealth, isAlive: e.isAlive };
}

/** A shipment as a reply carries it: by name, without the ids of its drug, destination and company. */
export function toClientShipment(s: Shipment): ClientShipment {
  return {
    id: s.id,
    drugName: s.drugName,
    quantity: s.quantity,
    destination: s.destination,
    company: s.company,
    status: s.status,
    daysRemaining: s.daysRemaining,
  };
}

/**
 * An event as a reply carries it: an encounter it announces is named by its type (EventEncounter), since the reply's
 * game state holds the encounter itself (or, for a visit waiting behind a fight, the fight's end brings it). The
 * same object when it announces none.
 */
export function toClientEvent(event: GameEvent): ClientGameEvent {
  if (event.encounter === undefined) return event;
  return { ...event, encounter: { type: event.encounter.type } };
}

/** A reply's events (toClientEvent of each); the same array when none announces an encounter (most days). */
export function toClientEvents(events: GameEvent[]): ClientGameEvent[] {
  return events.some((e) => e.encounter !== undefined) ? events.map(toClientEvent) : events;
}

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
  // The view's history is empty while the game runs (see toClientView): it changes when the game ends, and after
  // that with the state's own history.
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
