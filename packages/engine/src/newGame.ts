// A fresh game: day 1 in the starting city with $2,000 cash and $1,000 owed to the default loan shark.
import { DEFAULT_LOAN_SHARK_ID, LOAN_SHARK_BY_ID, LOCATION_BY_ID, RANKS, STARTING_LOCATION_ID } from './catalogue';
import { DEFAULT_MAX_DAYS, LOAN_DUE_DAYS, MAX_HEALTH, STARTING_CASH, STARTING_DEBT } from './constants';
import { startHistory } from './history';
import { buildMarket, initialWorldPrices } from './market';
import { syncMachine } from './machine';
import { Rng } from './rng';
import { dayStreams } from './streams';
import { formatSeed } from './seed';
import { mapLocations } from './records';
import { RULES_VERSION } from './rulesVersion';
import { settle } from './state';
import { formatMoney } from './format';
import type { GameEvent, GameState, Player } from './types';

export interface NewGameOptions {
  playerName: string;
  /** 16 digits, already normalized (parseSeed). */
  seed: string;
  isSeeded: boolean;
  /**
   * A Daily Run's own luck (16 digits, like a seed): its events, encounters and fights draw from it while its
   * markets come from `seed`, the day's (streams.ts). Omitted for every other game.
   */
  luckSeed?: string;
}

export function newGame(opts: NewGameOptions): GameState {
  const streams = dayStreams({ rng: Rng.fromSeed(opts.seed).state(), luck: opts.luckSeed ? Rng.fromSeed(opts.luckSeed).state() : undefined });
  const shark = LOAN_SHARK_BY_ID.get(DEFAULT_LOAN_SHARK_ID)!;
  const rank = RANKS[0]!;
  const location = STARTING_LOCATION_ID;
  // Day 1's prices everywhere; the player starts with all of them (a tip sheet, "seen day 1"), and from then on
  // learns a city's prices only by being there.
  const cityPrices = initialWorldPrices(streams.market);
  const prices = cityPrices[location]!;
  const marketInfo = buildMarket(prices, null, streams.stock());
  const player: Player = settle({
    name: opts.playerName,
    cash: STARTING_CASH,
    bank: 0,
    debt: STARTING_DEBT,
    health: MAX_HEALTH,
    score: 0,
    day: 1,
    maxDays: Math.max(DEFAULT_MAX_DAYS, rank.maxDays),
    location,
    usedSpace: 0,
    coatSpace: rank.capacity,
    rank: { name: rank.name, level: rank.level, inventoryName: rank.inventoryName },
    loanShark: { id: shark.id, name: shark.name, interestRate: shark.dailyInterestRate, dueDay: 1 + LOAN_DUE_DAYS },
    inventory: {},
    stash: {},
    currentStash: {},
    weapons: {},
    items: { armor: {}, ammo: {}, consumables: {} },
    equippedItems: { weapon: null, armor: null },
    drugsSold: 0,
    copsKilled: 0,
  });
  const { rng, luck } = streams.stored();
  const state: GameState = {
    rulesVersion: RULES_VERSION,
    day: 1,
    maxDays: player.maxDays,
    location,
    gameOver: false,
    gameOverReason: null,
    isSeeded: opts.isSeeded,
    formattedSeed: opts.isSeeded ? formatSeed(opts.seed) : null,
    prices,
    worldPrices: cityPrices,
    worldPricesDay: mapLocations(() => 1),
    marketInfo,
    encounter: null,
    pendingEncounter: null,
    currentState: 'NORMAL',
    allowedActions: [],
    stateMetadata: { enteredOnDay: 1, encounterType: null },
    stateMachine: { currentState: 'NORMAL' },
    gameHistory: startHistory(player, cityPrices),
    shipments: [],
    player,
    seed: opts.seed,
    rng,
    cityPrices,
    loanSharkVisits: 0,
    nextId: 1,
    // Last, where copyState puts it too: a Daily Run's luck (no other game has one).
    ...(luck ? { luck } : {}),
  };
  return syncMachine(state);
}

/** '1 day', '7 days' (the intro reads right for any count). */
export function dayCount(n: number): string {
  return `${n} ${n === 1 ? 'day' : 'days'}`;
}

/** The game_intro event shown when a game starts. */
export function introEvents(state: GameState): GameEvent[] {
  const p = state.player;
  const city = LOCATION_BY_ID.get(p.location)?.name ?? p.location;
  const owed = p.loanShark ? `You owe ${formatMoney(p.debt)} to ${p.loanShark.name}, due in ${dayCount(Math.max(0, p.loanShark.dueDay - p.day))}` : '';
  return [
    {
      message:
        `DRUG WARS\n\n` +
        `You're a small-time hustler fresh off the bus in ${city} with ${formatMoney(p.cash)} in your pocket and big dreams. ` +
        `You have ${dayCount(p.maxDays)} to make as much money as you can: buy low, sell high, stay out of trouble.\n\n` +
        owed,
      type: 'info',
      category: 'game_intro',
    },
  ];
}
