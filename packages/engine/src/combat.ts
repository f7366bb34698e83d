// Resolving encounter actions (SPEC.md section 4 "Combat turn flow" and "Targeting", DESIGN.md section 2):
// on the player's turn `fight` attacks with the equipped weapon; on the enemy's turn the client calls `fight`
// once per living enemy and each call resolves that one enemy's attack. Escape, bribe and surrender end a fight
// early; pay and skip answer a loan-shark visit. Pure: never throws, never mutates its input; all randomness
// comes from `rng` (the fight's stream, streams.ts), whose advanced state is stored in the returned game state.
import { ARMOR_BY_ID, DRUG_BY_ID, WEAPON_BY_ID } from './catalogue';
import { dangerLevelOf, heatOf } from './combatEnemies';
import { LAST_SKIPPABLE_VISIT, loanSharkSound, sharkNameOf, visitPayment } from './combatLoanShark';
import { MULTI_TARGET_LIMIT } from './constants';
import { formatMoney } from './format';
import { setMachine } from './machine';
import type { Rng } from './rng';
import { storeFightStream } from './streams';
import { copyState, updateEncounter, updateEnemy } from './records';
import { heldQuantity, omitKey, refuse, removeUnits, roundsOwned, setHeld, settle } from './state';
import type {
  Action,
  ApplyResult,
  AttackResult,
  AttackResultItem,
  ClientEnemy,
  Encounter,
  Enemy,
  EncounterToll,
  GameEvent,
  GameState,
  Player,
  RuleError,
  TargetType,
} from './types';

export { createEnemies, encounterChance, encounterRisk, ENEMY_SPRITES, heatOf, maxEnemiesFor, rollEncounter } from './combatEnemies';
export { createLoanSharkVisit, LAST_SKIPPABLE_VISIT, loanSharkSound, visitFees, visitPayment } from './combatLoanShark';

/** Bare hands: what the player fights with when no weapon is equipped or a gun is out of ammo. */
export const FISTS = { name: 'Fists', damage: 8, accuracy: 0.85 } as const;
/** Damage rolls fall within +-20% of the nominal damage (rounded), never below 1. */
export const DAMAGE_SPREAD = 0.2;
/** The targetId an enemy's attack on the player carries in attackResults. */
export const PLAYER_TARGET_ID = 'player';

export const ESCAPE_SUCCESS_MESSAGE = 'You successfully escaped!';
export const VICTORY_NO_REWARD_MESSAGE = "You won! ...but you didn't get shit.";
/** The first words of a failed escape's message (the web shows them over the battlefield). */
export const FAILED_ESCAPE_MESSAGE = 'FAILED ESCAPE!';
/** The first words of a surrender's message (what was lost follows). */
export const SURRENDER_MESSAGE = 'You surrendered and lost some items.';
/** The last words of the message of an attack that killed the player. */
export const KILLED_MESSAGE = 'You have been killed!';

/** The message of a won fight: the cash found on the bodies, if any. */
export function victoryMessage(reward: number): string {
  return reward > 0 ? `You won! Found ${formatMoney(reward)} on the bodies!` : VICTORY_NO_REWARD_MESSAGE;
}

/** The message of a bribe the police took. */
export function bribeMessage(cost: number): string {
  return `You successfully bribed them with ${formatMoney(cost)}.`;
}

/**
 * What an encounter cost, in a sentence for the end of a fight: 'It cost you 23 health, $1,500 and 40 units of
 * drugs.' (debt added by a chase: '$2,000 more debt'); 'It cost you nothing.' when it cost nothing.
 */
export function tollMessage(toll: EncounterToll): string {
  const parts: string[] = [];
  if (toll.health > 0) parts.push(`${toll.health} health`);
  if (toll.cash > 0) parts.push(formatMoney(toll.cash));
  if (toll.drugs > 0) parts.push(`${toll.drugs} ${toll.drugs === 1 ? 'unit' : 'units'} of drugs`);
  if (toll.debt > 0) parts.push(`${formatMoney(toll.debt)} more debt`);
  if (parts.length === 0) return 'It cost you nothing.';
  const list = parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)!}`;
  return `It cost you ${list}.`;
}

export const DEATH_REASONS = {
  police: 'You were killed by the cops.',
  gang: 'You were killed by a gang.',
  loanShark: "You were killed by the loan shark's goons.",
} as const;

/**
 * Escape odds: 70%, -8 points per living enemy after the first, -4 per danger level, -25 against the shark's
 * goons (they know where you live), -20 with a full coat (a heavy load slows you down); 10%..85%.
 */
export function escapeChance(livingEnemies: number, dangerLevel: number, type: Encounter['type'], heat = 0): number {
  const raw =
    0.7 -
    0.08 * Math.max(0, livingEnemies - 1) -
    0.04 * dangerLevel -
    (type === 'loanShark' ? GOON_ESCAPE_PENALTY : 0) -
    0.2 * (Math.min(100, Math.max(0, heat)) / 100);
  return Math.min(0.85, Math.max(0.1, raw));
}

/** What running from the goons costs when it works: the shark adds this share of the debt (at least $250). */
export const GOON_CHASE_FEE_RATE = 0.1;
export const GOON_CHASE_FEE_MIN = 250;
const GOON_ESCAPE_PENALTY = 0.2;

/** The chase fee the shark adds to a debt when the player outruns his goons. */
export function goonChaseFee(debt: number): number {
  return Math.max(GOON_CHASE_FEE_MIN, Math.round(debt * GOON_CHASE_FEE_RATE));
}

type EncounterActionInput = Extract<Action, { type: 'encounter' }>;

/**
 * What one action is building: the new state (a fresh copy of the input state that the steps fill in), its attack
 * result, its events and the encounter's running toll (a fresh copy the steps add to; stored on the continuing
 * encounter and in the attack result).
 */
interface Turn {
  next: GameState;
  attack: AttackResult;
  events: GameEvent[];
  toll: EncounterToll;
}

// ---------- small helpers ----------

/** An enemy still in the fight. */
export function isLiving(e: Pick<Enemy, 'isAlive' | 'health'>): boolean {
  return e.isAlive && e.health > 0;
}

function firstLivingIndex(enemies: readonly ClientEnemy[], from = 0): number {
  for (let i = Math.max(0, from); i < enemies.length; i++) if (isLiving(enemies[i]!)) return i;
  return -1;
}

function livingCount(enemies: readonly ClientEnemy[]): number {
  let n = 0;
  for (const e of enemies) if (isLiving(e)) n++;
  return n;
}

/** Integer damage within +-DAMAGE_SPREAD of `nominal`, at least 1. */
function rollDamage(rng: Rng, nominal: number): number {
  const low = Math.max(1, Math.round(nominal * (1 - DAMAGE_SPREAD)));
  const high = Math.max(low, Math.round(nominal * (1 + DAMAGE_SPREAD)));
  return rng.int(low, high);
}

function dangerAt(state: GameState): number {
  return dangerLevelOf(state.location);
}

/** The fight goes on with these changes to the encounter (a new encounter object). */
function continueWith(turn: Turn, enc: Encounter, combatLog: string[], turnOrder: Encounter['turnOrder'], currentEnemyIndex: number, round = enc.round): void {
  turn.next.encounter = updateEncounter(enc, { turnOrder, round, currentEnemyIndex, combatLog, toll: turn.toll });
}

function notAllowed(message: string): RuleError {
  return refuse('ACTION_NOT_ALLOWED', message);
}

function totalDrugs(p: Player): number {
  let units = 0;
  for (const id in p.inventory) units += p.inventory[id]!.quantity;
  return units;
}

// ---------- the player's weapon ----------

export interface PlayerWeapon {
  name: string;
  damage: number;
  accuracy: number;
  targetType: TargetType;
  /** Catalogue id when a real weapon fires, null for fists. */
  weaponId: string | null;
  ammoId: string | null;
  /** A log line explaining a fall-back to fists. */
  note: string | null;
  /** The name of the equipped gun when fists stand in for it because it is out of ammo, else null. */
  emptyGun: string | null;
}

function fists(note: string | null, emptyGun: string | null = null): PlayerWeapon {
  return {
    name: FISTS.name,
    damage: FISTS.damage,
    accuracy: FISTS.accuracy,
    targetType: 'single_target',
    weaponId: null,
    ammoId: null,
    note,
    emptyGun,
  };
}

/** The equipped weapon if it can be used now, else fists (with the reason for the combat log). */
export function playerWeapon(p: Player): PlayerWeapon {
  const id = p.equippedItems.weapon;
  if (!id) return fists(null);
  const weapon = WEAPON_BY_ID.get(id);
  if (!weapon || heldQuantity(p.weapons, id) <= 0) return fists('You reach for a weapon you no longer have. You fight with your fists.');
  if (weapon.ammoId && roundsOwned(p, weapon.ammoId) <= 0) {
    return fists(`Your ${weapon.name} is out of ammo! You fight with your fists.`, weapon.name);
  }
  return {
    name: weapon.name,
    damage: weapon.damage,
    accuracy: weapon.accuracy,
    targetType: weapon.targetType,
    weaponId: weapon.id,
    ammoId: weapon.ammoId,
    note: null,
    emptyGun: null,
  };
}

/** Protection of the equipped armor the player still owns (0 without). */
function armorProtection(p: Player): { name: string; protection: number } | null {
  const id = p.equippedItems.armor;
  if (!id || heldQuantity(p.items.armor, id) <= 0) return null;
  const armor = ARMOR_BY_ID.get(id);
  return armor ? { name: armor.name, protection: armor.protection } : null;
}

// ---------- targeting (SPEC.md section 4 "Targeting") ----------

/**
 * Checks the ids the client sent (each a living enemy of this encounter, no repeats, at most
 * MULTI_TARGET_LIMIT) and turns them into the enemy indices this weapon hits:
 * single_target the first chosen (default: the first living enemy); multi_target the chosen ones (default: the
 * first living, up to the limit); all_targets every living enemy. A single-target attack given several ids
 * (a multi-target gun that fell back to fists) hits the first.
 */
export function chooseTargets(enemies: readonly ClientEnemy[], targetType: TargetType, targetIds: unknown): number[] | RuleError {
  const chosen: number[] = [];
  if (targetIds !== undefined && targetIds !== null) {
    if (!Array.isArray(targetIds)) return refuse('INVALID_TARGET', 'Pick an enemy to attack.');
    if (targetIds.length > MULTI_TARGET_LIMIT) {
      return refuse('INVALID_TARGET', `You can target at most ${MULTI_TARGET_LIMIT} enemies.`);
    }
    for (const id of targetIds) {
      const index = typeof id === 'string' ? enemies.findIndex((e) => e.id === id) : -1;
      if (index < 0) return refuse('INVALID_TARGET', "That enemy isn't here.");
      const enemy = enemies[index]!;
      if (!isLiving(enemy)) return refuse('INVALID_TARGET', `${enemy.name} is already down.`);
      if (chosen.includes(index)) return refuse('INVALID_TARGET', `You picked ${enemy.name} twice.`);
      chosen.push(index);
    }
  }
  const livingIndices: number[] = [];
  for (let i = 0; i < enemies.length; i++) if (isLiving(enemies[i]!)) livingIndices.push(i);
  switch (targetType) {
    case 'single_target': {
      const index = chosen[0] ?? livingIndices[0];
      return index === undefined ? [] : [index];
    }
    case 'multi_target':
      return chosen.length > 0 ? chosen : livingIndices.slice(0, MULTI_TARGET_LIMIT);
    case 'all_targets':
      return livingIndices;
  }
}

// ---------- ending an encounter ----------

/** A loan-shark visit with canPay and paymentAmount for the player's cash and debt now (the same visit if unchanged). */
function withPaymentNow(visit: Encounter, p: Player): Encounter {
  const payment = visitPayment(p.cash, p.debt, visit.totalFees);
  if (payment.canPay === visit.canPay && payment.paymentAmount === visit.paymentAmount) return visit;
  return updateEncounter(visit, { canPay: payment.canPay, paymentAmount: payment.paymentAmount });
}

/**
 * Ends the current encounter (call after the step has set the player): a waiting one (pendingEncounter, e.g. a
 * loan-shark visit after a police fight) takes its place and is reported as the follow-up, in the attack result,
 * the events and the message, which is returned.
 */
function ending(turn: Turn, message: string): string {
  const next = turn.next;
  const waiting = next.pendingEncounter;
  next.pendingEncounter = null;
  if (!waiting) {
    next.encounter = null;
    return message;
  }
  // The fight before a visit may have changed the cash (reward, bribe, fine): 'You can pay' is what is on hand now.
  const follow = waiting.type === 'loanSharkVisit' ? withPaymentNow(waiting, next.player) : waiting;
  const isShark = follow.type === 'loanShark' || follow.type === 'loanSharkVisit';
  const event: GameEvent = {
    message: follow.message,
    type: follow.type === 'loanSharkVisit' ? 'warning' : 'danger',
    category: isShark ? 'loan_shark' : 'combat',
    encounter: follow,
  };
  if (isShark && follow.visitNumber > 0) event.soundEffect = loanSharkSound(follow.visitNumber);
  next.encounter = follow;
  turn.attack.followUpEncounter = follow;
  turn.attack.followUpEvent = event;
  turn.events.push(event);
  return `${message} But wait... ${follow.message}`;
}

// ---------- fight: the player's turn ----------

function playerTurn(state: GameState, enc: Encounter, targetIds: unknown, rng: Rng, turn: Turn): string | RuleError {
  const p = state.player;
  const weapon = playerWeapon(p);
  const targets = chooseTargets(enc.enemies, weapon.targetType, targetIds);
  if (!Array.isArray(targets)) return targets;

  const lines: string[] = [];
  if (weapon.note) lines.push(weapon.note);
  const enemies = enc.enemies.slice();
  const results: AttackResultItem[] = [];
  let kills = 0;
  const using = weapon.weaponId ? `your ${weapon.name}` : 'your fists';
  for (const index of targets) {
    const enemy = enemies[index]!;
    if (rng.chance(weapon.accuracy)) {
      const damage = rollDamage(rng, weapon.damage);
      const health = Math.max(0, enemy.health - damage);
      enemies[index] = updateEnemy(enemy, health === 0 ? { health, isAlive: false } : { health });
      results.push({ targetId: enemy.id, damage, wasMiss: false });
      lines.push(`You hit ${enemy.name} for ${damage} damage with ${using}.`);
      if (health === 0) {
        kills++;
        lines.push(`${enemy.name} goes down!`);
      }
    } else {
      results.push({ targetId: enemy.id, damage: 0, wasMiss: true });
      lines.push(`You missed ${enemy.name}.`);
    }
  }

  // Spend what the attack used: a round of ammo for a gun, the grenade itself for a grenade.
  const player: Player = { ...p };
  if (weapon.ammoId) {
    const left = roundsOwned(p, weapon.ammoId) - 1;
    let ammo: Record<string, number>;
    if (left > 0) ammo = { ...p.items.ammo, [weapon.ammoId]: left };
    else {
      ammo = omitKey(p.items.ammo, weapon.ammoId);
      lines.push(`That was your last round for the ${weapon.name}.`);
    }
    player.items = { ...p.items, ammo };
  }
  if (weapon.weaponId === 'grenade') {
    const left = heldQuantity(p.weapons, 'grenade') - 1;
    player.weapons = setHeld(p.weapons, 'grenade', left);
    if (left <= 0) {
      player.equippedItems = { ...p.equippedItems, weapon: null };
      lines.push('That was your last grenade.');
    }
  }
  if (enc.type === 'police') player.copsKilled = p.copsKilled + kills;

  turn.attack.attackResults = results;
  if (livingCount(enemies) === 0) {
    const reward = enc.reward?.cash ?? 0;
    player.cash = p.cash + reward;
    turn.next.player = settle(player);
    let message = victoryMessage(reward);
    if (enc.type === 'loanShark') message += ` ${sharkNameOf(state)} still wants the money.`;
    turn.attack.victory = true;
    turn.attack.reward = reward;
    lines.push(message);
    return ending(turn, lines.join(' '));
  }
  turn.next.player = settle(player);
  turn.next.encounter = updateEncounter(enc, {
    enemies,
    turnOrder: 'enemy',
    currentEnemyIndex: firstLivingIndex(enemies),
    combatLog: [...enc.combatLog, ...lines],
    toll: turn.toll,
  });
  return lines.join(' ');
}

// ---------- fight: one enemy's turn ----------

function enemyTurn(state: GameState, enc: Encounter, rng: Rng, turn: Turn): string {
  let index = firstLivingIndex(enc.enemies, enc.currentEnemyIndex);
  if (index < 0) index = firstLivingIndex(enc.enemies);
  const p = state.player;
  if (index < 0) {
    // Nobody left standing on the enemy's turn (only reachable from a hand-made state): the turn passes back.
    turn.attack.attackResults = [];
    continueWith(turn, enc, enc.combatLog, 'player', 0, enc.round + 1);
    return 'Your turn.';
  }
  const enemy = enc.enemies[index]!;
  let damage = 0;
  let line: string;
  if (rng.chance(enemy.accuracy)) {
    const armor = armorProtection(p);
    damage = Math.max(1, rollDamage(rng, enemy.damage) - (armor?.protection ?? 0));
    line = `${enemy.name} hits you for ${damage} damage!`;
  } else {
    line = `${enemy.name} misses you!`;
  }
  const health = Math.max(0, p.health - damage);
  const attack = turn.attack;
  attack.attackResults = [{ targetId: PLAYER_TARGET_ID, damage, wasMiss: damage === 0 }];
  attack.playerDamage = -damage;
  attack.playerDead = health === 0;
  turn.toll.health += Math.min(damage, p.health);
  const next = turn.next;
  if (health === 0) {
    // The killers empty your pockets: only what is in the bank is left to score.
    const looted = Math.max(0, p.cash);
    turn.toll.cash += looted;
    next.player = settle(p, { health, cash: p.cash - looted });
    next.gameOver = true;
    next.gameOverReason = enc.type === 'loanSharkVisit' ? DEATH_REASONS.loanShark : DEATH_REASONS[enc.type];
    next.encounter = null;
    next.pendingEncounter = null;
    return looted > 0 ? `${line} ${KILLED_MESSAGE} They took ${formatMoney(looted)} off your body.` : `${line} ${KILLED_MESSAGE}`;
  }
  next.player = settle(p, { health });
  const log = [...enc.combatLog, line];
  const following = firstLivingIndex(enc.enemies, index + 1);
  if (following >= 0) continueWith(turn, enc, log, enc.turnOrder, following);
  else continueWith(turn, enc, log, 'player', firstLivingIndex(enc.enemies), enc.round + 1);
  return line;
}

// ---------- escape, bribe, surrender ----------

/**
 * Running. It gets harder with every enemy, the city's danger, a heavy load and against the shark's goons. Getting
 * away has a price: the shark adds a chase fee to the debt; with drugs on you, the more you carry the likelier
 * you drop 10-30% of your biggest stack on the way.
 */
function escape(state: GameState, enc: Encounter, rng: Rng, turn: Turn): string {
  const p = state.player;
  const heat = heatOf(p);
  const chance = escapeChance(livingCount(enc.enemies), dangerAt(state), enc.type, heat);
  if (rng.chance(chance)) {
    turn.attack.escaped = true;
    if (enc.type === 'loanShark') {
      const fee = goonChaseFee(p.debt);
      turn.toll.debt += fee;
      turn.next.player = settle(p, { debt: p.debt + fee });
      return ending(turn, `${ESCAPE_SUCCESS_MESSAGE} ${sharkNameOf(state)} adds ${formatMoney(fee)} to your debt for the chase.`);
    }
    if (heat > 0 && rng.chance(heat / 100)) {
      let biggest = '';
      for (const id in p.inventory) if (biggest === '' || p.inventory[id]!.quantity > p.inventory[biggest]!.quantity) biggest = id;
      const held = p.inventory[biggest]!.quantity;
      const dropped = Math.max(1, Math.floor((held * rng.int(10, 30)) / 100));
      turn.toll.drugs += dropped;
      turn.next.player = settle(p, { inventory: removeUnits(p.inventory, biggest, dropped).inventory });
      const name = DRUG_BY_ID.get(biggest)?.name ?? biggest;
      return ending(turn, `${ESCAPE_SUCCESS_MESSAGE} But you dropped ${dropped} ${name} on the way.`);
    }
    return ending(turn, ESCAPE_SUCCESS_MESSAGE);
  }
  const message = `${FAILED_ESCAPE_MESSAGE} They cut you off.`;
  turn.attack.success = false;
  continueWith(turn, enc, [...enc.combatLog, message], 'enemy', firstLivingIndex(enc.enemies));
  return message;
}

function bribe(state: GameState, enc: Encounter, turn: Turn): string | RuleError {
  if (enc.type !== 'police' || !enc.canBribe) return notAllowed("They can't be bribed.");
  const cost = enc.bribeCost;
  if (cost > state.player.cash) return refuse('INSUFFICIENT_FUNDS', `You can't afford the ${formatMoney(cost)} bribe!`);
  turn.next.player = settle(state.player, { cash: state.player.cash - cost });
  turn.toll.cash += cost;
  turn.attack.bribed = true;
  turn.attack.bribeAmount = cost;
  return ending(turn, bribeMessage(cost));
}

/**
 * Giving up. The police confiscate every drug you carry and, half the time, fine you 10-30% of your cash.
 * A gang takes every drug and 20-50% of your cash. The shark's goons take all your cash toward the debt (fees
 * were for visits; this is collection) and rough you up for 10-25 health, never below 1.
 */
function surrender(state: GameState, enc: Encounter, rng: Rng, turn: Turn): string {
  const p = state.player;
  const player: Player = { ...p };
  let details: string;
  if (enc.type === 'loanShark') {
    const taken = Math.min(p.cash, p.debt);
    const beating = Math.min(rng.int(10, 25), Math.max(0, p.health - 1));
    player.cash = p.cash - taken;
    player.debt = p.debt - taken;
    player.health = p.health - beating;
    turn.toll.health += beating;
    if (player.debt === 0) player.loanShark = null;
    details =
      (taken > 0 ? `The goons took ${formatMoney(taken)} toward your debt and roughed you up` : 'The goons found no cash on you and roughed you up') +
      (player.debt === 0 ? '. You are square with the shark.' : `. You still owe ${formatMoney(player.debt)}.`);
  } else {
    const units = totalDrugs(p);
    player.inventory = {};
    const fine =
      enc.type === 'police'
        ? rng.chance(0.5)
          ? Math.floor((p.cash * rng.int(10, 30)) / 100)
          : 0
        : Math.floor((p.cash * rng.int(20, 50)) / 100);
    player.cash = p.cash - fine;
    turn.toll.cash += fine;
    turn.toll.drugs += units;
    const who = enc.type === 'police' ? 'The cops' : 'The gang';
    const drugs = units > 0 ? `${who} took all your drugs (${units} units)` : `${who} found no drugs on you`;
    const cash = fine > 0 ? (enc.type === 'police' ? ` and fined you ${formatMoney(fine)}` : ` and ${formatMoney(fine)} of your cash`) : '';
    details = `${drugs}${cash}.`;
  }
  turn.next.player = settle(player);
  if (player.debt === 0 && p.debt > 0) turn.next.loanSharkVisits = 0;
  turn.attack.surrendered = true;
  return ending(turn, `${SURRENDER_MESSAGE} ${details}`);
}

// ---------- loan-shark visit: pay, skip ----------

/**
 * Pays the shark what the player can: min(cash, debt + fees). Fees are paid first, then the debt; fees the
 * player could not cover are waived (the shark takes what you have and leaves), so a partial payment never
 * raises the debt. Any payment ends the visit.
 */
function pay(state: GameState, enc: Encounter, turn: Turn): string | RuleError {
  const p = state.player;
  if (p.cash <= 0) return refuse('INSUFFICIENT_FUNDS', "You don't have any cash to pay with!");
  const name = sharkNameOf(state);
  const fees = Math.max(0, enc.totalFees);
  const amount = Math.min(p.cash, p.debt + fees);
  const feesPaid = Math.min(amount, fees);
  const debtPaid = amount - feesPaid;
  const debt = Math.max(0, p.debt - debtPaid);
  const cleared = debt === 0;
  turn.next.player = settle(p, { cash: p.cash - amount, debt, loanShark: cleared ? null : p.loanShark });
  if (cleared) turn.next.loanSharkVisits = 0;
  const message = cleared
    ? `You paid ${name} ${formatMoney(amount)}. "Pleasure doing business with you." You're debt free!`
    : `You paid ${name} ${formatMoney(amount)}. You still owe ${formatMoney(debt)}.`;
  return ending(turn, message);
}

function skip(state: GameState, enc: Encounter, turn: Turn): string | RuleError {
  if (!enc.canSkip || enc.visitNumber > LAST_SKIPPABLE_VISIT) return notAllowed('He is not leaving without his money.');
  const name = sharkNameOf(state);
  const warnings = [
    `${name}: "Tomorrow, then. Don't make me come looking for you."`,
    `${name}: "My patience is running out. And so is your time."`,
    `${name}: "Fine. Next time I'm bringing friends."`,
  ];
  return ending(turn, warnings[Math.min(warnings.length, Math.max(1, enc.visitNumber)) - 1]!);
}

// ---------- the entry point ----------

/** An attack result with nothing in it yet. */
function emptyAttack(): AttackResult {
  return {
    attackResults: [],
    victory: false,
    reward: 0,
    message: '',
    followUpEncounter: null,
    followUpEvent: null,
    success: true,
    escaped: false,
    surrendered: false,
    bribed: false,
    bribeAmount: 0,
    playerDamage: 0,
    playerDead: false,
    toll: NO_TOLL,
  };
}

const NO_TOLL: EncounterToll = Object.freeze({ health: 0, cash: 0, drugs: 0, debt: 0 });

function step(state: GameState, action: EncounterActionInput, rng: Rng, turn: Turn): string | RuleError {
  if (state.gameOver) return refuse('GAME_OVER', 'The game is over.');
  const enc = state.encounter;
  if (!enc) return notAllowed("There's nobody here.");
  const isVisit = enc.type === 'loanSharkVisit';
  switch (action.action) {
    case 'pay':
      return isVisit ? pay(state, enc, turn) : notAllowed("You're in a fight! There's nobody to pay.");
    case 'skip':
      return isVisit ? skip(state, enc, turn) : notAllowed("You're in a fight! You can't put this off.");
    case 'fight':
    case 'escape':
    case 'bribe':
    case 'surrender':
      break;
    default:
      return refuse('INVALID_INPUT', 'Unknown encounter action.');
  }
  if (isVisit) return notAllowed('Deal with the loan shark first: pay up or ask for more time.');
  if (enc.turnOrder === 'enemy') {
    return action.action === 'fight' ? enemyTurn(state, enc, rng, turn) : notAllowed('Wait for your turn!');
  }
  switch (action.action) {
    case 'fight':
      return playerTurn(state, enc, action.targetIds, rng, turn);
    case 'escape':
      return enc.canEscape ? escape(state, enc, rng, turn) : notAllowed("You can't run from this one!");
    case 'bribe':
      return bribe(state, enc, turn);
    case 'surrender':
      return enc.canSurrender ? surrender(state, enc, rng, turn) : notAllowed("They're not taking prisoners!");
  }
}

/**
 * Resolves one encounter action on state.encounter. Returns the whole ApplyOk (state, events, message and the
 * AttackResult) or a RuleError: ACTION_NOT_ALLOWED when the action does not fit the encounter or the turn,
 * INVALID_TARGET for unknown, dead, repeated or too many targets, GAME_OVER after death.
 */
export function resolveEncounter(state: GameState, action: EncounterActionInput, rng: Rng): ApplyResult {
  const was = state.encounter?.toll ?? NO_TOLL;
  const turn: Turn = {
    next: copyState(state),
    attack: emptyAttack(),
    events: [],
    toll: { health: was.health, cash: was.cash, drugs: was.drugs, debt: was.debt },
  };
  const message = step(state, action, rng, turn);
  if (typeof message !== 'string') return message;
  turn.attack.toll = turn.toll;
  turn.attack.message = message;
  storeFightStream(turn.next, rng);
  const next = setMachine(turn.next);
  return { ok: true, state: next, events: turn.events, message, attack: turn.attack };
}
