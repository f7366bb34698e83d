// Who you meet: the daily odds of a police or gang encounter, and the enemies of every fight (police, gangs,
// and the loan shark's goons). Enemy strength grows with the day and the city's danger so early fights are
// survivable with fists and late fights need real weapons. Balanced with scripts' simulator: a cautious
// player (runs, heals) should die in well under 5% of games.
import { LOCATION_BY_ID } from './catalogue';
import type { Rng } from './rng';
import type { Encounter, EncounterType, Enemy, GameState } from './types';

/** Daily chance of a police or gang encounter: 3% in a safe city, +5.4 points per danger level (30% at 5). */
export const ENCOUNTER_BASE_CHANCE = 0.03;
export const ENCOUNTER_CHANCE_PER_DANGER = 0.054;
/** Share of encounters that are police: cops patrol safe cities, gangs own the dangerous ones. */
export const POLICE_SHARE_BASE = 0.65;
export const POLICE_SHARE_PER_DANGER = 0.07;
export const MAX_ENEMIES = 4;

type FightType = Exclude<EncounterType, 'loanSharkVisit'>;

/** An enemy kind: the sprite (a PNG under /sprites/enemies/), a title for names, and its base numbers. */
interface EnemyKind {
  sprite: string;
  title: string;
  baseHealth: number;
  damage: number;
  accuracy: number;
}

const KINDS = {
  police_officer: { sprite: 'police_officer', title: 'Officer', baseHealth: 25, damage: 5, accuracy: 0.45 },
  police_sergeant: { sprite: 'police_sergeant', title: 'Sgt.', baseHealth: 35, damage: 7, accuracy: 0.5 },
  swat_officer: { sprite: 'swat_officer', title: 'SWAT', baseHealth: 50, damage: 10, accuracy: 0.55 },
  dea_agent: { sprite: 'dea_agent', title: 'Agent', baseHealth: 45, damage: 9, accuracy: 0.6 },
  police_chief: { sprite: 'police_chief', title: 'Chief', baseHealth: 60, damage: 9, accuracy: 0.55 },
  gang_member: { sprite: 'gang_member', title: '', baseHealth: 20, damage: 6, accuracy: 0.45 },
  gang_enforcer: { sprite: 'gang_enforcer', title: '', baseHealth: 35, damage: 8, accuracy: 0.5 },
  gang_leader: { sprite: 'gang_leader', title: '', baseHealth: 50, damage: 10, accuracy: 0.55 },
  loan_shark_goon: { sprite: 'loan_shark_goon', title: '', baseHealth: 40, damage: 8, accuracy: 0.55 },
  loan_shark_enforcer: { sprite: 'loan_shark_enforcer', title: '', baseHealth: 60, damage: 11, accuracy: 0.6 },
} as const satisfies Record<string, EnemyKind>;

type KindId = keyof typeof KINDS;

/** Every sprite name the engine can put on an Enemy (scripts/src/generateSprites.ts draws each one). */
export const ENEMY_SPRITES: readonly string[] = Object.values(KINDS).map((k) => k.sprite);

const COP_SURNAMES = ['Hardass', 'Malone', 'Krupke', 'Dibble', 'Murphy', 'Callahan', 'Riggs', 'Crockett', 'Tubbs', 'Kojak', 'Baretta', 'Serpico'];
const GANG_NAMES = ['Lil Smoke', 'Big Tony', 'Razor', 'Snake', 'Tiny', 'Spider', 'Ghost', 'Dice', 'Loco', 'Shorty', 'Scar', 'Chains'];
const GOON_NAMES = ['Big Sal', 'Paulie', 'Joey Two-Times', 'Knuckles', 'Frankie Fingers', 'Vito', 'The Ox', 'Meatball', 'Louie', 'Nicky Bats'];

/** k distinct items of a list, in random order (partial Fisher-Yates on a copy). */
function pickDistinct<T>(rng: Rng, items: readonly T[], k: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  for (let i = 0; i < k && pool.length > 0; i++) {
    const j = rng.int(0, pool.length - 1);
    out.push(pool[j]!);
    pool[j] = pool[pool.length - 1]!;
    pool.pop();
  }
  return out;
}

function dangerOf(state: GameState): number {
  const danger = LOCATION_BY_ID.get(state.location)?.dangerLevel ?? 0;
  return Math.min(5, Math.max(0, Math.round(danger)));
}

/** The enemy kinds of a fight: mostly rank and file, tougher kinds once the game has gone on a while. */
function kindsFor(type: FightType, count: number, day: number, danger: number, rng: Rng, visitNumber: number): KindId[] {
  const kinds: KindId[] = [];
  for (let i = 0; i < count; i++) {
    if (type === 'loanShark') {
      // From the fifth visit on, the shark sends an enforcer to lead the goons.
      kinds.push(i === 0 && visitNumber >= 5 ? 'loan_shark_enforcer' : 'loan_shark_goon');
    } else if (type === 'police') {
      const roll = rng.float();
      if (i === 0 && count >= 3 && day >= 10 && roll < 0.5) kinds.push('police_chief');
      else if (day >= 20 && roll < 0.3) kinds.push('dea_agent');
      else if (day >= 15 && danger >= 4 && roll < 0.4) kinds.push('swat_officer');
      else if ((day >= 8 || danger >= 3) && roll < 0.35) kinds.push('police_sergeant');
      else kinds.push('police_officer');
    } else {
      const roll = rng.float();
      if (i === 0 && count >= 3 && day >= 8 && roll < 0.5) kinds.push('gang_leader');
      else if ((day >= 8 || danger >= 4) && roll < 0.35) kinds.push('gang_enforcer');
      else kinds.push('gang_member');
    }
  }
  return kinds;
}

/** Enemies for a fight. Health grows by 1 every 2 days after the first and varies +-20%; ids are `${type}-${day}-${i}`. */
export function createEnemies(state: GameState, type: FightType, count: number, rng: Rng, visitNumber = 0): Enemy[] {
  const day = state.day;
  const kinds = kindsFor(type, count, day, dangerOf(state), rng, visitNumber);
  const names = pickDistinct(rng, type === 'police' ? COP_SURNAMES : type === 'gang' ? GANG_NAMES : GOON_NAMES, count);
  return kinds.map((kindId, i) => {
    const kind: EnemyKind = KINDS[kindId];
    const base = kind.baseHealth + Math.floor(Math.max(0, day - 1) / 2);
    const maxHealth = Math.max(1, Math.round(base * (0.8 + 0.4 * rng.float())));
    const personal = names[i] ?? `#${i + 1}`;
    const name = kind.title ? `${kind.title} ${personal}` : personal;
    return {
      id: `${type}-${day}-${i}`,
      name,
      sprite: kind.sprite,
      health: maxHealth,
      maxHealth,
      isAlive: true,
      damage: kind.damage,
      accuracy: kind.accuracy,
    };
  });
}

/** Daily encounter odds in a city of this danger level. */
export function encounterChance(dangerLevel: number): number {
  return ENCOUNTER_BASE_CHANCE + ENCOUNTER_CHANCE_PER_DANGER * Math.min(5, Math.max(0, dangerLevel));
}

/** How many enemies at most: 1, +1 per two danger levels, +1 per ten days; capped at 4. */
export function maxEnemiesFor(day: number, dangerLevel: number): number {
  return Math.min(MAX_ENEMIES, Math.max(1, 1 + Math.floor(dangerLevel / 2) + Math.floor(Math.max(0, day - 1) / 10)));
}

/** A fresh fight encounter (no visit fields). */
export function fightEncounter(opts: {
  type: FightType;
  enemies: Enemy[];
  message: string;
  canBribe: boolean;
  bribeCost: number;
  rewardCash: number;
  debtAmount?: number;
  visitNumber?: number;
}): Encounter {
  return {
    type: opts.type,
    enemies: opts.enemies,
    message: opts.message,
    turnOrder: 'player',
    round: 1,
    currentEnemyIndex: 0,
    combatLog: [opts.message],
    canEscape: true,
    canBribe: opts.canBribe,
    canSurrender: true,
    bribeCost: opts.bribeCost,
    reward: { cash: opts.rewardCash },
    debtAmount: opts.debtAmount ?? 0,
    totalFees: 0,
    feeDetails: [],
    canPay: false,
    paymentAmount: opts.debtAmount ?? 0,
    canSkip: false,
    visitNumber: opts.visitNumber ?? 0,
  };
}

/** SPEC.md section 2's intro lines, with the singular for a lone enemy. */
export function introMessage(type: FightType, count: number): string {
  if (type === 'police') return count === 1 ? 'You encounter 1 police officer!' : `You encounter ${count} police officers!`;
  if (type === 'gang') return count === 1 ? '1 gang member attacks!' : `${count} gang members attack!`;
  return count === 1 ? 'You encounter 1 enemy!' : `You encounter ${count} enemies!`;
}

/** Bribe price: $300 a cop plus $20 a day, or a tenth of the cash on you if that is more; rounded to $10. */
export function bribeCostFor(count: number, day: number, cash: number): number {
  const raw = Math.max(300 * count + 20 * day, cash * 0.1);
  return Math.round(raw / 10) * 10;
}

/**
 * The daily roll after the player arrives somewhere (travel or stay). Returns a police or gang encounter, or
 * null. Uses the PRNG only through `rng`; the caller stores rng.state() back into the game state.
 */
export function rollEncounter(state: GameState, rng: Rng): Encounter | null {
  if (state.gameOver) return null;
  const danger = dangerOf(state);
  if (!rng.chance(encounterChance(danger))) return null;
  const type: FightType = rng.chance(POLICE_SHARE_BASE - POLICE_SHARE_PER_DANGER * danger) ? 'police' : 'gang';
  const count = rng.int(1, maxEnemiesFor(state.day, danger));
  const enemies = createEnemies(state, type, count, rng);
  // Cops sometimes carry nothing worth taking; gang members always have some street cash. Both grow with the day.
  const dayFactor = 1 + state.day / 15;
  let rewardCash: number;
  if (type === 'police') rewardCash = rng.chance(0.5) ? 0 : Math.round(rng.int(50, 300) * count * dayFactor);
  else rewardCash = Math.round(rng.int(100, 500) * count * dayFactor);
  return fightEncounter({
    type,
    enemies,
    message: introMessage(type, count),
    canBribe: type === 'police',
    bribeCost: type === 'police' ? bribeCostFor(count, state.day, state.player.cash) : 0,
    rewardCash,
  });
}
