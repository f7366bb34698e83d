// Copies of the records every action rebuilds, each written as one object literal instead of a spread.
//
// Why: Node 20's V8 copies an object that was itself made by a spread through a slow generic path, and here every
// state, player, encounter and history is a copy of a copy. Written as spreads these copies cost more than the
// rules, and the engine fell far under its floor of 2,000 greedy games a second (`npm run simulate`). The same goes
// for the price rows: 120 prices a day, each row read and built by named fields.
//
// Everything else in the engine uses spreads. The compiler checks that each literal names every field of its type;
// golden.test.ts checks their key order, which is the order a state is stored and hashed in.
import { DRUGS, LOCATIONS } from './catalogue';
import type { Drug, Encounter, GameHistory, GameState, Location, Player } from './types';

/** The state with some fields changed (a new object; `state` is left as it is). */
export function update(state: GameState, changes: Partial<GameState>): GameState {
  const s = state;
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
  return Object.assign(copy, changes);
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

/** A record keyed by drug id: f(drug, index) for every drug, computed in DRUGS order. */
export function mapDrugs<T>(f: (drug: Drug, index: number) => T): Record<string, T> {
  const d = DRUGS;
  return {
    acid: f(d[0]!, 0),
    cocaine: f(d[1]!, 1),
    hashish: f(d[2]!, 2),
    heroin: f(d[3]!, 3),
    ludes: f(d[4]!, 4),
    mda: f(d[5]!, 5),
    opium: f(d[6]!, 6),
    pcp: f(d[7]!, 7),
    peyote: f(d[8]!, 8),
    shrooms: f(d[9]!, 9),
    speed: f(d[10]!, 10),
    weed: f(d[11]!, 11),
  };
}

/** The values of a record keyed by drug id, in DRUGS order (undefined where a drug is missing). */
export function drugValues<T>(r: Record<string, T>): (T | undefined)[] {
  return [r.acid, r.cocaine, r.hashish, r.heroin, r.ludes, r.mda, r.opium, r.pcp, r.peyote, r.shrooms, r.speed, r.weed];
}

/** A record keyed by location id: f(location, index) for every city, computed in LOCATIONS order. */
export function mapLocations<T>(f: (location: Location, index: number) => T): Record<string, T> {
  const l = LOCATIONS;
  return {
    new_york: f(l[0]!, 0),
    miami: f(l[1]!, 1),
    los_angeles: f(l[2]!, 2),
    chicago: f(l[3]!, 3),
    detroit: f(l[4]!, 4),
    houston: f(l[5]!, 5),
    san_francisco: f(l[6]!, 6),
    boston: f(l[7]!, 7),
    new_orleans: f(l[8]!, 8),
    las_vegas: f(l[9]!, 9),
  };
}

/** The values of a record keyed by location id, in LOCATIONS order (undefined where a city is missing). */
export function locationValues<T>(r: Record<string, T>): (T | undefined)[] {
  return [r.new_york, r.miami, r.los_angeles, r.chicago, r.detroit, r.houston, r.san_francisco, r.boston, r.new_orleans, r.las_vegas];
}
