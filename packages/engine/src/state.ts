// Small helpers every rule file shares: refusals, derived player fields and the score.
import type { ApplyOk, GameEvent, GameState, Held, Player, RuleError, RuleErrorCode } from './types';
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

/** currentStash where nothing is stashed: frozen, so a stray write throws instead of reaching every game. */
const NOTHING_STASHED: Player['currentStash'] = Object.freeze({});

/**
 * The player with some fields changed and its derived fields (score, usedSpace, currentStash) recomputed: every
 * player a state stores is made here.
 */
export function settle(p: Player, changes: Partial<Player> = {}): Player {
  const q = updatePlayer(p, changes);
  q.score = netWorth(q);
  q.usedSpace = usedSpaceOf(q.inventory);
  q.currentStash = q.stash[q.location] ?? NOTHING_STASHED;
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
