// Plays whole games with bots and prints the score distribution per strategy and the engine's speed.
//   npm run simulate -- --games N --strategy random|greedy|cautious|smart|deadbeat|all [--seed S] [--json]
// With --json the last line is one JSON object:
//   {"games":N,"gamesPerSecond":G,"gamesPerCpuSecond":C,"strategies":{"greedy":{"median":..,"p10":..,"p90":..,"deathRate":..,"meanDays":..},..}}
// Balance targets and the figures they were met with: packages/engine/BALANCE.md.
import {
  AMMO_BY_ID,
  apply,
  ARMOR_BY_ID,
  DRUG_BY_ID,
  DRUGS,
  encounterRisk,
  equipmentStats,
  escapeChance,
  finalScore,
  healCost,
  heatOf,
  LOCATION_BY_ID,
  LOCATIONS,
  maxBuy,
  newGame,
  WEAPON_BY_ID,
  type Action,
  type GameState,
} from '@drugwars/engine';

export type StrategyName = 'random' | 'greedy' | 'cautious' | 'smart' | 'deadbeat';
const STRATEGIES: readonly StrategyName[] = ['random', 'cautious', 'greedy', 'deadbeat', 'smart'];
/** A game that needs more actions than this is a bot or engine bug (reported, not hidden). */
const MAX_ACTIONS_PER_GAME = 5000;

/** The bots' own randomness (never the game's PRNG): mulberry32, seeded per game. */
class BotRandom {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0;
  }
  next(): number {
    this.s = (this.s + 0x6d2b79f5) >>> 0;
    let t = this.s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
}

type Bot = (state: GameState, rnd: BotRandom) => Action;

// ---------- shared bot helpers ----------

function encounterAction(state: GameState, style: 'fight' | 'careful' | 'random' | 'deadbeat', rnd: BotRandom): Action {
  const enc = state.encounter!;
  if (enc.type === 'loanSharkVisit') {
    if (style !== 'deadbeat' && enc.canPay && state.player.cash > 0) return { type: 'encounter', action: 'pay' };
    return { type: 'encounter', action: enc.canSkip ? 'skip' : 'pay' };
  }
  // On the enemy's turn the client calls fight once per living enemy (SPEC.md combat turn flow).
  if (enc.turnOrder === 'enemy') return { type: 'encounter', action: 'fight' };
  if (style === 'random') {
    return { type: 'encounter', action: rnd.pick(['fight', 'fight', 'escape', 'bribe', 'surrender'] as const) };
  }
  const armed = state.player.equippedItems.weapon !== null;
  if (style === 'careful') {
    if (enc.canBribe && enc.bribeCost <= state.player.cash) return { type: 'encounter', action: 'bribe' };
    if (enc.canEscape) return { type: 'encounter', action: 'escape' };
    if (enc.canSurrender) return { type: 'encounter', action: 'surrender' };
    return { type: 'encounter', action: 'fight' };
  }
  if (armed || !enc.canEscape) return { type: 'encounter', action: 'fight' };
  return { type: 'encounter', action: 'escape' };
}

/**
 * Best trade from here with `budget` dollars: the drug and city with the biggest expected profit by today's
 * prices (prices drift back toward the middle overnight, so only half of a gap is expected to remain).
 */
function bestTrade(
  state: GameState,
  budget: number,
  allowed: (locId: string) => boolean,
): { drugId: string; to: string; units: number; profit: number } | null {
  let best: { drugId: string; to: string; units: number; profit: number } | null = null;
  const space = state.player.coatSpace - state.player.usedSpace;
  for (const m of state.marketInfo) {
    if (m.quantity <= 0) continue;
    const drug = DRUG_BY_ID.get(m.id)!;
    for (const loc of LOCATIONS) {
      if (loc.id === state.location || !allowed(loc.id)) continue;
      const there = state.worldPrices[loc.id]?.[m.id];
      if (there === undefined) continue;
      const units = Math.min(space, m.quantity, Math.floor((budget - loc.flightPrice) / m.price));
      if (units <= 0) continue;
      const expected = (there + drug.price) / 2;
      const profit = (expected - m.price) * units - loc.flightPrice;
      if (profit > 0 && (!best || profit > best.profit)) best = { drugId: m.id, to: loc.id, units, profit };
    }
  }
  return best;
}

/** Sell a drug whose sale beats its cost by minRatio (anything at all on the last day). */
function sellFirst(state: GameState, minRatio: number): Action | null {
  const lastDay = state.day >= state.maxDays;
  for (const id in state.player.inventory) {
    const held = state.player.inventory[id]!;
    const price = state.prices[id] ?? 0;
    if (lastDay || price * held.quantity > held.totalCost * minRatio) return { type: 'sell', drugId: id, quantity: held.quantity };
  }
  return null;
}

function cheapestTrip(state: GameState, allowed: (locId: string) => boolean, rnd: BotRandom): Action {
  const options = LOCATIONS.filter((l) => l.id !== state.location && allowed(l.id) && l.flightPrice <= state.player.cash);
  if (options.length === 0) return { type: 'stay' };
  return { type: 'travel', destination: rnd.pick(options).id };
}

// ---------- strategies ----------

/** Random: a handful of random (often refused) actions a day, then a random trip or a night's sleep. */
const randomBot: Bot = (state, rnd) => {
  if (state.encounter) return encounterAction(state, 'random', rnd);
  const p = state.player;
  const roll = rnd.int(0, 11);
  const drug = rnd.pick(state.marketInfo);
  switch (roll) {
    case 0:
    case 1:
      return { type: 'buy', drugId: drug.id, quantity: rnd.int(1, Math.max(1, maxBuy(state, drug.id))) };
    case 2:
    case 3: {
      const held = Object.keys(p.inventory);
      if (held.length === 0) return { type: 'stay' };
      const id = rnd.pick(held);
      return { type: 'sell', drugId: id, quantity: rnd.int(1, p.inventory[id]!.quantity) };
    }
    case 4:
      return { type: 'deposit', amount: rnd.int(1, Math.max(1, p.cash)) };
    case 5:
      return { type: 'withdraw', amount: rnd.int(1, Math.max(1, p.bank)) };
    case 6:
      return { type: 'repay', amount: rnd.int(1, Math.max(1, Math.min(p.cash, p.debt))) };
    case 7:
      return p.health < 100 ? { type: 'heal' } : { type: 'stay' };
    case 8:
      return { type: 'shopBuy', itemType: 'weapon', itemId: rnd.pick(['knife', 'cheap_pistol', 'pistol'] as const), quantity: 1 };
    case 9:
      return { type: 'stay' };
    default:
      return cheapestTrip(state, () => true, rnd);
  }
};

/**
 * Greedy trader: pays the shark off early, sells at a profit, buys the best spread by the World Drug Prices view
 * (taking the hints for today's prices) with all its cash and flies there whatever the danger; once rich it buys
 * a pistol and a vest, heals below 70, and fights. The deadbeat plays the same but never pays the shark.
 */
function greedyLike(state: GameState, rnd: BotRandom, pays: boolean): Action {
  if (state.encounter) return encounterAction(state, pays ? 'fight' : 'deadbeat', rnd);
  const p = state.player;
  if (p.bank > 0) return { type: 'withdraw', amount: p.bank };
  const sale = sellFirst(state, 1);
  if (sale) return sale;
  if (pays && p.debt > 0 && p.cash > p.debt + 500) return { type: 'repay', amount: p.debt };
  if (p.health < 70 && healCost(state) <= p.cash / 4) return { type: 'heal' };
  if (p.cash > 20_000 && !p.weapons['pistol']) return { type: 'shopBuy', itemType: 'weapon', itemId: 'pistol', quantity: 1 };
  if (p.cash > 30_000 && !p.items.armor['kevlar_vest']) return { type: 'shopBuy', itemType: 'armor', itemId: 'kevlar_vest', quantity: 1 };
  const ammoId = WEAPON_BY_ID.get('pistol')!.ammoId!;
  const rounds = p.items.ammo[ammoId] ?? 0;
  if (p.weapons['pistol'] && rounds < 20 && p.cash > 5_000) {
    return { type: 'shopBuy', itemType: 'ammo', itemId: ammoId, quantity: AMMO_BY_ID.get(ammoId)!.maxCarry - rounds };
  }
  if (p.usedSpace === 0) {
    const trade = bestTrade(state, p.cash, () => true);
    if (trade) return { type: 'buy', drugId: trade.drugId, quantity: trade.units };
    return cheapestTrip(state, () => true, rnd);
  }
  // Carrying: fly to where the load sells best today.
  let to: string | null = null;
  let bestValue = -Infinity;
  for (const loc of LOCATIONS) {
    if (loc.id === state.location || loc.flightPrice > p.cash) continue;
    let value = -loc.flightPrice;
    for (const id in p.inventory) value += (state.worldPrices[loc.id]?.[id] ?? 0) * p.inventory[id]!.quantity;
    if (value > bestValue) {
      bestValue = value;
      to = loc.id;
    }
  }
  return to ? { type: 'travel', destination: to } : { type: 'stay' };
}

const greedyBot: Bot = (state, rnd) => greedyLike(state, rnd, true);
const deadbeatBot: Bot = (state, rnd) => greedyLike(state, rnd, false);

const SAFE_CITIES: ReadonlySet<string> = new Set(LOCATIONS.filter((l) => l.dangerLevel <= 2).map((l) => l.id));

/** Cautious: repays the shark on day one, trades half its money in safe cities, banks the rest, bribes or runs. */
const cautiousBot: Bot = (state, rnd) => {
  if (state.encounter) return encounterAction(state, 'careful', rnd);
  const p = state.player;
  if (p.debt > 0 && p.cash < p.debt && p.bank > 0) return { type: 'withdraw', amount: Math.min(p.bank, p.debt - p.cash) };
  if (p.debt > 0 && p.cash > 0) return { type: 'repay', amount: Math.min(p.cash, p.debt) };
  const cost = healCost(state);
  if (p.health < 80 && cost <= p.cash + p.bank) {
    if (cost > p.cash) return { type: 'withdraw', amount: cost - p.cash };
    return { type: 'heal' };
  }
  const sale = sellFirst(state, 1.05);
  if (sale) return sale;
  if (p.cash + p.bank > 8_000 && !p.items.armor['kevlar_vest']) {
    if (p.cash < 3_000) return { type: 'withdraw', amount: Math.min(p.bank, 3_000 - p.cash) };
    return { type: 'shopBuy', itemType: 'armor', itemId: 'kevlar_vest', quantity: 1 };
  }
  if (p.usedSpace === 0 && state.day < state.maxDays) {
    const trade = bestTrade(state, Math.floor((p.cash + p.bank) / 2), (id) => SAFE_CITIES.has(id));
    const price = trade ? state.prices[trade.drugId]! : 0;
    if (trade && p.cash + p.bank >= trade.units * price + 400) {
      const need = trade.units * price + 400;
      if (p.cash < need) return { type: 'withdraw', amount: need - p.cash };
      const units = Math.min(trade.units, Math.floor((p.cash - 400) / state.prices[trade.drugId]!));
      if (units > 0) return { type: 'buy', drugId: trade.drugId, quantity: units };
    }
  }
  if (p.cash > 500) return { type: 'deposit', amount: p.cash - 400 };
  if (p.usedSpace === 0) return { type: 'stay' };
  return cheapestTrip(state, (id) => SAFE_CITIES.has(id), rnd);
};

// ---------- smart ----------

/** How much of a price's distance from the typical price is left after a night (prices drift back). */
const SMART_DRIFT_KEPT = 0.75;
const TYPICAL_PRICE: ReadonlyMap<string, number> = new Map(DRUGS.map((d) => [d.id, d.price]));

/** What a price seen `age` days ago is likely to be by tomorrow: it drifts back toward the typical price. */
function expectedPrice(drugId: string, seen: number | undefined, age: number): number {
  const typical = TYPICAL_PRICE.get(drugId) ?? 0;
  if (seen === undefined) return typical;
  return typical + (seen - typical) * Math.pow(SMART_DRIFT_KEPT, Math.max(1, age + 1));
}

/** Expected price of a drug in a city tomorrow, from the World Drug Prices hint and its age. */
function expectedThere(state: GameState, locationId: string, drugId: string): number {
  const seen = state.worldPrices[locationId]?.[drugId];
  const age = state.day - (state.worldPricesDay[locationId] ?? 1);
  return expectedPrice(drugId, seen, age);
}

/** The player's expected damage per turn and the enemies' expected damage per round (armor counted). */
function fightOdds(state: GameState): { turnsToWin: number; incoming: number } {
  const enc = state.encounter!;
  const stats = equipmentStats(state);
  const usable = stats.ammo === null || stats.ammo > 0;
  const living = enc.enemies.filter((e) => e.isAlive && e.health > 0);
  const damage = usable ? stats.damage : 8;
  const accuracy = usable ? stats.accuracy : 0.85;
  const targets = !usable || !stats.weapon ? 1 : stats.weapon.targetType === 'single_target' ? 1 : stats.weapon.targetType === 'multi_target' ? Math.min(3, living.length) : living.length;
  const perTurn = Math.max(1, damage * accuracy * targets);
  const enemyHealth = living.reduce((sum, e) => sum + e.health, 0);
  const incoming = living.reduce((sum, e) => sum + Math.max(1, e.damage - stats.protection) * e.accuracy, 0);
  return { turnsToWin: Math.ceil(enemyHealth / perTurn), incoming };
}

/**
 * Smart in a fight: fights what it can beat with health to spare; otherwise bribes the police if it can afford it,
 * runs when the odds are fair, and gives up the load rather than die.
 */
function smartEncounter(state: GameState): Action {
  const enc = state.encounter!;
  const p = state.player;
  if (enc.type === 'loanSharkVisit') return { type: 'encounter', action: enc.canPay && p.cash > 0 ? 'pay' : enc.canSkip ? 'skip' : 'pay' };
  if (enc.turnOrder === 'enemy') return { type: 'encounter', action: 'fight' };
  const { turnsToWin, incoming } = fightOdds(state);
  // Enemies die along the way, so on average about 60% of the full incoming damage lands per round.
  const expectedLoss = incoming * Math.max(0, turnsToWin - 1) * 0.6 + incoming;
  if (expectedLoss < p.health - 30) return { type: 'encounter', action: 'fight' };
  if (enc.canBribe && enc.bribeCost <= p.cash) return { type: 'encounter', action: 'bribe' };
  const living = enc.enemies.filter((e) => e.isAlive && e.health > 0).length;
  const location = LOCATION_BY_ID.get(state.location);
  const run = escapeChance(living, location?.dangerLevel ?? 0, enc.type, heatOf(p));
  if (enc.canEscape && run >= 0.3 && p.health > incoming * 2 + 10) return { type: 'encounter', action: 'escape' };
  if (enc.canSurrender && p.health <= incoming * 2 + 10) return { type: 'encounter', action: 'surrender' };
  if (enc.canEscape && run >= 0.2) return { type: 'encounter', action: 'escape' };
  return { type: 'encounter', action: enc.canSurrender ? 'surrender' : 'fight' };
}

/** Cash kept on hand for fares, the hospital and a bribe; the rest goes to the bank (safe, and it earns 5% a day). */
function smartReserve(state: GameState): number {
  const p = state.player;
  const money = p.cash + p.bank;
  // The debt is set aside in the last days before it is due.
  const dueSoon = p.debt > 0 && state.day >= (p.loanShark?.dueDay ?? state.day) - 3 ? p.debt : 0;
  return 400 + dueSoon + Math.min(Math.floor(money * 0.2), state.day * 100);
}

/** Expected value of the load in a city tomorrow, minus the fare and what the trip's risk is likely to cost. */
function tripValue(state: GameState, locationId: string, strong: boolean): number {
  const p = state.player;
  const loc = LOCATION_BY_ID.get(locationId)!;
  let value = 0;
  for (const id in p.inventory) value += expectedThere(state, locationId, id) * p.inventory[id]!.quantity;
  // An encounter costs part of the load (bribe, drops, surrender) and health; less with good gear.
  const risk = encounterRisk(state, locationId);
  const lossShare = strong ? 0.12 : 0.35;
  return value - loc.flightPrice - risk * (lossShare * value + 1_500);
}

/**
 * Smart: plays the way a good human does. It repays the shark before the due day, heals, buys a vest and a
 * shotgun once it can spare the money (better armor and guns later), keeps only a reserve in cash and banks the
 * rest, buys what is cheap here against what the World Drug Prices hints are likely to be by tomorrow, sells
 * when today's price beats what it expects elsewhere, and weighs each destination's risk with its load.
 */
const smartBot: Bot = (state) => {
  if (state.encounter) return smartEncounter(state);
  const p = state.player;
  const money = p.cash + p.bank;
  const lastDay = state.day >= state.maxDays;
  // Withdraw exactly what an action needs.
  const pay = (amount: number, action: Action): Action => (p.cash >= amount ? action : { type: 'withdraw', amount: Math.min(p.bank, amount - p.cash) });

  if (lastDay) {
    for (const id in p.inventory) return { type: 'sell', drugId: id, quantity: p.inventory[id]!.quantity };
    if (p.debt > 0 && money > 0) return pay(Math.min(money, p.debt), { type: 'repay', amount: Math.min(money, p.debt) });
    return { type: 'stay' };
  }
  const cost = healCost(state);
  // Heal when hurt and it is cheap for what it has, or whatever it costs when badly hurt.
  if (cost > 0 && cost <= money && ((p.health < 75 && cost <= money * 0.25) || p.health < 40)) return pay(cost, { type: 'heal' });
  if (p.debt > 0 && money > p.debt && (money >= p.debt * 3 || state.day >= (p.loanShark?.dueDay ?? state.day) - 1)) {
    return pay(p.debt, { type: 'repay', amount: p.debt });
  }

  // Protection once it is affordable (a small share of what it has).
  const gear: [number, Action][] = [
    [8_000, { type: 'shopBuy', itemType: 'armor', itemId: 'kevlar_vest', quantity: 1 }],
    [25_000, { type: 'shopBuy', itemType: 'weapon', itemId: 'shotgun', quantity: 1 }],
    [120_000, { type: 'shopBuy', itemType: 'armor', itemId: 'tactical_armor', quantity: 1 }],
    [600_000, { type: 'shopBuy', itemType: 'armor', itemId: 'riot_suit', quantity: 1 }],
  ];
  for (const [threshold, action] of gear) {
    if (action.type !== 'shopBuy' || money < threshold) continue;
    const owned = action.itemType === 'armor' ? p.items.armor[action.itemId] : p.weapons[action.itemId];
    if (owned) continue;
    const price = action.itemType === 'armor' ? ARMOR_BY_ID.get(action.itemId)!.price : WEAPON_BY_ID.get(action.itemId)!.price;
    return pay(price, action);
  }
  // Wear the best armor owned, fight with the shotgun, keep it loaded.
  const bestArmor = ['riot_suit', 'tactical_armor', 'kevlar_vest', 'leather_jacket'].find((id) => p.items.armor[id]);
  if (bestArmor && p.equippedItems.armor !== bestArmor) return { type: 'equip', itemType: 'armor', itemId: bestArmor };
  if (p.weapons['shotgun'] && p.equippedItems.weapon !== 'shotgun') return { type: 'equip', itemType: 'weapon', itemId: 'shotgun' };
  if (p.weapons['shotgun']) {
    const shells = AMMO_BY_ID.get('shells')!;
    const have = p.items.ammo['shells'] ?? 0;
    if (have < 20 && money > 20_000) return pay((shells.maxCarry - have) * shells.price, { type: 'shopBuy', itemType: 'ammo', itemId: 'shells', quantity: shells.maxCarry - have });
  }

  const strong = p.equippedItems.armor !== null && p.equippedItems.weapon === 'shotgun' && (p.items.ammo['shells'] ?? 0) > 0;
  const others = LOCATIONS.filter((l) => l.id !== state.location);

  // Sell what sells better here than it is likely to anywhere else tomorrow.
  for (const id in p.inventory) {
    const price = state.prices[id] ?? 0;
    let bestElsewhere = 0;
    for (const loc of others) bestElsewhere = Math.max(bestElsewhere, expectedThere(state, loc.id, id));
    if (price >= bestElsewhere * 0.9) return { type: 'sell', drugId: id, quantity: p.inventory[id]!.quantity };
  }

  // Buy the drug with the best expected margin here, if it is worth the trip.
  const space = p.coatSpace - p.usedSpace;
  const budget = money - smartReserve(state);
  if (space > 0 && budget > 0 && state.day < state.maxDays - 1) {
    let best: { id: string; units: number; gain: number } | null = null;
    for (const m of state.marketInfo) {
      if (m.quantity <= 0 || m.price <= 0) continue;
      let sellAt = 0;
      for (const loc of others) sellAt = Math.max(sellAt, expectedThere(state, loc.id, m.id));
      const units = Math.min(space, m.quantity, Math.floor(budget / m.price));
      if (units <= 0 || sellAt < m.price * 1.2) continue;
      const gain = (sellAt - m.price) * units;
      if (!best || gain > best.gain) best = { id: m.id, units, gain };
    }
    if (best) return pay(best.units * state.prices[best.id]!, { type: 'buy', drugId: best.id, quantity: best.units });
  }
  if (p.cash > smartReserve(state) + 500 && p.debt === 0) return { type: 'deposit', amount: p.cash - smartReserve(state) };

  // Go where the load is worth most after its risk; empty, go where drugs are likely cheap and it is safe.
  let to: string | null = null;
  let bestValue = -Infinity;
  for (const loc of others) {
    if (loc.flightPrice > money) continue;
    let value: number;
    if (p.usedSpace > 0) value = tripValue(state, loc.id, strong);
    else {
      value = -loc.flightPrice - encounterRisk(state, loc.id) * 1_500;
      for (const d of DRUGS) value += Math.max(0, d.price - expectedThere(state, loc.id, d.id)) * Math.min(20, p.coatSpace / 5);
    }
    if (value > bestValue) {
      bestValue = value;
      to = loc.id;
    }
  }
  if (to && LOCATION_BY_ID.get(to)!.flightPrice > p.cash) return { type: 'withdraw', amount: Math.min(p.bank, LOCATION_BY_ID.get(to)!.flightPrice - p.cash) };
  return to ? { type: 'travel', destination: to } : { type: 'stay' };
};

const BOTS: Record<StrategyName, Bot> = { random: randomBot, greedy: greedyBot, cautious: cautiousBot, smart: smartBot, deadbeat: deadbeatBot };

// ---------- running ----------

export interface GameOutcome {
  score: number;
  /** Nanoseconds spent inside the engine (newGame + apply), bots excluded. */
  engineNs: number;
  refused: number;
  died: boolean;
  days: number;
  actions: number;
  stuck: boolean;
  /** gameOverReason of a game that ended in death, else null. */
  deathReason: string | null;
  /** The day a promotion first gave the game extra days, or null if none did. */
  extraDaysOn: number | null;
}

export function playGame(
  strategy: StrategyName,
  seed16: string,
  botSeed: number,
  trace?: (line: string) => void,
  /** Receives every accepted action (to build action logs for replays and benchmarks). */
  record?: (action: Action) => void,
): GameOutcome {
  let t0 = performance.now();
  let state = newGame({ playerName: `bot-${strategy}`, seed: seed16, isSeeded: true });
  let engineNs = (performance.now() - t0) * 1e6;
  let refused = 0;
  const rnd = new BotRandom(botSeed);
  const bot = BOTS[strategy];
  let actions = 0;
  let refusedInARow = 0;
  let extraDaysOn: number | null = null;
  const startDays = state.maxDays;
  while (!state.gameOver && actions < MAX_ACTIONS_PER_GAME) {
    // A bot that keeps getting refused moves the day on instead (or, in a fight, keeps fighting).
    const action: Action =
      refusedInARow >= 3 ? (state.encounter ? { type: 'encounter', action: state.encounter.type === 'loanSharkVisit' ? 'pay' : 'fight' } : { type: 'stay' }) : bot(state, rnd);
    t0 = performance.now();
    const result = apply(state, action);
    engineNs += (performance.now() - t0) * 1e6;
    actions++;
    if (trace) trace(`day ${state.day} ${state.currentState} ${JSON.stringify(action)} -> ${result.ok ? result.message : `${result.code}: ${result.message}`}`);
    if (result.ok) {
      state = result.state;
      if (extraDaysOn === null && state.maxDays > startDays) extraDaysOn = state.day;
      refusedInARow = 0;
      record?.(action);
    } else {
      refusedInARow++;
      refused++;
    }
  }
  const died = state.gameOver && state.player.health <= 0;
  return { score: finalScore(state), engineNs, refused, died, days: state.day, actions, stuck: !state.gameOver, deathReason: died ? state.gameOverReason : null, extraDaysOn };
}

export interface StrategySummary {
  median: number;
  p10: number;
  p90: number;
  deathRate: number;
  meanDays: number;
  stuckGames: number;
  meanActions: number;
  meanRefused: number;
  /** Deaths by reason, most common first. */
  deathReasons: [string, number][];
  /** Share of games in which a promotion gave extra days, and the median day it happened. */
  extraDaysRate: number;
  extraDaysMedianDay: number | null;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.round((p / 100) * (sorted.length - 1))));
  return sorted[i]!;
}

export function summarize(outcomes: readonly GameOutcome[]): StrategySummary {
  const scores = outcomes.map((o) => o.score).sort((a, b) => a - b);
  const n = Math.max(1, outcomes.length);
  return {
    median: percentile(scores, 50),
    p10: percentile(scores, 10),
    p90: percentile(scores, 90),
    deathRate: Math.round((outcomes.filter((o) => o.died).length / n) * 10000) / 10000,
    meanDays: Math.round((outcomes.reduce((a, o) => a + o.days, 0) / n) * 100) / 100,
    stuckGames: outcomes.filter((o) => o.stuck).length,
    meanActions: Math.round((outcomes.reduce((a, o) => a + o.actions, 0) / n) * 10) / 10,
    meanRefused: Math.round((outcomes.reduce((a, o) => a + o.refused, 0) / n) * 10) / 10,
    extraDaysRate: Math.round((outcomes.filter((o) => o.extraDaysOn !== null).length / n) * 10000) / 10000,
    extraDaysMedianDay: (() => {
      const days = outcomes.flatMap((o) => (o.extraDaysOn === null ? [] : [o.extraDaysOn])).sort((a, b) => a - b);
      return days.length > 0 ? percentile(days, 50) : null;
    })(),
    deathReasons: [...outcomes.reduce((m, o) => (o.deathReason ? m.set(o.deathReason, (m.get(o.deathReason) ?? 0) + 1) : m), new Map<string, number>())].sort(
      (a, b) => b[1] - a[1],
    ),
  };
}

interface Options {
  games: number;
  strategies: StrategyName[];
  seed: number;
  json: boolean;
}

function parseArgs(argv: readonly string[]): Options | string {
  const opts: Options = { games: 1000, strategies: [...STRATEGIES], seed: 1, json: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const value = argv[i + 1];
    if (arg === '--json') opts.json = true;
    else if (arg === '--games' && value !== undefined) {
      const n = Number(value);
      if (!Number.isSafeInteger(n) || n < 1) return `--games must be a positive whole number, got '${value}'`;
      opts.games = n;
      i++;
    } else if (arg === '--strategy' && value !== undefined) {
      if (value === 'all') opts.strategies = [...STRATEGIES];
      else if ((STRATEGIES as readonly string[]).includes(value)) opts.strategies = [value as StrategyName];
      else return `--strategy must be ${STRATEGIES.join(', ')} or all, got '${value}'`;
      i++;
    } else if (arg === '--seed' && value !== undefined) {
      const n = Number(value);
      if (!Number.isSafeInteger(n) || n < 0) return `--seed must be a non-negative whole number, got '${value}'`;
      opts.seed = n;
      i++;
    } else if (arg === '--') continue;
    else return `unknown argument '${arg}' (usage: --games N --strategy ${STRATEGIES.join('|')}|all [--seed S] [--json])`;
  }
  return opts;
}

/** The game seed for game i of a run: 16 digits, different for every (run seed, game) pair. */
export function gameSeed(runSeed: number, i: number): string {
  return String((runSeed * 1_000_003 + i * 7_919 + 12_345) % 10_000_000_000_000_000).padStart(16, '0');
}

function formatDollars(n: number): string {
  return `${n < 0 ? '-' : ''}$${Math.abs(Math.round(n)).toLocaleString('en-US')}`;
}

function main(): void {
  const parsed = parseArgs(process.argv.slice(2));
  if (typeof parsed === 'string') {
    console.error(parsed);
    process.exitCode = 2;
    return;
  }
  const summaries: Partial<Record<StrategyName, StrategySummary>> = {};
  let totalGames = 0;
  let engineNs = 0;
  const started = process.hrtime.bigint();
  const cpuStarted = process.cpuUsage();
  for (const strategy of parsed.strategies) {
    const outcomes: GameOutcome[] = [];
    for (let i = 0; i < parsed.games; i++) outcomes.push(playGame(strategy, gameSeed(parsed.seed, i), parsed.seed * 31 + i));
    totalGames += outcomes.length;
    for (const o of outcomes) engineNs += o.engineNs;
    summaries[strategy] = summarize(outcomes);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = process.cpuUsage(cpuStarted);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  const wallGamesPerSecond = Math.round(totalGames / Math.max(seconds, 1e-9));
  // The figure the speed target is about: whole games per second of engine time (bots' thinking excluded),
  // by the wall clock around each newGame/apply call. On a busy machine the wall clock also counts time the
  // process spent waiting for a core, so the CPU-time estimate (the process's CPU time, split between engine
  // and bots in the wall-clock proportion) is printed beside it.
  const gamesPerSecond = Math.round(totalGames / Math.max(engineNs / 1e9, 1e-9));
  const engineCpuSeconds = cpuSeconds * Math.min(1, engineNs / 1e9 / Math.max(seconds, 1e-9));
  const gamesPerCpuSecond = Math.round(totalGames / Math.max(engineCpuSeconds, 1e-9));
  for (const strategy of parsed.strategies) {
    const s = summaries[strategy]!;
    console.log(
      `${strategy.padEnd(9)} median ${formatDollars(s.median).padStart(14)}  p10 ${formatDollars(s.p10).padStart(14)}  ` +
        `p90 ${formatDollars(s.p90).padStart(14)}  deaths ${(s.deathRate * 100).toFixed(1).padStart(5)}%  ` +
        `mean days ${s.meanDays.toFixed(1)}  mean actions ${s.meanActions} (refused ${s.meanRefused})${s.stuckGames ? `  STUCK ${s.stuckGames}` : ''}`,
    );
    if (s.deathReasons.length > 0) console.log(`          deaths: ${s.deathReasons.map(([r, c]) => `${c} ${r}`).join('; ')}`);
    if (s.extraDaysMedianDay !== null) {
      console.log(`          extra days in ${(s.extraDaysRate * 100).toFixed(1)}% of games, first on day ${s.extraDaysMedianDay} (median)`);
    }
  }
  console.log(
    `${totalGames} games in ${seconds.toFixed(2)} s wall (${wallGamesPerSecond} games/s with the bots); ` +
      `engine alone: ${(engineNs / 1e9).toFixed(2)} s wall, ${gamesPerSecond} games/second on one core ` +
      `(CPU time: ${cpuSeconds.toFixed(2)} s for the process, ~${engineCpuSeconds.toFixed(2)} s engine, ~${gamesPerCpuSecond} games per CPU-second)`,
  );
  if (parsed.json) {
    const strategies: Record<string, Pick<StrategySummary, 'median' | 'p10' | 'p90' | 'deathRate' | 'meanDays'>> = {};
    for (const strategy of parsed.strategies) {
      const s = summaries[strategy]!;
      strategies[strategy] = { median: s.median, p10: s.p10, p90: s.p90, deathRate: s.deathRate, meanDays: s.meanDays };
    }
    console.log(JSON.stringify({ games: parsed.games, gamesPerSecond, gamesPerCpuSecond, strategies }));
  }
}

// Run only as a script (tests may import the bots and summaries).
if (process.argv[1] && /simulate\.(ts|js)$/.test(process.argv[1])) main();
