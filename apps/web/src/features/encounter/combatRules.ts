// What the encounter view shows and which request it sends (SPEC.md sections 2, 4 and 9). The server decides
// every combat outcome; the rules these lean on (the weapon in hand, default targets, who is still standing,
// the result texts) are the engine's own, imported from its public index.
import {
  FISTS,
  MULTI_TARGET_LIMIT,
  chooseTargets,
  introMessage,
  isLiving,
  playerWeapon,
  victoryMessage as engineVictoryMessage,
  type ClientEncounter,
  type ClientEnemy,
  type Player,
  type TargetType,
  type Weapon,
} from '@drugwars/engine';
import {
  COMBAT_DELAY_MS,
  DEATH_OVERLAY_DELAY_MS,
  ENEMY_HEALTH_BAR_MAX_PX,
  ENEMY_HEALTH_BAR_MIN_PX,
  SCREEN_SHAKE_WEAPONS,
  type CombatSpeed,
} from '../../constants';

/** A weapon as far as the automatic pick cares. */
export type WeaponInfo = Pick<Weapon, 'id' | 'name' | 'damage' | 'targetType'>;

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

export { encounterTitle } from '../../lib/encounterTitle';

/** The fight's intro line ('You encounter 3 police officers!'), as the engine words it for the enemies shown. */
export function encounterIntro(encounter: Pick<ClientEncounter, 'type' | 'enemies'>): string {
  return introMessage(encounter.type === 'loanSharkVisit' ? 'loanShark' : encounter.type, encounter.enemies.length);
}

export function livingEnemies(enemies: readonly ClientEnemy[]): ClientEnemy[] {
  return enemies.filter(isLiving);
}

export function allEnemiesDead(enemies: readonly ClientEnemy[]): boolean {
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

export interface WeaponInHand {
  /** Catalogue id, null for fists. */
  id: string | null;
  name: string;
  targetType: TargetType;
  outOfAmmo: boolean;
}

/**
 * The weapon the player fights with (the engine's playerWeapon), for display and targeting: fists stand in for
 * a gun that ran dry, and say which.
 */
export function weaponInHand(player: Player): WeaponInHand {
  const weapon = playerWeapon(player);
  return {
    id: weapon.weaponId,
    name: weapon.emptyGun ? `${FISTS.name} (${weapon.emptyGun} out of ammo)` : weapon.name,
    targetType: weapon.targetType,
    outOfAmmo: weapon.emptyGun !== null,
  };
}

/**
 * The selection after clicking an enemy. Dead enemies, clicks outside the player's turn and a fourth
 * multi-target pick leave the selection unchanged.
 */
export function selectTarget(opts: {
  targetType: TargetType;
  selected: readonly string[];
  clickedId: string;
  enemies: readonly ClientEnemy[];
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
  enemies: readonly ClientEnemy[];
}): string[] {
  const living = livingEnemies(opts.enemies).map((e) => e.id);
  if (opts.targetType === 'all_targets') return living;
  const kept = opts.selected.filter((id) => living.includes(id));
  if (opts.targetType === 'single_target') return kept.slice(0, 1);
  return kept.slice(0, MULTI_TARGET_LIMIT);
}

/**
 * The targetId sent with ATTACK: one id for a single-target weapon, a list for a multi-target one (with nothing
 * selected, the enemies the engine would choose: chooseTargets); none (undefined) for a weapon that hits every
 * living enemy, which takes no pick (the engine refuses more than MULTI_TARGET_LIMIT ids, and a fight can have
 * more enemies than that). Null when no enemy is left.
 */
export function attackTargetId(opts: {
  targetType: TargetType;
  selected: readonly string[];
  enemies: readonly ClientEnemy[];
}): string | string[] | undefined | null {
  const chosen = effectiveSelection(opts);
  const picked = opts.targetType !== 'all_targets' && chosen.length > 0 ? chosen : undefined;
  const indices = chooseTargets(opts.enemies, opts.targetType, picked);
  if (!Array.isArray(indices) || indices.length === 0) return null;
  const ids = indices.map((i) => opts.enemies[i]!.id);
  if (opts.targetType === 'all_targets') return undefined;
  return opts.targetType === 'single_target' ? ids[0]! : ids;
}

/**
 * VICTORY! text: the server's message with everything from 'But wait' on cut off (that part announces the
 * follow-up encounter, shown next); without a message, the engine's reward line.
 */
export function victoryMessage(opts: { message: string | null | undefined; reward: number }): string {
  const raw = opts.message ?? '';
  const cut = raw.indexOf('But wait');
  const text = (cut >= 0 ? raw.slice(0, cut) : raw).trim();
  return text !== '' ? text : engineVictoryMessage(opts.reward);
}

/** Damage numbers show this for an attack that missed. */
export const MISS_TEXT = 'Miss!';
