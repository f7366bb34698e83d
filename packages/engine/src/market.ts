// Drug prices and the trades that use them: buy, sell, dump, stash, unstash.
//
// Prices: every city has a price for every drug every day (cityPrices, server only). A price walks from
// yesterday's toward the drug's typical price with noise, inside [minPrice, maxPrice]. Now and then a price
// spikes (x2-x4) or crashes (/2-/4); a spike or crash carries on into the next day half of the time. The player
// sees real prices only where they are: worldPrices holds the last prices they saw in each city, with the day
// (worldPricesDay), so a trip is planned on a hint that has moved by the time they land (see CONTEXT.md
// "Markets"). Stock (QTY Available) exists only for the current city: a drug is missing from the market some
// days (quantity 0), but the market always buys what the player carries.
import { DRUG_BY_ID, DRUGS, drugRecord, drugValues, LOCATIONS, locationRecord, locationValues } from './catalogue';
import { recordAction } from './history';
import type { Rng } from './rng';
import { accept, copyState, draftPlayer, heldQuantity, isPositiveInt, omitKey, refuse, removeUnits, setHeld, settled, withPlayer } from './state';
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
  const rows: Record<string, number>[] = [];
  for (let i = 0; i < LOCATIONS.length; i++) rows.push(drugRecord(DRUGS.map((d) => rng.int(d.minPrice, d.maxPrice))));
  return locationRecord(rows);
}

/** Yesterday's prices of one city in catalogue order (null or undefined for a drug missing from the row). */
function previousRow(row: Record<string, number> | undefined, out: (number | undefined)[]): void {
  if (row === undefined) for (let j = 0; j < DRUGS.length; j++) out[j] = DRUGS[j]!.price;
  else drugValues(row, out);
}

// The catalogue's numbers as flat arrays for the daily loop (120 prices a day, the engine's hottest code).
const DRUG_COUNT = DRUGS.length;
// Int32Array (not Float64Array): prices stay small integers, so V8 stores the rows' fields unboxed.
const MIN_PRICE = Int32Array.from(DRUGS, (d) => d.minPrice);
const MAX_PRICE = Int32Array.from(DRUGS, (d) => d.maxPrice);
const MID_PRICE = Int32Array.from(DRUGS, (d) => d.price);
const NOISE_SPAN = Float64Array.from(DRUGS, (d) => (d.maxPrice - d.minPrice) * NOISE_OF_BAND);
// The ids in catalogue order: the daily loops read these rather than each city's catalogue object.
const LOCATION_IDS: readonly string[] = LOCATIONS.map((l) => l.id);

// Scratch rows for nextWorldPrices (filled completely on every call before they are read; never escape).
const PREV_ROWS: (Record<string, number> | undefined)[] = new Array<Record<string, number> | undefined>(LOCATIONS.length).fill(undefined);
const PREV_PRICES: (number | undefined)[] = new Array<number>(DRUGS.length).fill(0);
const ROW: number[] = new Array<number>(DRUGS.length).fill(0);
const WORLD_ROWS: Record<string, number>[] = new Array<Record<string, number>>(LOCATIONS.length).fill({});

/** The next day's prices everywhere, and the spikes and crashes among them. */
export function nextWorldPrices(previous: WorldPrices, rng: Rng): { world: WorldPrices; moves: PriceMove[] } {
  const rows = WORLD_ROWS;
  const moves: PriceMove[] = [];
  const prevPrices = PREV_PRICES;
  const row = ROW;
  locationValues(previous, PREV_ROWS);
  for (let i = 0; i < LOCATIONS.length; i++) {
    const locationId = LOCATION_IDS[i]!;
    previousRow(PREV_ROWS[i], prevPrices);
    for (let j = 0; j < DRUG_COUNT; j++) {
      // A drug missing from yesterday's row starts from its typical price.
      const prev = prevPrices[j] ?? MID_PRICE[j]!;
      const min = MIN_PRICE[j]!;
      const max = MAX_PRICE[j]!;
      let price: number;
      if (prev >= min && prev <= max) {
        // The common case. One draw decides both whether the price moves and, when it doesn't, the day's
        // noise (the rest of the draw, rescaled, is again uniform).
        const roll = rng.float();
        if (roll >= MOVE_ROLL) {
          const noisy = prev + (MID_PRICE[j]! - prev) * MEAN_REVERSION + ((roll - MOVE_ROLL) * REST_SCALE - 0.5) * NOISE_SPAN[j]!;
          // Round half up; a negative value (impossible with these bands) would be clamped to min below anyway.
          price = (noisy + 0.5) | 0;
          if (price < min) price = min;
          else if (price > max) price = max;
        } else {
          price = freshMove(locationId, DRUGS[j]!, prev, roll < SPIKE_CHANCE, rng, moves);
        }
      } else {
        price = carriedMove(locationId, DRUGS[j]!, prev, rng, moves);
      }
      row[j] = price;
    }
    rows[i] = drugRecord(row);
  }
  return { world: locationRecord(rows), moves };
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

// Scratch row for seenPrices (filled before it is read; never escapes).
const KNOWN_ROWS: (Record<string, number> | undefined)[] = new Array<Record<string, number> | undefined>(LOCATIONS.length).fill(undefined);
const KNOWN_DAYS: (number | undefined)[] = new Array<number>(LOCATIONS.length).fill(0);

/**
 * What the player knows after seeing today's prices in `locationId`: worldPrices and worldPricesDay with that
 * city's row replaced (each built by one literal, so every state's records share a shape).
 */
export function seenPrices(
  state: Pick<GameState, 'worldPrices' | 'worldPricesDay'>,
  locationId: string,
  prices: Record<string, number>,
  day: number,
): { worldPrices: WorldPrices; worldPricesDay: Record<string, number> } {
  locationValues(state.worldPrices, KNOWN_ROWS);
  locationValues(state.worldPricesDay, KNOWN_DAYS);
  for (let i = 0; i < LOCATIONS.length; i++) {
    if (LOCATION_IDS[i] === locationId) {
      KNOWN_ROWS[i] = prices;
      KNOWN_DAYS[i] = day;
    }
  }
  // Every city has a row from day 1 (newGame's tip sheet), so no entry is left undefined.
  return { worldPrices: locationRecord(KNOWN_ROWS as Record<string, number>[]), worldPricesDay: locationRecord(KNOWN_DAYS as number[]) };
}

/** Trend of a price against the drug's normal band. */
export function trendOf(drug: Drug, price: number): Trend {
  if (price > drug.maxPrice) return 'spike';
  if (price < drug.minPrice) return 'crash';
  return 'normal';
}

// Scratch rows for buildMarket (filled before they are read; never escape).
const TODAY: (number | undefined)[] = new Array<number>(DRUGS.length).fill(0);
const YESTERDAY: (number | undefined)[] = new Array<number>(DRUGS.length).fill(0);

/** Today's market in the current city: every drug, with stock for those on sale. */
export function buildMarket(prices: Record<string, number>, previous: Record<string, number> | null, rng: Rng): MarketEntry[] {
  // Allocated at its final length (pushing onto [] allocates room for 17).
  const market = new Array<MarketEntry>(DRUG_COUNT);
  // Both rows read by named fields into scratch arrays (a keyed read per drug id is a slow megamorphic lookup).
  drugValues(prices, TODAY);
  if (previous) drugValues(previous, YESTERDAY);
  for (let j = 0; j < DRUG_COUNT; j++) {
    const drug = DRUGS[j]!;
    const price = TODAY[j] ?? drug.price;
    const trend = trendOf(drug, price);
    let quantity: number;
    if (trend === 'crash') quantity = rng.int(80, 300); // the market is flooded
    else if (trend === 'spike') quantity = rng.chance(0.5) ? rng.int(1, 15) : 0; // scarce
    else quantity = rng.chance(AVAILABLE_CHANCE) ? rng.int(10, 150) : 0;
    market[j] = { id: drug.id, name: drug.name, price, quantity, trend, previousPrice: previous ? (YESTERDAY[j] ?? null) : null };
  }
  return market;
}

/** Each drug's place in DRUGS, which is its place in every market buildMarket makes. */
const DRUG_INDEX: ReadonlyMap<string, number> = new Map(DRUGS.map((d, i) => [d.id, i]));

/**
 * Where a drug's entry is in today's market (-1 when it has none). The entry at the drug's catalogue index is
 * tried first (always the one in a market buildMarket made), so a trade reads one entry rather than every entry
 * before it: in the server each is a separate object, seldom still in the processor's caches between two moves of
 * the same game. Any other order is searched.
 */
function marketIndex(state: GameState, drugId: string): number {
  const market = state.marketInfo;
  const at = DRUG_INDEX.get(drugId);
  if (at !== undefined && at < market.length && market[at]!.id === drugId) return at;
  for (let i = 0; i < market.length; i++) if (market[i]!.id === drugId) return i;
  return -1;
}

function marketEntry(state: GameState, drugId: string): MarketEntry | undefined {
  const i = marketIndex(state, drugId);
  return i < 0 ? undefined : state.marketInfo[i];
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
  const at = marketIndex(state, drugId);
  const m = state.marketInfo[at]!;
  const p = state.player;
  const total = m.price * quantity;
  if (total > p.cash) return refuse('INSUFFICIENT_FUNDS', "You can't afford that much!");
  if (quantity > m.quantity) return refuse('NOT_ENOUGH_STOCK', "You can't get that much!");
  if (quantity > p.coatSpace - p.usedSpace) return refuse('NOT_ENOUGH_SPACE', "You can't get that much!");
  const held = Object.hasOwn(p.inventory, drugId) ? p.inventory[drugId]! : { quantity: 0, totalCost: 0 };
  // The copy, then the drug's entry set by a keyed store (drugId is a catalogue id, checked above): the same keys
  // in the same order as `{ ...p.inventory, [drugId]: entry }`, whose computed key (one per drug) cost ~3x as much.
  const inventory = { ...p.inventory };
  inventory[drugId] = { quantity: held.quantity + quantity, totalCost: held.totalCost + total };
  // A copy of the list (no entry read) with the one entry changed.
  const marketInfo = state.marketInfo.slice();
  marketInfo[at] = { ...m, quantity: m.quantity - quantity };
  const next = copyState(state);
  next.marketInfo = marketInfo;
  const player = draftPlayer(p);
  player.cash = p.cash - total;
  player.inventory = inventory;
  next.player = settled(player);
  next.gameHistory = recordAction(state.gameHistory, { day: state.day, action: 'buy', details: { quantity, drug: drug.name, total } });
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
  const next = copyState(state);
  const player = draftPlayer(p);
  player.cash = p.cash + totalPrice;
  player.inventory = inventory;
  player.drugsSold = p.drugsSold + quantity;
  next.player = settled(player);
  next.gameHistory = recordAction(state.gameHistory, { day: state.day, action: 'sell', details: { quantity, drug: drug.name, total: totalPrice } });
  const result = accept(next, `Sold ${quantity} ${drug.name} for ${formatMoney(totalPrice)}.`);
  result.sale = { profit: totalPrice - costSold, totalPrice };
  return result;
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
  return accept(withPlayer(state, { ...p, inventory }), `Dumped ${amount} ${drug.name}.`);
}

export function dumpAll(state: GameState): ApplyResult {
  const p = state.player;
  if (p.usedSpace === 0) return refuse('NOT_ENOUGH_DRUGS', "You're not carrying any drugs.");
  return accept(withPlayer(state, { ...p, inventory: {} }), `Dumped all ${p.usedSpace} units of drugs.`);
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
  return accept(withPlayer(state, { ...p, inventory, stash: stashed }), `Stashed ${quantity} ${drug.name}.`);
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
  return accept(withPlayer(state, { ...p, inventory, stash: stashed }), `Took ${quantity} ${drug.name} from your stash.`);
}
