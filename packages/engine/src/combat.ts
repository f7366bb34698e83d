// Resolving encounter actions (SPEC.md section 4 "Combat turn flow" and "Targeting", DESIGN.md section 2):
// on the player's turn `fight` attacks with the equipped weapon; on the enemy's turn the client calls `fight`
// once per living enemy and each call resolves that one enemy's attack. Escape, bribe and surrender end a fight
// early; pay and skip answer a loan-shark visit. Pure: never throws, never mutates its input; all randomness
// comes from `rng`, whose advanced state is stored in the returned game state.
import { ARMOR_BY_ID, LOCATION_BY_ID, WEAPON_BY_ID } from './catalogue';
import { LAST_SKIPPABLE_VISIT, loanSharkSound, sharkNameOf, visitPayment } from './combatLoanShark';
import { MULTI_TARGET_LIMIT } from './constants';
import { formatMoney } from './format';
import { syncMachine } from './machine';
import type { Rng } from './rng';
import { heldQuantity, refuse, setHeld, withPlayer } from './state';
import type {
  Action,
  ApplyResult,
  AttackResult,
  AttackResultItem,
  Encounter,
  Enemy,
  GameEvent,
  GameState,
  Player,
  RuleError,
  TargetType,
} from './types';

export { createEnemies, encounterChance, ENEMY_SPRITES, maxEnemiesFor, rollEncounter } from './combatEnemies';
export { createLoanSharkVisit, LAST_SKIPPABLE_VISIT, loanSharkSound, visitFees, visitPayment } from './combatLoanShark';

/** Bare hands: what the player fights with when no weapon is equipped or a gun is out of ammo. */
export const FISTS = { name: 'Fists', damage: 8, accuracy: 0.85 } as const;
/** Damage rolls fall within +-20% of the nominal damage (rounded), never below 1. */
export const DAMAGE_SPREAD = 0.2;
/** The targetId an enemy's attack on the player carries in attackResults. */
export const PLAYER_TARGET_ID = 'player';

export const ESCAPE_SUCCESS_MESSAGE = 'You successfully escaped!';
export const VICTORY_NO_REWARD_MESSAGE = "You won! ...but you didn't get shit.";

export const DEATH_REASONS = {
  police: 'You were killed by the cops.',
  gang: 'You were killed by a gang.',
  loanShark: "You were killed by the loan shark's goons.",
} as const;

/** Escape odds: 70%, -8 points per living enemy after the first, -4 per danger level, -10 against goons; 20%..85%. */
export function escapeChance(livingEnemies: number, dangerLevel: number, type: Encounter['type']): number {
  const raw = 0.7 - 0.08 * Math.max(0, livingEnemies - 1) - 0.04 * dangerLevel - (type === 'loanShark' ? 0.1 : 0);
  return Math.min(0.85, Math.max(0.2, raw));
}

type EncounterActionInput = Extract<Action, { type: 'encounter' }>;

/** What one step produced before the common finishing (rng stored, state machine synced). */
interface Step {
  state: GameState;
  message: string;
  attack: Partial<AttackResult>;
  events: GameEvent[];
}

// ---------- small helpers ----------

function isLiving(e: Enemy): boolean {
  return e.isAlive && e.health > 0;
}

function firstLivingIndex(enemies: readonly Enemy[], from = 0): number {
  for (let i = Math.max(0, from); i < enemies.length; i++) if (isLiving(enemies[i]!)) return i;
  return -1;
}

function livingCount(enemies: readonly Enemy[]): number {
  return enemies.filter(isLiving).length;
}

/** Integer damage within +-DAMAGE_SPREAD of `nominal`, at least 1. */
function rollDamage(rng: Rng, nominal: number): number {
  const low = Math.max(1, Math.round(nominal * (1 - DAMAGE_SPREAD)));
  const high = Math.max(low, Math.round(nominal * (1 + DAMAGE_SPREAD)));
  return rng.int(low, high);
}

function dangerAt(state: GameState): number {
  return Math.min(5, Math.max(0, LOCATION_BY_ID.get(state.location)?.dangerLevel ?? 0));
}

function ammoOf(p: Player, ammoId: string): number {
  return Object.hasOwn(p.items.ammo, ammoId) ? (p.items.ammo[ammoId] ?? 0) : 0;
}

function withEncounter(state: GameState, encounter: Encounter): GameState {
  return { ...state, encounter };
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

interface PlayerWeapon {
  name: string;
  damage: number;
  accuracy: number;
  targetType: TargetType;
  /** Catalogue id when a real weapon fires, null for fists. */
  weaponId: string | null;
  ammoId: string | null;
  /** A log line explaining a fall-back to fists. */
  note: string | null;
}

function fists(note: string | null): PlayerWeapon {
  return { ...FISTS, targetType: 'single_target', weaponId: null, ammoId: null, note };
}

/** The equipped weapon if it can be used now, else fists (with the reason for the combat log). */
export function playerWeapon(p: Player): PlayerWeapon {
  const id = p.equippedItems.weapon;
  if (!id) return fists(null);
  const weapon = WEAPON_BY_ID.get(id);
  if (!weapon || heldQuantity(p.weapons, id) <= 0) return fists('You reach for a weapon you no longer have. You fight with your fists.');
  if (weapon.ammoId && ammoOf(p, weapon.ammoId) <= 0) {
    return fists(`Your ${weapon.name} is out of ammo! You fight with your fists.`);
  }
  return {
    name: weapon.name,
    damage: weapon.damage,
    accuracy: weapon.accuracy,
    targetType: weapon.targetType,
    weaponId: weapon.id,
    ammoId: weapon.ammoId,
    note: null,
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
export function chooseTargets(enemies: readonly Enemy[], targetType: TargetType, targetIds: unknown): number[] | RuleError {
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
  const livingIndices = enemies.flatMap((e, i) => (isLiving(e) ? [i] : []));
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

/**
 * Ends the current encounter: a waiting one (state.pendingEncounter, e.g. a loan-shark visit after a police
 * fight) takes its place and is reported as the follow-up.
 */
function closeEncounter(state: GameState): { state: GameState; followUp: Encounter | null; event: GameEvent | null } {
  const waiting = state.pendingEncounter;
  if (!waiting) return { state: { ...state, encounter: null, pendingEncounter: null }, followUp: null, event: null };
  // The fight before a visit may have changed the cash (reward, bribe, fine): 'You can pay' is what is on hand now.
  const next = waiting.type === 'loanSharkVisit' ? withPaymentNow(waiting, state.player) : waiting;
  const isShark = next.type === 'loanShark' || next.type === 'loanSharkVisit';
  const event: GameEvent = {
    message: next.message,
    type: next.type === 'loanSharkVisit' ? 'warning' : 'danger',
    category: isShark ? 'loan_shark' : 'combat',
    encounter: next,
  };
  if (isShark && next.visitNumber > 0) event.soundEffect = loanSharkSound(next.visitNumber);
  return { state: { ...state, encounter: next, pendingEncounter: null }, followUp: next, event };
}

/** A loan-shark visit with canPay and paymentAmount for the player's cash and debt now (the same visit if unchanged). */
function withPaymentNow(visit: Encounter, p: Player): Encounter {
  const payment = visitPayment(p.cash, p.debt, visit.totalFees);
  if (payment.canPay === visit.canPay && payment.paymentAmount === visit.paymentAmount) return visit;
  return { ...visit, canPay: payment.canPay, paymentAmount: payment.paymentAmount };
}

/** Closes the encounter and adds the follow-up (if any) to the step's result and message. */
function ending(state: GameState, message: string, attack: Partial<AttackResult>): Step {
  const closed = closeEncounter(state);
  return {
    state: closed.state,
    message: closed.followUp ? `${message} But wait... ${closed.followUp.message}` : message,
    attack: { ...attack, followUpEncounter: closed.followUp, followUpEvent: closed.event },
    events: closed.event ? [closed.event] : [],
  };
}

// ---------- fight: the player's turn ----------

function playerTurn(state: GameState, enc: Encounter, targetIds: unknown, rng: Rng): Step | RuleError {
  const p = state.player;
  const weapon = playerWeapon(p);
  const targets = chooseTargets(enc.enemies, weapon.targetType, targetIds);
  if (!Array.isArray(targets)) return targets;

  const log = [...enc.combatLog];
  const lines: string[] = [];
  if (weapon.note) lines.push(weapon.note);
  const enemies = enc.enemies.map((e) => ({ ...e }));
  const results: AttackResultItem[] = [];
  let kills = 0;
  const using = weapon.weaponId ? `your ${weapon.name}` : 'your fists';
  for (const index of targets) {
    const enemy = enemies[index]!;
    if (rng.chance(weapon.accuracy)) {
      const damage = rollDamage(rng, weapon.damage);
      enemy.health = Math.max(0, enemy.health - damage);
      results.push({ targetId: enemy.id, damage, wasMiss: false });
      lines.push(`You hit ${enemy.name} for ${damage} damage with ${using}.`);
      if (enemy.health === 0) {
        enemy.isAlive = false;
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
    const left = ammoOf(p, weapon.ammoId) - 1;
    const ammo = { ...p.items.ammo };
    if (left > 0) ammo[weapon.ammoId] = left;
    else {
      delete ammo[weapon.ammoId];
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

  const attackBase: Partial<AttackResult> = { attackResults: results, success: true };
  if (livingCount(enemies) === 0) {
    const reward = enc.reward?.cash ?? 0;
    player.cash = p.cash + reward;
    let message = reward > 0 ? `You won! Found ${formatMoney(reward)} on the bodies!` : VICTORY_NO_REWARD_MESSAGE;
    if (enc.type === 'loanShark') message += ` ${sharkNameOf(state)} still wants the money.`;
    log.push(...lines, message);
    const next = withEncounter(withPlayer(state, player), { ...enc, enemies, combatLog: log });
    return ending(next, [...lines, message].join(' '), { ...attackBase, victory: true, reward });
  }
  log.push(...lines);
  const encounter: Encounter = {
    ...enc,
    enemies,
    combatLog: log,
    turnOrder: 'enemy',
    currentEnemyIndex: firstLivingIndex(enemies),
  };
  return { state: withEncounter(withPlayer(state, player), encounter), message: lines.join(' '), attack: attackBase, events: [] };
}

// ---------- fight: one enemy's turn ----------

function enemyTurn(state: GameState, enc: Encounter, rng: Rng): Step {
  let index = firstLivingIndex(enc.enemies, enc.currentEnemyIndex);
  if (index < 0) index = firstLivingIndex(enc.enemies);
  const p = state.player;
  if (index < 0) {
    // Nobody left standing on the enemy's turn (only reachable from a hand-made state): the turn passes back.
    const encounter: Encounter = { ...enc, turnOrder: 'player', round: enc.round + 1, currentEnemyIndex: 0 };
    return { state: withEncounter(state, encounter), message: 'Your turn.', attack: { attackResults: [], success: true }, events: [] };
  }
  const enemy = enc.enemies[index]!;
  const log = [...enc.combatLog];
  let damage = 0;
  let line: string;
  if (rng.chance(enemy.accuracy)) {
    const armor = armorProtection(p);
    damage = Math.max(1, rollDamage(rng, enemy.damage) - (armor?.protection ?? 0));
    line = `${enemy.name} hits you for ${damage} damage!`;
  } else {
    line = `${enemy.name} misses you!`;
  }
  log.push(line);
  const health = Math.max(0, p.health - damage);
  const attack: Partial<AttackResult> = {
    attackResults: [{ targetId: PLAYER_TARGET_ID, damage, wasMiss: damage === 0 }],
    success: true,
    playerDamage: -damage,
    playerDead: health === 0,
  };
  if (health === 0) {
    const reason = enc.type === 'loanSharkVisit' ? DEATH_REASONS.loanShark : DEATH_REASONS[enc.type];
    const dead: GameState = {
      ...withPlayer(state, { ...p, health: 0 }),
      gameOver: true,
      gameOverReason: reason,
      encounter: null,
      pendingEncounter: null,
    };
    return { state: dead, message: `${line} You have been killed!`, attack, events: [] };
  }
  const next = firstLivingIndex(enc.enemies, index + 1);
  const encounter: Encounter =
    next >= 0
      ? { ...enc, combatLog: log, currentEnemyIndex: next }
      : { ...enc, combatLog: log, turnOrder: 'player', round: enc.round + 1, currentEnemyIndex: firstLivingIndex(enc.enemies) };
  return { state: withEncounter(withPlayer(state, { ...p, health }), encounter), message: line, attack, events: [] };
}

// ---------- escape, bribe, surrender ----------

function escape(state: GameState, enc: Encounter, rng: Rng): Step {
  const chance = escapeChance(livingCount(enc.enemies), dangerAt(state), enc.type);
  if (rng.chance(chance)) {
    const closing = withEncounter(state, { ...enc, combatLog: [...enc.combatLog, ESCAPE_SUCCESS_MESSAGE] });
    return ending(closing, ESCAPE_SUCCESS_MESSAGE, { escaped: true, success: true });
  }
  const message = 'FAILED ESCAPE! They cut you off.';
  const encounter: Encounter = {
    ...enc,
    combatLog: [...enc.combatLog, message],
    turnOrder: 'enemy',
    currentEnemyIndex: firstLivingIndex(enc.enemies),
  };
  return { state: withEncounter(state, encounter), message, attack: { escaped: false, success: false }, events: [] };
}

function bribe(state: GameState, enc: Encounter): Step | RuleError {
  if (enc.type !== 'police' || !enc.canBribe) return notAllowed("They can't be bribed.");
  const cost = enc.bribeCost;
  if (cost > state.player.cash) return notAllowed(`You can't afford the ${formatMoney(cost)} bribe!`);
  const message = `You successfully bribed them with ${formatMoney(cost)}.`;
  const paid = withPlayer(state, { ...state.player, cash: state.player.cash - cost });
  const closing = withEncounter(paid, { ...enc, combatLog: [...enc.combatLog, message] });
  return ending(closing, message, { bribed: true, bribeAmount: cost, success: true });
}

/**
 * Giving up. The police confiscate every drug you carry and, half the time, fine you 10-30% of your cash.
 * A gang takes every drug and 20-50% of your cash. The shark's goons take all your cash toward the debt (fees
 * were for visits; this is collection) and rough you up for 10-25 health, never below 1.
 */
function surrender(state: GameState, enc: Encounter, rng: Rng): Step {
  const p = state.player;
  const player: Player = { ...p };
  let details: string;
  if (enc.type === 'loanShark') {
    const taken = Math.min(p.cash, p.debt);
    const beating = Math.min(rng.int(10, 25), Math.max(0, p.health - 1));
    player.cash = p.cash - taken;
    player.debt = p.debt - taken;
    player.health = p.health - beating;
    if (player.debt === 0) player.loanShark = null;
    details =
      `The goons took ${formatMoney(taken)} toward your debt and roughed you up` +
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
    const who = enc.type === 'police' ? 'The cops' : 'The gang';
    const drugs = units > 0 ? `${who} took all your drugs (${units} units)` : `${who} found no drugs on you`;
    const cash = fine > 0 ? (enc.type === 'police' ? ` and fined you ${formatMoney(fine)}` : ` and ${formatMoney(fine)} of your cash`) : '';
    details = `${drugs}${cash}.`;
  }
  const message = `You surrendered and lost some items. ${details}`;
  let next = withPlayer(state, player);
  if (player.debt === 0 && p.debt > 0) next = { ...next, loanSharkVisits: 0 };
  const closing = withEncounter(next, { ...enc, combatLog: [...enc.combatLog, message] });
  return ending(closing, message, { surrendered: true, success: true });
}

// ---------- loan-shark visit: pay, skip ----------

/**
 * Pays the shark what the player can: min(cash, debt + fees). Fees are paid first, then the debt; fees the
 * player could not cover are waived (the shark takes what you have and leaves), so a partial payment never
 * raises the debt. Any payment ends the visit.
 */
function pay(state: GameState, enc: Encounter): Step | RuleError {
  const p = state.player;
  if (p.cash <= 0) return notAllowed("You don't have any cash to pay with!");
  const name = sharkNameOf(state);
  const fees = Math.max(0, enc.totalFees);
  const amount = Math.min(p.cash, p.debt + fees);
  const feesPaid = Math.min(amount, fees);
  const debtPaid = amount - feesPaid;
  const debt = Math.max(0, p.debt - debtPaid);
  const cleared = debt === 0;
  const player: Player = { ...p, cash: p.cash - amount, debt, loanShark: cleared ? null : p.loanShark };
  let next = withPlayer(state, player);
  if (cleared) next = { ...next, loanSharkVisits: 0 };
  const message = cleared
    ? `You paid ${name} ${formatMoney(amount)}. "Pleasure doing business with you." You're debt free!`
    : `You paid ${name} ${formatMoney(amount)}. You still owe ${formatMoney(debt)}.`;
  const closing = withEncounter(next, { ...enc, combatLog: [...enc.combatLog, message] });
  return ending(closing, message, { success: true });
}

function skip(state: GameState, enc: Encounter): Step | RuleError {
  if (!enc.canSkip || enc.visitNumber > LAST_SKIPPABLE_VISIT) return notAllowed('He is not leaving without his money.');
  const name = sharkNameOf(state);
  const warnings = [
    `${name}: "Tomorrow, then. Don't make me come looking for you."`,
    `${name}: "My patience is running out. And so is your time."`,
    `${name}: "Fine. Next time I'm bringing friends."`,
  ];
  const message = warnings[Math.min(warnings.length, Math.max(1, enc.visitNumber)) - 1]!;
  const closing = withEncounter(state, { ...enc, combatLog: [...enc.combatLog, message] });
  return ending(closing, message, { success: true });
}

// ---------- the entry point ----------

const EMPTY_ATTACK: AttackResult = {
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
};

function step(state: GameState, action: EncounterActionInput, rng: Rng): Step | RuleError {
  if (state.gameOver) return refuse('GAME_OVER', 'The game is over.');
  const enc = state.encounter;
  if (!enc) return notAllowed("There's nobody here.");
  const isVisit = enc.type === 'loanSharkVisit';
  switch (action.action) {
    case 'pay':
      return isVisit ? pay(state, enc) : notAllowed("You're in a fight! There's nobody to pay.");
    case 'skip':
      return isVisit ? skip(state, enc) : notAllowed("You're in a fight! You can't put this off.");
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
    return action.action === 'fight' ? enemyTurn(state, enc, rng) : notAllowed('Wait for your turn!');
  }
  switch (action.action) {
    case 'fight':
      return playerTurn(state, enc, action.targetIds, rng);
    case 'escape':
      return enc.canEscape ? escape(state, enc, rng) : notAllowed("You can't run from this one!");
    case 'bribe':
      return bribe(state, enc);
    case 'surrender':
      return enc.canSurrender ? surrender(state, enc, rng) : notAllowed("They're not taking prisoners!");
  }
}

/**
 * Resolves one encounter action on state.encounter. Returns the whole ApplyOk (state, events, message and the
 * AttackResult) or a RuleError: ACTION_NOT_ALLOWED when the action does not fit the encounter or the turn,
 * INVALID_TARGET for unknown, dead, repeated or too many targets, GAME_OVER after death.
 */
export function resolveEncounter(state: GameState, action: EncounterActionInput, rng: Rng): ApplyResult {
  const result = step(state, action, rng);
  if ('ok' in result) return result;
  const finished = syncMachine({ ...result.state, rng: rng.state() });
  const attack: AttackResult = { ...EMPTY_ATTACK, ...result.attack, message: result.message };
  return { ok: true, state: finished, events: result.events, message: result.message, attack };
}
