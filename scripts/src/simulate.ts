// Plays whole games with simple bots and prints the score distribution per strategy and the engine's speed.
//   npm run simulate -- --games N --strategy random|greedy|cautious|all [--seed S] [--json]
// With --json the last line is one JSON object:
//   {"games":N,"gamesPerSecond":G,"gamesPerCpuSecond":C,"strategies":{"greedy":{"median":..,"p10":..,"p90":..,"deathRate":..,"meanDays":..},..}}
// Balance targets (issue 2): greedy median beats the starting net worth ($1,000); random median < greedy median;
// cautious dies in < 5% of games; no strategy's p90 above $100M.
import {
  AMMO_BY_ID,
  apply,
  DRUG_BY_ID,
  finalScore,
  healCost,
  LOCATIONS,
  maxBuy,
  newGame,
  WEAPON_BY_ID,
  type Action,
  type GameState,
} from '@drugwars/engine';

export type StrategyName = 'random' | 'greedy' | 'cautious';
const STRATEGIES: readonly StrategyName[] = ['random', 'greedy', 'cautious'];
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

function encounterAction(state: GameState, style: 'fight' | 'careful' | 'random', rnd: BotRandom): Action {
  const enc = state.encounter!;
  if (enc.type === 'loanSharkVisit') {
    if (enc.canPay && state.player.cash > 0) return { type: 'encounter', action: 'pay' };
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
 * Greedy trader: pays the shark off early, sells at a profit, buys the best spread by today's world prices with
 * all its cash and flies there; once rich it buys a pistol and a vest, heals below 70, and fights.
 */
const greedyBot: Bot = (state, rnd) => {
  if (state.encounter) return encounterAction(state, 'fight', rnd);
  const p = state.player;
  if (p.bank > 0) return { type: 'withdraw', amount: p.bank };
  const sale = sellFirst(state, 1);
  if (sale) return sale;
  if (p.debt > 0 && p.cash > p.debt + 500) return { type: 'repay', amount: p.debt };
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
};

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

const BOTS: Record<StrategyName, Bot> = { random: randomBot, greedy: greedyBot, cautious: cautiousBot };

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
      refusedInARow = 0;
      record?.(action);
    } else {
      refusedInARow++;
      refused++;
    }
  }
  const died = state.gameOver && state.player.health <= 0;
  return { score: finalScore(state), engineNs, refused, died, days: state.day, actions, stuck: !state.gameOver, deathReason: died ? state.gameOverReason : null };
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
      else return `--strategy must be random, greedy, cautious or all, got '${value}'`;
      i++;
    } else if (arg === '--seed' && value !== undefined) {
      const n = Number(value);
      if (!Number.isSafeInteger(n) || n < 0) return `--seed must be a non-negative whole number, got '${value}'`;
      opts.seed = n;
      i++;
    } else if (arg === '--') continue;
    else return `unknown argument '${arg}' (usage: --games N --strategy random|greedy|cautious|all [--seed S] [--json])`;
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
