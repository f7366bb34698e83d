// Small helpers every rule file shares: refusals, derived player fields, the score and the client view.
import type {
  ApplyOk,
  ClientEncounter,
  ClientEnemy,
  ClientGameEvent,
  ClientGameState,
  ClientShipment,
  Encounter,
  EncounterType,
  Enemy,
  EventEncounter,
  GameEvent,
  GameState,
  Held,
  Player,
  RuleError,
  RuleErrorCode,
  Shipment,
} from './types';
import { update, updatePlayer } from './records';

export function refuse(code: RuleErrorCode, message: string): RuleError {
  return { ok: false, code, message };
}

export function accept(state: GameState, message: string, events: GameEvent[] = []): ApplyOk {
  return { ok: true, state, events, message };
}

/** Net worth as the game scores it: cash + bank - debt (drugs left unsold count nothing, as in the classic). */
export function netWorth(p: Pick<Player, 'cash' | 'bank' | 'debt'>): number {
  return p.cash + p.bank - p.debt;
}

/** The score of a game (its client view too): cash + bank - debt; drugs left unsold count nothing. */
export function finalScore(state: Pick<GameState, 'player'>): number {
  return netWorth(state.player);
}

export function usedSpaceOf(inventory: Player['inventory']): number {
  let used = 0;
  for (const id in inventory) used += inventory[id]!.quantity;
  return used;
}

/**
 * The player with some fields changed and its derived fields (score, usedSpace, currentStash) recomputed: every
 * player a state stores is made here.
 */
export function settle(p: Player, changes: Partial<Player> = {}): Player {
  const q = updatePlayer(p, changes);
  q.score = netWorth(q);
  q.usedSpace = usedSpaceOf(q.inventory);
  q.currentStash = q.stash[q.location] ?? {};
  return q;
}

/** The state with the player's fields changed (derived fields recomputed). */
export function withPlayer(state: GameState, changes: Partial<Player>): GameState {
  return update(state, { player: settle(state.player, changes) });
}

/** True when a derived field of the player disagrees with the data it derives from. */
export function playerNeedsSettling(p: Player): boolean {
  return p.score !== netWorth(p) || p.usedSpace !== usedSpaceOf(p.inventory) || p.currentStash !== (p.stash[p.location] ?? p.currentStash);
}

/** Whole-unit quantity or whole-dollar amount of at least 1 that stays exact in a double. */
export function isPositiveInt(n: unknown): n is number {
  return typeof n === 'number' && Number.isSafeInteger(n) && n > 0;
}

/** A copy of a record without one key. */
export function omitKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _removed, ...rest } = record;
  return rest;
}

/**
 * The inventory after `quantity` units of a carried drug leave it (sold, dumped, stashed, shipped, lost), and
 * the share of the drug's total cost that left with them. The caller has checked the player holds that many.
 */
export function removeUnits(inventory: Player['inventory'], drugId: string, quantity: number): { inventory: Player['inventory']; cost: number } {
  const held = inventory[drugId]!;
  if (quantity >= held.quantity) return { inventory: omitKey(inventory, drugId), cost: held.totalCost };
  const cost = Math.round((held.totalCost * quantity) / held.quantity);
  return { inventory: { ...inventory, [drugId]: { quantity: held.quantity - quantity, totalCost: held.totalCost - cost } }, cost };
}

/** A copy of a held-quantity record with one entry changed; entries that reach 0 are removed. */
export function setHeld(record: Record<string, Held>, id: string, quantity: number): Record<string, Held> {
  return quantity > 0 ? { ...record, [id]: { quantity } } : omitKey(record, id);
}

export function heldQuantity(record: Record<string, Held> | undefined, id: string): number {
  if (!record || !Object.hasOwn(record, id)) return 0;
  return record[id]!.quantity;
}

/** Rounds of one ammo type the player carries (0 when none). */
export function roundsOwned(p: Pick<Player, 'items'>, ammoId: string): number {
  return Object.hasOwn(p.items.ammo, ammoId) ? (p.items.ammo[ammoId] ?? 0) : 0;
}

/**
 * The view's gameHistory while the game runs: empty lists, one frozen object shared by every reply (nothing writes
 * to a view's history; a reply is only serialized).
 */
const RUNNING_GAME_HISTORY: ClientGameState['gameHistory'] = Object.freeze({
  financeHistory: Object.freeze([]) as unknown as ClientGameState['gameHistory']['financeHistory'],
  healthHistory: Object.freeze([]) as unknown as ClientGameState['gameHistory']['healthHistory'],
  priceHistory: Object.freeze({}),
  actionHistory: Object.freeze([]) as unknown as ClientGameState['gameHistory']['actionHistory'],
  locationHistory: Object.freeze([]) as unknown as ClientGameState['gameHistory']['locationHistory'],
});

/** The view's shipments when there are none (most games: shipping is rare), shared by every reply. */
const NO_SHIPMENTS: ClientShipment[] = Object.freeze([]) as unknown as ClientShipment[];

/** A loan-shark visit's enemies: none, shared by every reply. */
const NO_ENEMIES: ClientEnemy[] = Object.freeze([]) as unknown as ClientEnemy[];

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
 * The field names stay, so a reply keeps the state's shape.
 *
 * Built by one literal in the state's key order (like copyState) rather than `{ ...rest }` of a destructured
 * state: the copy made by rest and spread is slower to build and to write out (the view and JSON.stringify of its
 * reply, over 3,199 states of 60 bot games: median 24.9 us with it, 22.8 us with the literal). A field added to the
 * state must be added here too (the compiler asks for every field of ClientGameState; a test checks the keys).
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
      : RUNNING_GAME_HISTORY,
    shipments: state.shipments.length === 0 ? NO_SHIPMENTS : state.shipments.map(toClientShipment),
    player: state.player,
  };
}

/**
 * An encounter as a reply carries it: each enemy without its damage and accuracy, and no running toll (see
 * ClientEncounter). Built by one literal in the encounter's key order, like the view: a reply keeps one key order
 * (the bench's reader of replies follows it), and a test checks it.
 */
export function toClientEncounter(e: Encounter): ClientEncounter {
  return {
    type: e.type,
    enemies: e.enemies.length === 0 ? NO_ENEMIES : e.enemies.map(toClientEnemy),
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

/** The one EventEncounter of each type, shared by every reply (a reply is only serialized). */
const EVENT_ENCOUNTERS: Readonly<Record<EncounterType, EventEncounter>> = Object.freeze({
  police: Object.freeze({ type: 'police' }),
  gang: Object.freeze({ type: 'gang' }),
  loanShark: Object.freeze({ type: 'loanShark' }),
  loanSharkVisit: Object.freeze({ type: 'loanSharkVisit' }),
});

/**
 * An event as a reply carries it: an encounter it announces is named by its type (EventEncounter), since the reply's
 * game state holds the encounter itself (or, for a visit waiting behind a fight, the fight's end brings it). The
 * same object when it announces none.
 */
export function toClientEvent(event: GameEvent): ClientGameEvent {
  const encounter = event.encounter;
  if (encounter === undefined) return event;
  // A spread keeps the event's key order, with the encounter replaced where it stood.
  return { ...event, encounter: EVENT_ENCOUNTERS[encounter.type] };
}

/** A reply's events (toClientEvent of each); the same array when none announces an encounter (most days). */
export function toClientEvents(events: GameEvent[]): ClientGameEvent[] {
  for (let i = 0; i < events.length; i++) {
    if (events[i]!.encounter !== undefined) return events.map(toClientEvent);
  }
  return events;
}
