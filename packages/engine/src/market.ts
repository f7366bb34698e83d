// Drug prices and the trades that use them: buy, sell, dump, stash, unstash.
//
// Prices: every city has a price for every drug every day (cityPrices, server only). A price walks from
// yesterday's toward the drug's typical price with noise, inside [minPrice, maxPrice]. Now and then a price
// spikes (x2-x4) or crashes (/2-/4); a spike or crash carries on into the next day half of the time. The player
// sees real prices only where they are: worldPrices holds the last prices they saw in each city, with the day
// (worldPricesDay), so a trip is planned on a hint that has moved by the time they land (see RULES.md
// "Markets"). Stock (QTY Available) exists only for the current city: a drug is missing from the market some
// days (quantity 0), but the market always buys what the player carries.
import { DRUG_BY_ID, DRUGS } from './catalogue';
import { recordAction } from './history';
import type { Rng } from './rng';
import { mapDrugs, mapLocations, update } from './records';
import { accept, heldQuantity, isPositiveInt, omitKey, refuse, removeUnits, setHeld, settle, withPlayer } from './state';
import { formatMoney } from './format';
import type { ApplyResult, Drug, GameState, MarketEntry, Trend } from './types';

export type WorldPrices = Record<string, Record<string, number>>;

/** A spike or crash somewhere today (what 'WORD ON THE STREET' and rumors talk about). */
export interface PriceMove {
  locationId: string;
  drugId: string;
  trend: Exclude<Trend, 'normal'>;
  /** True when it started today (a new story), false when it carries on from yesterday. */
  fresh: boolean;
}

/**
 * Daily chance, per city and drug, that a price spikes or crashes. About one city-day in seven brings a story
 * ('WORD ON THE STREET'); these are the big trades, so they are rare (see BALANCE.md).
 */
const SPIKE_CHANCE = 0.01;
const CRASH_CHANCE = 0.012;
const MOVE_CARRIES_ON_CHANCE = 0.5;
const MOVE_ROLL = SPIKE_CHANCE + CRASH_CHANCE;
/** Rescales the rest of a roll above MOVE_ROLL back to [0, 1). */
const REST_SCALE = 1 / (1 - MOVE_ROLL);
/** Share of the distance to the typical price a price walks back each night. */
const MEAN_REVERSION = 0.25;
/**
 * Daily noise as a fraction of the drug's normal band (max - min). With the reversion above a price seen k days
 * ago keeps about 0.75^k of its distance from the typical price: a hint worth reading for a few days.
 */
const NOISE_OF_BAND = 0.3;
const AVAILABLE_CHANCE = 0.82;

/** Yesterday's price walked toward the typical price; `u` is a uniform draw in [0, 1) for the noise. */
function normalPrice(drug: Drug, previous: number, u: number): number {
  const back = previous + (drug.price - previous) * MEAN_REVERSION;
  const noise = (u - 0.5) * (drug.maxPrice - drug.minPrice) * NOISE_OF_BAND;
  return Math.min(drug.maxPrice, Math.max(drug.minPrice, Math.round(back + noise)));
}

function spiked(base: number, rng: Rng): number {
  return Math.round(base * (2 + rng.float() * 2));
}

function crashed(base: number, rng: Rng): number {
  return Math.max(1, Math.round(base / (2 + rng.float() * 2)));
}

/** Day 1: every price uniform in its band. */
export function initialWorldPrices(rng: Rng): WorldPrices {
  return mapLocations(() => mapDrugs((drug) => rng.int(drug.minPrice, drug.maxPrice)));
}

/** The next day's prices everywhere, and the spikes and crashes among them. */
export function nextWorldPrices(previous: WorldPrices, rng: Rng): { world: WorldPrices; moves: PriceMove[] } {
  const moves: PriceMove[] = [];
  // A drug missing from yesterday's row starts from its typical price.
  const world = mapLocations(
    (location, yesterday) => mapDrugs((drug, prev) => nextPrice(location.id, drug, prev ?? drug.price, rng, moves), yesterday),
    previous,
  );
  return { world, moves };
}

/** Tomorrow's price of one drug in one city, from today's. */
function nextPrice(locationId: string, drug: Drug, prev: number, rng: Rng, moves: PriceMove[]): number {
  if (prev < drug.minPrice || prev > drug.maxPrice) return carriedMove(locationId, drug, prev, rng, moves);
  // One draw decides both whether the price moves and, when it doesn't, the day's noise (the rest of the draw,
  // rescaled, is again uniform).
  const roll = rng.float();
  if (roll < MOVE_ROLL) return freshMove(locationId, drug, prev, roll < SPIKE_CHANCE, rng, moves);
  // normalPrice's walk with its terms grouped as the stored games were dealt (the same prices to the last bit).
  const noisy = prev + (drug.price - prev) * MEAN_REVERSION + ((roll - MOVE_ROLL) * REST_SCALE - 0.5) * ((drug.maxPrice - drug.minPrice) * NOISE_OF_BAND);
  // Rounded half up by `| 0` rather than Math.round, whose float result V8 boxes (120 prices a day); the same
  // integer here, where noisy is always above 3.
  return Math.min(drug.maxPrice, Math.max(drug.minPrice, (noisy + 0.5) | 0));
}

/** A spike or crash starting today (prev is inside the band). */
function freshMove(locationId: string, drug: Drug, prev: number, spike: boolean, rng: Rng, moves: PriceMove[]): number {
  const base = normalPrice(drug, prev, rng.float());
  moves.push({ locationId, drugId: drug.id, trend: spike ? 'spike' : 'crash', fresh: true });
  return spike ? Math.max(drug.maxPrice + 1, spiked(base, rng)) : Math.min(Math.max(1, drug.minPrice - 1), crashed(base, rng));
}

/** Yesterday's spike or crash: carries on (drifting) half of the time, else the price returns to its band. */
function carriedMove(locationId: string, drug: Drug, prev: number, rng: Rng, moves: PriceMove[]): number {
  const wasSpike = prev > drug.maxPrice;
  if (rng.chance(MOVE_CARRIES_ON_CHANCE)) {
    let price = Math.max(1, Math.round(prev * (0.85 + rng.float() * 0.3)));
    if (wasSpike && price <= drug.maxPrice) price = drug.maxPrice + 1;
    if (!wasSpike && price >= drug.minPrice) price = Math.max(1, drug.minPrice - 1);
    moves.push({ locationId, drugId: drug.id, trend: wasSpike ? 'spike' : 'crash', fresh: false });
    return price;
  }
  const from = wasSpike ? drug.maxPrice : drug.minPrice;
  const roll = rng.float();
  if (roll < MOVE_ROLL) return freshMove(locationId, drug, from, roll < SPIKE_CHANCE, rng, moves);
  return normalPrice(drug, from, (roll - MOVE_ROLL) / (1 - MOVE_ROLL));
}

/** What the player knows after seeing today's prices in `locationId`: that city's row and day replaced. */
export function seenPrices(
  state: Pick<GameState, 'worldPrices' | 'worldPricesDay'>,
  locationId: string,
  prices: Record<string, number>,
  day: number,
): { worldPrices: WorldPrices; worldPricesDay: Record<string, number> } {
  // Every city has a row from day 1 (newGame's tip sheet).
  return {
    worldPrices: mapLocations((l, row) => (l.id === locationId ? prices : row!), state.worldPrices),
    worldPricesDay: mapLocations((l, seen) => (l.id === locationId ? day : seen!), state.worldPricesDay),
  };
}

/** Trend of a price against the drug's normal band. */
export function trendOf(drug: Drug, price: number): Trend {
  if (price > drug.maxPrice) return 'spike';
  if (price < drug.minPrice) return 'crash';
  return 'normal';
}

/** Today's market in the current city: every drug, with stock for those on sale. */
export function buildMarket(prices: Record<string, number>, previous: Record<string, number> | null, rng: Rng): MarketEntry[] {
  return DRUGS.map((drug) => {
    const price = prices[drug.id] ?? drug.price;
    const trend = trendOf(drug, price);
    let quantity: number;
    if (trend === 'crash') quantity = rng.int(80, 300); // the market is flooded
    else if (trend === 'spike') quantity = rng.chance(0.5) ? rng.int(1, 15) : 0; // scarce
    else quantity = rng.chance(AVAILABLE_CHANCE) ? rng.int(10, 150) : 0;
    return { id: drug.id, name: drug.name, price, quantity, trend, previousPrice: previous ? (previous[drug.id] ?? null) : null };
  });
}

function marketEntry(state: GameState, drugId: string): MarketEntry | undefined {
  return state.marketInfo.find((m) => m.id === drugId);
}

/** Price the current market pays for a drug today. */
export function localPrice(state: GameState, drugId: string): number {
  const m = marketEntry(state, drugId);
  return m ? m.price : (DRUG_BY_ID.get(drugId)?.price ?? 0);
}

/** Buy maximum (SPEC.md section 5): the least of affordable count, free space and the market's stock. */
export function maxBuy(state: GameState, drugId: string): number {
  const m = marketEntry(state, drugId);
  if (!m || m.price <= 0) return 0;
  const p = state.player;
  return Math.max(0, Math.min(Math.floor(p.cash / m.price), p.coatSpace - p.usedSpace, m.quantity));
}

const BAD_QUANTITY = 'Quantity must be a whole number of at least 1';

export function buy(state: GameState, drugId: string, quantity: number): ApplyResult {
  const drug = DRUG_BY_ID.get(drugId);
  if (!drug) return refuse('UNKNOWN_ITEM', 'There is no such drug on the street.');
  if (!isPositiveInt(quantity)) return refuse('INVALID_INPUT', BAD_QUANTITY);
  const m = marketEntry(state, drugId);
  if (!m) return refuse('NOT_ENOUGH_STOCK', "You can't get that much!");
  const p = state.player;
  const total = m.price * quantity;
  if (total > p.cash) return refuse('INSUFFICIENT_FUNDS', "You can't afford that much!");
  if (quantity > m.quantity) return refuse('NOT_ENOUGH_STOCK', "You can't get that much!");
  if (quantity > p.coatSpace - p.usedSpace) return refuse('NOT_ENOUGH_SPACE', "You can't get that much!");
  const held = Object.hasOwn(p.inventory, drugId) ? p.inventory[drugId]! : { quantity: 0, totalCost: 0 };
  const inventory = { ...p.inventory, [drugId]: { quantity: held.quantity + quantity, totalCost: held.totalCost + total } };
  const next = update(state, {
    marketInfo: state.marketInfo.map((e) => (e === m ? { ...m, quantity: m.quantity - quantity } : e)),
    gameHistory: recordAction(state.gameHistory, { day: state.day, action: 'buy', details: { quantity, drug: drug.name, total } }),
    player: settle(p, { cash: p.cash - total, inventory }),
  });
  return accept(next, `Bought ${quantity} ${drug.name} for ${formatMoney(total)}.`);
}

export function sell(state: GameState, drugId: string, quantity: number): ApplyResult {
  const drug = DRUG_BY_ID.get(drugId);
  if (!drug) return refuse('UNKNOWN_ITEM', 'There is no such drug on the street.');
  if (!isPositiveInt(quantity)) return refuse('INVALID_INPUT', BAD_QUANTITY);
  const p = state.player;
  const held = Object.hasOwn(p.inventory, drugId) ? p.inventory[drugId]! : null;
  if (!held || quantity > held.quantity) return refuse('NOT_ENOUGH_DRUGS', `You don't have that much ${drug.name}!`);
  const price = localPrice(state, drugId);
  const totalPrice = price * quantity;
  const { inventory, cost: costSold } = removeUnits(p.inventory, drugId, quantity);
  const next = update(state, {
    gameHistory: recordAction(state.gameHistory, { day: state.day, action: 'sell', details: { quantity, drug: drug.name, total: totalPrice } }),
    player: settle(p, { cash: p.cash + totalPrice, inventory, drugsSold: p.drugsSold + quantity }),
  });
  const message = `Sold ${quantity} ${drug.name} for ${formatMoney(totalPrice)}.`;
  return { ok: true, state: next, events: [], message, sale: { profit: totalPrice - costSold, totalPrice } };
}

/** Throw drugs away (to make room, or before a search): one drug, some or all of it. */
export function dump(state: GameState, drugId: string, quantity: number | undefined): ApplyResult {
  if (drugId === 'all') return dumpAll(state);
  const drug = DRUG_BY_ID.get(drugId);
  if (!drug) return refuse('UNKNOWN_ITEM', 'There is no such drug on the street.');
  const p = state.player;
  const held = Object.hasOwn(p.inventory, drugId) ? p.inventory[drugId]! : null;
  if (!held) return refuse('NOT_ENOUGH_DRUGS', `You don't have any ${drug.name}!`);
  const amount = quantity === undefined ? held.quantity : quantity;
  if (!isPositiveInt(amount)) return refuse('INVALID_INPUT', BAD_QUANTITY);
  if (amount > held.quantity) return refuse('NOT_ENOUGH_DRUGS', `You don't have that much ${drug.name}!`);
  const { inventory } = removeUnits(p.inventory, drugId, amount);
  return accept(withPlayer(state, { inventory }), `Dumped ${amount} ${drug.name}.`);
}

export function dumpAll(state: GameState): ApplyResult {
  const p = state.player;
  if (p.usedSpace === 0) return refuse('NOT_ENOUGH_DRUGS', "You're not carrying any drugs.");
  return accept(withPlayer(state, { inventory: {} }), `Dumped all ${p.usedSpace} units of drugs.`);
}

export function stash(state: GameState, drugId: string, quantity: number): ApplyResult {
  const drug = DRUG_BY_ID.get(drugId);
  if (!drug) return refuse('UNKNOWN_ITEM', 'There is no such drug on the street.');
  if (!isPositiveInt(quantity)) return refuse('INVALID_INPUT', BAD_QUANTITY);
  const p = state.player;
  const held = Object.hasOwn(p.inventory, drugId) ? p.inventory[drugId]! : null;
  if (!held || quantity > held.quantity) return refuse('NOT_ENOUGH_DRUGS', `You don't have that much ${drug.name} to stash!`);
  const { inventory } = removeUnits(p.inventory, drugId, quantity);
  const here = p.stash[p.location] ?? {};
  const stashed = { ...p.stash, [p.location]: setHeld(here, drugId, heldQuantity(here, drugId) + quantity) };
  return accept(withPlayer(state, { inventory, stash: stashed }), `Stashed ${quantity} ${drug.name}.`);
}

/** Take drugs from the stash here. Their cost basis restarts at today's local price. */
export function unstash(state: GameState, drugId: string, quantity: number): ApplyResult {
  const drug = DRUG_BY_ID.get(drugId);
  if (!drug) return refuse('UNKNOWN_ITEM', 'There is no such drug on the street.');
  if (!isPositiveInt(quantity)) return refuse('INVALID_INPUT', BAD_QUANTITY);
  const p = state.player;
  const here = p.stash[p.location] ?? {};
  const have = heldQuantity(here, drugId);
  if (quantity > have) return refuse('NOT_ENOUGH_DRUGS', `You don't have that much ${drug.name} in your stash!`);
  if (quantity > p.coatSpace - p.usedSpace) {
    return refuse('NOT_ENOUGH_SPACE', `You don't have enough room in your ${p.rank.inventoryName}!`);
  }
  const held = Object.hasOwn(p.inventory, drugId) ? p.inventory[drugId]! : { quantity: 0, totalCost: 0 };
  const inventory = {
    ...p.inventory,
    [drugId]: { quantity: held.quantity + quantity, totalCost: held.totalCost + localPrice(state, drugId) * quantity },
  };
  const remaining = setHeld(here, drugId, have - quantity);
  const stashed = Object.keys(remaining).length > 0 ? { ...p.stash, [p.location]: remaining } : omitKey(p.stash, p.location);
  return accept(withPlayer(state, { inventory, stash: stashed }), `Took ${quantity} ${drug.name} from your stash.`);
}
