// Pure presentation rules of the encounter view (SPEC.md sections 2, 4 and 9). The server decides every
// combat outcome; these helpers only decide what the client shows and which request it sends.
import { MULTI_TARGET_LIMIT, formatMoney, type Encounter, type Enemy, type TargetType } from '@drugwars/engine';
import {
  COMBAT_DELAY_MS,
  DEATH_OVERLAY_DELAY_MS,
  ENEMY_HEALTH_BAR_MAX_PX,
  ENEMY_HEALTH_BAR_MIN_PX,
  SCREEN_SHAKE_WEAPONS,
  type CombatSpeed,
} from '../../constants';

/** A weapon as far as the encounter view cares (catalogue data from the server or the engine). */
export interface WeaponInfo {
  id: string;
  name: string;
  damage: number;
  targetType: TargetType;
}

/** Only weapons that hit harder than this are picked automatically (SPEC.md section 4, Targeting). */
export const AUTO_WEAPON_MIN_DAMAGE_EXCLUSIVE = 10;

/** Pixels of health bar per 100 max health (SPEC.md section 4: 60 plus 90 times min(maxHealth/100, 2)). */
export const HEALTH_BAR_PX_PER_100 = 90;

/**
 * Enemy health bar width. SPEC.md gives both the formula 60 + 90 * min(maxHealth / 100, 2) and the range
 * 60 to 150 px; the formula alone reaches 240 px, so we apply it and clamp to the stated range.
 */
export function healthBarWidthPx(maxHealth: number): number {
  const factor = Math.min(Math.max(maxHealth, 0) / 100, 2);
  const width = ENEMY_HEALTH_BAR_MIN_PX + HEALTH_BAR_PX_PER_100 * factor;
  return Math.min(Math.max(width, ENEMY_HEALTH_BAR_MIN_PX), ENEMY_HEALTH_BAR_MAX_PX);
}

/** Delay before each enemy action on the enemy's turn. */
export function combatDelayMs(speed: CombatSpeed): number {
  return COMBAT_DELAY_MS[speed];
}

/** Delay between the death and the YOU'RE DEAD! overlay. */
export function deathOverlayDelayMs(speed: CombatSpeed): number {
  return speed === 'instant' ? 0 : DEATH_OVERLAY_DELAY_MS;
}

export function shakesScreen(weaponId: string | null | undefined): boolean {
  return weaponId != null && (SCREEN_SHAKE_WEAPONS as readonly string[]).includes(weaponId);
}

export function encounterTitle(encounter: Pick<Encounter, 'type'>): string {
  if (encounter.type === 'loanShark') return 'LOAN SHARK COMBAT!';
  if (encounter.type === 'loanSharkVisit') return 'LOAN SHARK VISIT!';
  return 'ENCOUNTER!';
}

/**
 * SPEC.md: 'You encounter {enemies} police officers/enemies!' or '{enemies} gang members attack!'.
 * Our reading: {enemies} is the number of enemies; police meet "police officers", loan-shark goons "enemies".
 */
export function encounterIntro(encounter: Pick<Encounter, 'type' | 'enemies'>): string {
  const count = encounter.enemies.length;
  if (encounter.type === 'gang') return `${count} gang members attack!`;
  if (encounter.type === 'police') return `You encounter ${count} police officers!`;
  return `You encounter ${count} enemies!`;
}

export function livingEnemies(enemies: readonly Enemy[]): Enemy[] {
  return enemies.filter((e) => e.isAlive && e.health > 0);
}

export function allEnemiesDead(enemies: readonly Enemy[]): boolean {
  return enemies.length > 0 && livingEnemies(enemies).length === 0;
}

/** Initials shown when an enemy sprite fails to load: 'Police Sergeant' -> 'PS'. */
export function enemyInitials(name: string): string {
  const letters = name
    .split(/[\s_-]+/)
    .filter((w) => w.length > 0)
    .map((w) => w[0]!.toUpperCase());
  return letters.slice(0, 2).join('') || '?';
}

/**
 * The weapon picked automatically: the owned weapon with the highest damage above 10, or null when the
 * player owns none (then the equipped weapon, if any, stays in use).
 */
export function chooseAutoWeapon(
  ownedWeapons: Record<string, { quantity: number }>,
  catalogue: readonly WeaponInfo[],
): WeaponInfo | null {
  let best: WeaponInfo | null = null;
  for (const weapon of catalogue) {
    const held = ownedWeapons[weapon.id];
    if (!held || held.quantity <= 0) continue;
    if (weapon.damage <= AUTO_WEAPON_MIN_DAMAGE_EXCLUSIVE) continue;
    if (!best || weapon.damage > best.damage) best = weapon;
  }
  return best;
}

/**
 * The weapon the player actually fights with, for display and targeting: the equipped one while it is still
 * held and, for guns, loaded; otherwise fists (the server makes the same fallback and says so in the log).
 */
export function weaponInHand(
  player: { equippedItems: { weapon: string | null }; weapons: Record<string, { quantity: number }>; items: { ammo: Record<string, number> } },
  catalogue: readonly (WeaponInfo & { ammoId?: string | null })[],
): { id: string | null; name: string; targetType: TargetType; outOfAmmo: boolean } {
  const fists = { id: null, name: 'Fists', targetType: 'single_target' as const, outOfAmmo: false };
  const id = player.equippedItems.weapon;
  const weapon = id ? catalogue.find((w) => w.id === id) : undefined;
  if (!weapon || (player.weapons[weapon.id]?.quantity ?? 0) <= 0) return fists;
  if (weapon.ammoId && (player.items.ammo[weapon.ammoId] ?? 0) <= 0) {
    return { ...fists, name: `Fists (${weapon.name} out of ammo)`, outOfAmmo: true };
  }
  return { id: weapon.id, name: weapon.name, targetType: weapon.targetType, outOfAmmo: false };
}

/**
 * The selection after clicking an enemy. Dead enemies, clicks outside the player's turn and a fourth
 * multi-target pick leave the selection unchanged.
 */
export function selectTarget(opts: {
  targetType: TargetType;
  selected: readonly string[];
  clickedId: string;
  enemies: readonly Enemy[];
  isPlayerTurn: boolean;
}): string[] {
  const { targetType, selected, clickedId, enemies, isPlayerTurn } = opts;
  const living = livingEnemies(enemies).map((e) => e.id);
  if (!isPlayerTurn || !living.includes(clickedId)) return [...selected];
  if (targetType === 'all_targets') return living;
  if (targetType === 'single_target') return [clickedId];
  if (selected.includes(clickedId)) return selected.filter((id) => id !== clickedId);
  if (selected.length >= MULTI_TARGET_LIMIT) return [...selected];
  return [...selected, clickedId];
}

/** The selection shown for the current weapon: dead targets drop out; all_targets covers every living enemy. */
export function effectiveSelection(opts: {
  targetType: TargetType;
  selected: readonly string[];
  enemies: readonly Enemy[];
}): string[] {
  const living = livingEnemies(opts.enemies).map((e) => e.id);
  if (opts.targetType === 'all_targets') return living;
  const kept = opts.selected.filter((id) => living.includes(id));
  if (opts.targetType === 'single_target') return kept.slice(0, 1);
  return kept.slice(0, MULTI_TARGET_LIMIT);
}

/**
 * The targetId sent with ATTACK: one id for single-target weapons, a list for the others. With nothing
 * selected a single-target weapon attacks the first living enemy. Null when no enemy is left.
 */
export function attackTargetId(opts: {
  targetType: TargetType;
  selected: readonly string[];
  enemies: readonly Enemy[];
}): string | string[] | null {
  const living = livingEnemies(opts.enemies).map((e) => e.id);
  if (living.length === 0) return null;
  const chosen = effectiveSelection(opts);
  if (opts.targetType === 'all_targets') return living;
  if (opts.targetType === 'single_target') return chosen[0] ?? living[0]!;
  // multi-target with nothing picked: the first three living, as the server would choose
  return chosen.length > 0 ? chosen : living.slice(0, MULTI_TARGET_LIMIT);
}

/**
 * VICTORY! text: the server's message with everything from 'But wait' on cut off (that part announces the
 * follow-up encounter, shown next); without a message, the reward line.
 */
export function victoryMessage(opts: { message: string | null | undefined; reward: number }): string {
  const raw = opts.message ?? '';
  const cut = raw.indexOf('But wait');
  const text = (cut >= 0 ? raw.slice(0, cut) : raw).trim();
  if (text !== '') return text;
  if (opts.reward > 0) return `You won! Found ${formatMoney(opts.reward)} on the bodies!`;
  return "You won! ...but you didn't get shit.";
}

export const ESCAPED_TEXT = 'You successfully escaped!';
export const FAILED_ESCAPE_TEXT = 'FAILED ESCAPE!';
export const SURRENDERED_TEXT = 'You surrendered and lost some items.';
export const DEAD_TEXT = 'You have been killed!';
export const MISS_TEXT = 'Miss!';

export function bribedText(amount: number): string {
  return `You successfully bribed them with ${formatMoney(amount)}.`;
}
