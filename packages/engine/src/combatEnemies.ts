// Who you meet: the daily odds of a police or gang encounter, and the enemies of every fight (police, gangs,
// and the loan shark's goons). The odds and the size of a fight grow with the city's danger and with the
// player's heat (how full their coat is: the cargo draws attention), so a full coat through a 5-star city is a
// real gamble and an empty one is a fairly quiet trip. Enemy strength grows with the day and the city's danger;
// heavy cargo brings the tougher police (SWAT, DEA) sooner. Balanced with scripts' simulator (BALANCE.md).
import { LOCATION_BY_ID } from './catalogue';
import type { Rng } from './rng';
import type { Encounter, EncounterToll, EncounterType, Enemy, GameState, Player } from './types';

/** Daily chance of a police or gang encounter with nothing on you: 2% in a safe city, +3 points per danger level. */
export const ENCOUNTER_BASE_CHANCE = 0.02;
export const ENCOUNTER_CHANCE_PER_DANGER = 0.03;
/** What a full coat adds: 8 points, +6 per danger level (55% in all at danger 5, 19% at danger 1). */
export const CARGO_ENCOUNTER_CHANCE = 0.08;
export const CARGO_ENCOUNTER_CHANCE_PER_DANGER = 0.06;
/** Heat (percent of the coat full) from which a fight may bring one more enemy, and the tougher police. */
export const HEAVY_HEAT = 50;
/** Share of encounters that are police: cops patrol safe cities, gangs own the dangerous ones. */
export const POLICE_SHARE_BASE = 0.65;
export const POLICE_SHARE_PER_DANGER = 0.07;
/** Enemy damage grows by this fraction per danger level of the city. */
export const DAMAGE_PER_DANGER = 0.06;
/** Share of their damage enemies deal on day 1 (it grows to all of it by day 15). */
export const EARLY_DAMAGE_SHARE = 0.6;
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
  police_officer: { sprite: 'police_officer', title: 'Officer', baseHealth: 25, damage: 7, accuracy: 0.5 },
  police_sergeant: { sprite: 'police_sergeant', title: 'Sgt.', baseHealth: 35, damage: 9, accuracy: 0.55 },
  swat_officer: { sprite: 'swat_officer', title: 'SWAT', baseHealth: 50, damage: 14, accuracy: 0.6 },
  dea_agent: { sprite: 'dea_agent', title: 'Agent', baseHealth: 45, damage: 12, accuracy: 0.65 },
  police_chief: { sprite: 'police_chief', title: 'Chief', baseHealth: 60, damage: 12, accuracy: 0.6 },
  gang_member: { sprite: 'gang_member', title: '', baseHealth: 20, damage: 8, accuracy: 0.5 },
  gang_enforcer: { sprite: 'gang_enforcer', title: '', baseHealth: 35, damage: 11, accuracy: 0.55 },
  gang_leader: { sprite: 'gang_leader', title: '', baseHealth: 50, damage: 14, accuracy: 0.6 },
  loan_shark_goon: { sprite: 'loan_shark_goon', title: '', baseHealth: 45, damage: 13, accuracy: 0.65 },
  loan_shark_enforcer: { sprite: 'loan_shark_enforcer', title: '', baseHealth: 70, damage: 18, accuracy: 0.7 },
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

function dangerOf(state: Pick<GameState, 'location'>): number {
  return dangerLevelOf(state.location);
}

/** A city's danger level, 0-5 (0 for an unknown id). */
export function dangerLevelOf(locationId: string): number {
  const danger = LOCATION_BY_ID.get(locationId)?.dangerLevel ?? 0;
  return Math.min(5, Math.max(0, Math.round(danger)));
}

/**
 * Heat: how much attention the player's cargo draws, as the percent of their coat that is full (0-100). It is
 * what the cops and gangs smell: the odds of an encounter, its size and who shows up all grow with it.
 */
export function heatOf(p: Pick<Player, 'usedSpace' | 'coatSpace'>): number {
  if (p.coatSpace <= 0 || p.usedSpace <= 0) return 0;
  return Math.min(100, Math.round((100 * p.usedSpace) / p.coatSpace));
}

/** The enemy kinds of a fight: mostly rank and file, tougher kinds later in the game and when the cargo is heavy. */
function kindsFor(type: FightType, count: number, day: number, danger: number, heat: number, rng: Rng, visitNumber: number): KindId[] {
  const kinds: KindId[] = [];
  const heavy = heat >= HEAVY_HEAT;
  for (let i = 0; i < count; i++) {
    if (type === 'loanShark') {
      // From the fifth visit on, the shark sends an enforcer to lead the goons.
      kinds.push(i === 0 && visitNumber >= 5 ? 'loan_shark_enforcer' : 'loan_shark_goon');
    } else if (type === 'police') {
      // A big load is a big bust: the DEA and SWAT come for it sooner.
      const roll = rng.float();
      if (i === 0 && count >= 3 && day >= 10 && roll < 0.5) kinds.push('police_chief');
      else if ((day >= 20 || (heavy && day >= 12)) && roll < 0.3) kinds.push('dea_agent');
      else if ((day >= 15 || (heavy && day >= 6)) && danger >= 3 && roll < 0.45) kinds.push('swat_officer');
      else if ((day >= 8 || danger >= 3) && roll < 0.45) kinds.push('police_sergeant');
      else kinds.push('police_officer');
    } else {
      const roll = rng.float();
      if (i === 0 && count >= 3 && day >= 8 && roll < 0.5) kinds.push('gang_leader');
      else if ((day >= 8 || danger >= 4 || heavy) && roll < 0.4) kinds.push('gang_enforcer');
      else kinds.push('gang_member');
    }
  }
  return kinds;
}

/**
 * Enemies for a fight. Health grows by 1 every 2 days after the first and varies +-20%; damage grows with the
 * day (60% of it on day 1, all of it from day 15) and the city's danger; the shark's goons get 10% tougher and 5% harder-hitting with every visit after the fourth.
 * Ids are `${type}-${day}-${i}`.
 */
export function createEnemies(state: Pick<GameState, 'day' | 'location' | 'player'>, type: FightType, count: number, rng: Rng, visitNumber = 0): Enemy[] {
  const day = state.day;
  const danger = dangerOf(state);
  const kinds = kindsFor(type, count, day, danger, heatOf(state.player), rng, visitNumber);
  const names = pickDistinct(rng, type === 'police' ? COP_SURNAMES : type === 'gang' ? GANG_NAMES : GOON_NAMES, count);
  const extraVisits = type === 'loanShark' ? Math.max(0, visitNumber - 4) : 0;
  // Fresh off the bus the streets go easier on you: damage ramps from 60% on day 1 to full by day 15.
  const dayScale = EARLY_DAMAGE_SHARE + (1 - EARLY_DAMAGE_SHARE) * Math.min(1, Math.max(0, day - 1) / 14);
  const damageScale = dayScale * (1 + DAMAGE_PER_DANGER * danger) * (1 + 0.05 * extraVisits);
  return kinds.map((kindId, i) => {
    const kind: EnemyKind = KINDS[kindId];
    const base = (kind.baseHealth + Math.floor(Math.max(0, day - 1) / 2)) * (1 + 0.1 * extraVisits);
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
      damage: Math.round(kind.damage * damageScale),
      accuracy: kind.accuracy,
    };
  });
}

/** Daily encounter odds in a city of this danger level for a player with this heat (0-100, see heatOf). */
export function encounterChance(dangerLevel: number, heat = 0): number {
  const d = Math.min(5, Math.max(0, dangerLevel));
  const h = Math.min(100, Math.max(0, heat)) / 100;
  return ENCOUNTER_BASE_CHANCE + ENCOUNTER_CHANCE_PER_DANGER * d + h * (CARGO_ENCOUNTER_CHANCE + CARGO_ENCOUNTER_CHANCE_PER_DANGER * d);
}

/**
 * The odds of a police or gang encounter on arriving in `locationId` tonight (or sleeping there) with what the
 * player carries now: what the travel screens show beside each city.
 */
export function encounterRisk(state: Pick<GameState, 'player'>, locationId: string): number {
  return encounterChance(dangerLevelOf(locationId), heatOf(state.player));
}

/** How many enemies at most: 1, +1 per two danger levels, +1 per twelve days, +1 with heavy heat; capped at 4. */
export function maxEnemiesFor(day: number, dangerLevel: number, heat = 0): number {
  const heavy = heat >= HEAVY_HEAT ? 1 : 0;
  return Math.min(MAX_ENEMIES, Math.max(1, 1 + Math.floor(dangerLevel / 2) + Math.floor(Math.max(0, day - 1) / 12) + heavy));
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
    toll: noToll(),
  };
}

/** An encounter that has cost nothing yet. */
export function noToll(): EncounterToll {
  return { health: 0, cash: 0, drugs: 0, debt: 0 };
}

/** SPEC.md section 2's intro lines, with the singular for a lone enemy. */
export function introMessage(type: FightType, count: number): string {
  if (type === 'police') return count === 1 ? 'You encounter 1 police officer!' : `You encounter ${count} police officers!`;
  if (type === 'gang') return count === 1 ? '1 gang member attacks!' : `${count} gang members attack!`;
  return count === 1 ? 'You encounter 1 enemy!' : `You encounter ${count} enemies!`;
}

/**
 * Bribe price: $300 a cop plus $20 a day, or a tenth of the cash on you if that is more, plus a fifth of what
 * the load cost you (the cops want a cut of what they let through); rounded to $10.
 */
export function bribeCostFor(count: number, day: number, cash: number, loadCost = 0): number {
  const raw = Math.max(300 * count + 20 * day, cash * 0.1) + Math.max(0, loadCost) * 0.2;
  return Math.round(raw / 10) * 10;
}

/** What the drugs the player carries cost them. */
export function loadCostOf(p: Pick<Player, 'inventory'>): number {
  let cost = 0;
  for (const id in p.inventory) cost += p.inventory[id]!.totalCost;
  return cost;
}

/**
 * The daily roll after the player arrives somewhere (travel or stay). Returns a police or gang encounter, or
 * null. Uses the PRNG only through `rng`; the caller stores rng.state() back into the game state.
 */
export function rollEncounter(state: Pick<GameState, 'gameOver' | 'day' | 'location' | 'player'>, rng: Rng): Encounter | null {
  if (state.gameOver) return null;
  const danger = dangerOf(state);
  const heat = heatOf(state.player);
  if (!rng.chance(encounterChance(danger, heat))) return null;
  const type: FightType = rng.chance(POLICE_SHARE_BASE - POLICE_SHARE_PER_DANGER * danger) ? 'police' : 'gang';
  const count = rng.int(1, maxEnemiesFor(state.day, danger, heat));
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
    bribeCost: type === 'police' ? bribeCostFor(count, state.day, state.player.cash, loadCostOf(state.player)) : 0,
    rewardCash,
  });
}
