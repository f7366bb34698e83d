// Copies of the records every action rebuilds, each written as one object literal instead of a spread.
//
// Why: Node 20's V8 copies an object that was itself made by a spread through a slow generic path, and here
// every state, player, encounter, enemy and history is a copy of a copy. Written as spreads these copies cost
// more than the rules, and the engine fell far under its floor of 2,000 greedy games a second (`npm run
// simulate`). The same goes for the price rows (120 prices a day): built by keyed stores, or read by keyed
// lookups, they cost several times a literal's named fields.
//
// Everything else in the engine copies with spreads. The compiler checks that each literal names every field
// of its type; golden.test.ts checks their key order, which is the order a state is stored and hashed in.
import { DRUGS, LOCATIONS } from './catalogue';
import type { Drug, Encounter, Enemy, GameHistory, GameState, Location, Player } from './types';

/** The state with some fields changed (a new object; `state` is left as it is). */
export function update(state: GameState, changes: Partial<GameState>): GameState {
  return Object.assign(copyState(state), changes);
}

/**
 * A new copy of the state for the caller to fill in before it returns it: for a builder of many steps (an encounter
 * action), one copy instead of one update per step.
 */
export function copyState(s: GameState): GameState {
  const copy: GameState = {
    rulesVersion: s.rulesVersion,
    day: s.day,
    maxDays: s.maxDays,
    location: s.location,
    gameOver: s.gameOver,
    gameOverReason: s.gameOverReason,
    isSeeded: s.isSeeded,
    formattedSeed: s.formattedSeed,
    prices: s.prices,
    worldPrices: s.worldPrices,
    worldPricesDay: s.worldPricesDay,
    marketInfo: s.marketInfo,
    encounter: s.encounter,
    pendingEncounter: s.pendingEncounter,
    currentState: s.currentState,
    allowedActions: s.allowedActions,
    stateMetadata: s.stateMetadata,
    stateMachine: s.stateMachine,
    gameHistory: s.gameHistory,
    shipments: s.shipments,
    player: s.player,
    seed: s.seed,
    rng: s.rng,
    cityPrices: s.cityPrices,
    loanSharkVisits: s.loanSharkVisits,
    nextId: s.nextId,
  };
  // Only a Daily Run has one (streams.ts); every other state keeps its stored bytes.
  if (s.luck) copy.luck = s.luck;
  return copy;
}

/** The player with some fields changed (derived fields as they were: state.ts's settle recomputes them). */
export function updatePlayer(p: Player, changes: Partial<Player>): Player {
  const copy: Player = {
    name: p.name,
    cash: p.cash,
    bank: p.bank,
    debt: p.debt,
    health: p.health,
    score: p.score,
    day: p.day,
    maxDays: p.maxDays,
    location: p.location,
    usedSpace: p.usedSpace,
    coatSpace: p.coatSpace,
    rank: p.rank,
    loanShark: p.loanShark,
    inventory: p.inventory,
    stash: p.stash,
    currentStash: p.currentStash,
    weapons: p.weapons,
    items: p.items,
    equippedItems: p.equippedItems,
    drugsSold: p.drugsSold,
    copsKilled: p.copsKilled,
  };
  return Object.assign(copy, changes);
}

/** The encounter with some fields changed. */
export function updateEncounter(e: Encounter, changes: Partial<Encounter>): Encounter {
  const copy: Encounter = {
    type: e.type,
    enemies: e.enemies,
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
    toll: e.toll,
  };
  return Object.assign(copy, changes);
}

/** The enemy with some fields changed. */
export function updateEnemy(e: Enemy, changes: Partial<Enemy>): Enemy {
  const copy: Enemy = {
    id: e.id,
    name: e.name,
    sprite: e.sprite,
    health: e.health,
    maxHealth: e.maxHealth,
    isAlive: e.isAlive,
    damage: e.damage,
    accuracy: e.accuracy,
  };
  return Object.assign(copy, changes);
}

/** The history with some lists changed. */
export function updateHistory(h: GameHistory, changes: Partial<GameHistory>): GameHistory {
  const copy: GameHistory = {
    financeHistory: h.financeHistory,
    healthHistory: h.healthHistory,
    priceHistory: h.priceHistory,
    actionHistory: h.actionHistory,
    locationHistory: h.locationHistory,
  };
  return Object.assign(copy, changes);
}

/**
 * A record keyed by drug id, in DRUGS order: f(drug, from's value for that drug) for every drug (`from`
 * undefined or lacking the drug: undefined).
 */
export function mapDrugs<T, U = never>(f: (drug: Drug, value: U | undefined) => T, from?: Record<string, U>): Record<string, T> {
  const d = DRUGS;
  const r = from;
  return {
    acid: f(d[0]!, r?.acid),
    cocaine: f(d[1]!, r?.cocaine),
    hashish: f(d[2]!, r?.hashish),
    heroin: f(d[3]!, r?.heroin),
    ludes: f(d[4]!, r?.ludes),
    mda: f(d[5]!, r?.mda),
    opium: f(d[6]!, r?.opium),
    pcp: f(d[7]!, r?.pcp),
    peyote: f(d[8]!, r?.peyote),
    shrooms: f(d[9]!, r?.shrooms),
    speed: f(d[10]!, r?.speed),
    weed: f(d[11]!, r?.weed),
  };
}

/** A record keyed by location id, in LOCATIONS order: f(location, from's value for that city) for every city. */
export function mapLocations<T, U = never>(f: (location: Location, value: U | undefined) => T, from?: Record<string, U>): Record<string, T> {
  const l = LOCATIONS;
  const r = from;
  return {
    new_york: f(l[0]!, r?.new_york),
    miami: f(l[1]!, r?.miami),
    los_angeles: f(l[2]!, r?.los_angeles),
    chicago: f(l[3]!, r?.chicago),
    detroit: f(l[4]!, r?.detroit),
    houston: f(l[5]!, r?.houston),
    san_francisco: f(l[6]!, r?.san_francisco),
    boston: f(l[7]!, r?.boston),
    new_orleans: f(l[8]!, r?.new_orleans),
    las_vegas: f(l[9]!, r?.las_vegas),
  };
}
