// The story of a finished game, day by day, derived from its verified action log: where the player was, what
// they did (trades with quantities and prices, trips, fights and how they ended, loans, bank, shop), what they
// met (events, encounters) and how the money and health stood at the end of each day. The server builds it for
// a leaderboard entry's replay; it is pure, like everything here.
//
// `ReplayStoryBuilder` watches the actions as they are applied (the server replays long logs a slice at a
// time, so it applies and feeds the builder itself); `replayStory(opts, actions)` does the whole fold at once.
import { apply } from './apply';
import { LOCATION_BY_ID } from './catalogue';
import { newGame, introEvents, type NewGameOptions } from './newGame';
import { netWorth } from './state';
import type { Action, ApplyOk, Encounter, EncounterAction, EncounterToll, EncounterType, EventCategory, GameState, ShopItemType } from './types';

/** Money and health at one moment. netWorth = cash + bank - debt, the score's formula. */
export interface ReplayFigures {
  cash: number;
  bank: number;
  debt: number;
  health: number;
  netWorth: number;
}

/** Something the player met: news, a find, a mugging, a promotion, a shipment (encounters are steps). */
export interface ReplayEvent {
  category: EventCategory;
  message: string;
}

/** How an encounter ended; 'unfinished' when the log stops in the middle of it. */
export type ReplayEncounterOutcome = 'won' | 'escaped' | 'bribed' | 'surrendered' | 'paid' | 'skipped' | 'killed' | 'unfinished';

/** A fight or a loan-shark visit, from its first words to its end. */
export interface ReplayEncounter {
  kind: 'encounter';
  /** The encounter's opening words. */
  message: string;
  encounterType: EncounterType;
  /** Names of the enemies (none for a loan-shark visit). */
  enemies: string[];
  /** Loan-shark visits (and the goons' fights) count up per loan; 0 for police and gangs. */
  visitNumber: number;
  /** The player's actions in it, in order (fight, escape, bribe, surrender, pay, skip). */
  actions: EncounterAction[];
  /** Rounds fought (1 for a visit). */
  rounds: number;
  /** Enemies put down. */
  downed: number;
  outcome: ReplayEncounterOutcome;
  /** Cash found on the bodies after a win. */
  reward: number;
  /** What the encounter cost: health, cash, drugs, debt. */
  toll: EncounterToll;
  /** What happened, line by line: the result of every action (weapon changes included). */
  log: string[];
}

/**
 * One thing the player did. `message` is the sentence the game said at the time; the other fields are the figures.
 * Amounts are dollars, quantities units; ids are the catalogue's (drug, location, item, shark, company).
 */
export type ReplayStep =
  | { kind: 'buy'; message: string; drugId: string; quantity: number; price: number; total: number }
  | { kind: 'sell'; message: string; drugId: string; quantity: number; price: number; total: number; profit: number }
  /** drugId null: everything carried was dumped. */
  | { kind: 'dump'; message: string; drugId: string | null; quantity: number }
  | { kind: 'stash' | 'unstash'; message: string; drugId: string; quantity: number }
  | { kind: 'deposit' | 'withdraw' | 'repay'; message: string; amount: number }
  | { kind: 'borrow'; message: string; sharkId: string; amount: number }
  | { kind: 'heal'; message: string; cost: number; health: number }
  | { kind: 'shop'; message: string; itemType: ShopItemType; itemId: string; quantity: number; cost: number }
  /** itemId null: unequipped. */
  | { kind: 'equip'; message: string; itemType: 'weapon' | 'armor'; itemId: string | null }
  | { kind: 'ship'; message: string; drugId: string; quantity: number; destinationId: string; companyId: string; cost: number }
  | { kind: 'travel'; message: string; from: string; to: string; fare: number }
  | { kind: 'stay'; message: string }
  /** The last day ran out (the trip or night that would have started the next day). */
  | { kind: 'timeUp'; message: string }
  | ReplayEncounter;

export interface ReplayDay {
  day: number;
  /** Where the day was spent (location id). */
  location: string;
  /** What the player met on arriving (or, on day 1, the intro). */
  events: ReplayEvent[];
  steps: ReplayStep[];
  /**
   * The figures when the day's business was done, after paying for the night's flight: the night's interest and
   * what happened on arrival count for the next day. The last day's are the final ones (netWorth = the score).
   */
  end: ReplayFigures;
}

export interface ReplayStory {
  rulesVersion: number;
  days: ReplayDay[];
  /** The game as it stood after the last action. */
  final: { day: number; score: number; gameOver: boolean; gameOverReason: string | null; died: boolean };
}

function figuresOf(state: Pick<GameState, 'player'>): ReplayFigures {
  const p = state.player;
  return { cash: p.cash, bank: p.bank, debt: p.debt, health: p.health, netWorth: netWorth(p) };
}

/** The events of a result worth telling (fights and visits become encounter steps). */
function storyEvents(result: ApplyOk): ReplayEvent[] {
  const out: ReplayEvent[] = [];
  for (const e of result.events) if (e.category !== 'combat' && e.category !== 'loan_shark') out.push({ category: e.category, message: e.message });
  return out;
}

function openEncounter(enc: Encounter): ReplayEncounter {
  return {
    kind: 'encounter',
    message: enc.message,
    encounterType: enc.type,
    enemies: enc.enemies.map((e) => e.name),
    visitNumber: enc.visitNumber,
    actions: [],
    rounds: enc.round,
    downed: 0,
    outcome: 'unfinished',
    reward: 0,
    toll: { ...enc.toll },
    log: [],
  };
}

/** Follows a game action by action and writes its story. Feed it every accepted action, in order. */
export class ReplayStoryBuilder {
  private readonly days: ReplayDay[] = [];
  private day: ReplayDay;
  private encounter: ReplayEncounter | null = null;
  private last: GameState;

  constructor(start: GameState) {
    this.last = start;
    const intro: ReplayEvent[] = introEvents(start).map((e) => ({ category: e.category, message: e.message }));
    this.day = { day: start.day, location: start.location, events: intro, steps: [], end: figuresOf(start) };
    this.days.push(this.day);
  }

  /** Records one accepted action: `before` is the state it was applied to, `result` what apply returned. */
  record(before: GameState, action: Action, result: ApplyOk): void {
    const after = result.state;
    this.last = after;
    // Nothing after the end counts (Main Menu ends a finished game: that is not part of its story).
    if (before.gameOver) return;
    if (action.type === 'encounter' || (this.encounter !== null && (action.type === 'equip' || action.type === 'unequip'))) {
      this.recordEncounter(before, action, result);
    } else if ((action.type === 'travel' || action.type === 'stay') && after.day > before.day) {
      this.recordNight(before, action, result);
      return;
    } else {
      const step = stepOf(before, action, result);
      if (step) this.day.steps.push(step);
    }
    this.day.end = figuresOf(after);
  }

  private recordNight(before: GameState, action: Extract<Action, { type: 'travel' | 'stay' }>, result: ApplyOk): void {
    const after = result.state;
    if (action.type === 'travel') {
      const fare = LOCATION_BY_ID.get(after.location)?.flightPrice ?? 0;
      this.day.steps.push({ kind: 'travel', message: result.message, from: before.location, to: after.location, fare });
      const end = figuresOf(before);
      end.cash -= fare;
      end.netWorth -= fare;
      this.day.end = end;
    } else {
      this.day.steps.push({ kind: 'stay', message: result.message });
      this.day.end = figuresOf(before);
    }
    this.encounter = null;
    this.day = { day: after.day, location: after.location, events: storyEvents(result), steps: [], end: figuresOf(after) };
    this.days.push(this.day);
    if (after.encounter) this.startEncounter(after.encounter);
  }

  private startEncounter(enc: Encounter): void {
    this.encounter = openEncounter(enc);
    this.day.steps.push(this.encounter);
  }

  private recordEncounter(before: GameState, action: Action, result: ApplyOk): void {
    const enc = this.encounter ?? (before.encounter ? this.adoptEncounter(before.encounter) : null);
    if (!enc) return;
    const attack = result.attack;
    let message = result.message;
    const follow = attack?.followUpEncounter ?? null;
    // An ending that lets a waiting encounter in says so after 'But wait...': that part opens the next step.
    if (follow) {
      const suffix = ` But wait... ${follow.message}`;
      if (message.endsWith(suffix)) message = message.slice(0, -suffix.length);
    }
    enc.log.push(message);
    if (action.type !== 'encounter') return;
    enc.actions.push(action.action);
    const after = result.state;
    const current = after.encounter;
    if (attack) {
      enc.toll = { ...attack.toll };
      for (const item of attack.attackResults) {
        const was = before.encounter?.enemies.find((e) => e.id === item.targetId);
        if (was && was.health > 0 && !item.wasMiss && item.damage >= was.health) enc.downed++;
      }
    }
    const outcome = outcomeOf(action.action, attack, after);
    if (current && outcome === null) {
      enc.rounds = current.round;
      return;
    }
    enc.outcome = outcome ?? 'unfinished';
    if (attack?.victory) enc.reward = attack.reward;
    this.encounter = null;
    if (follow && current) this.startEncounter(current);
  }

  /** A story started on a state already in an encounter (a builder made mid-game): pick it up from there. */
  private adoptEncounter(enc: Encounter): ReplayEncounter {
    this.startEncounter(enc);
    return this.encounter!;
  }

  /** The story so far (the whole story once every action is recorded). */
  story(): ReplayStory {
    const s = this.last;
    return {
      rulesVersion: s.rulesVersion,
      days: this.days,
      final: {
        day: s.day,
        score: netWorth(s.player),
        gameOver: s.gameOver,
        gameOverReason: s.gameOverReason,
        died: s.player.health <= 0,
      },
    };
  }

  /** The game as the last recorded action left it. */
  get state(): GameState {
    return this.last;
  }
}

function outcomeOf(action: EncounterAction, attack: ApplyOk['attack'], after: GameState): ReplayEncounterOutcome | null {
  if (!attack) return null;
  if (attack.playerDead) return 'killed';
  if (attack.victory) return 'won';
  if (attack.escaped) return 'escaped';
  if (attack.bribed) return 'bribed';
  if (attack.surrendered) return 'surrendered';
  if (action === 'pay') return 'paid';
  if (action === 'skip') return 'skipped';
  return after.encounter ? null : 'unfinished';
}

/** The step an action outside encounters and nights makes (null for one that tells nothing, e.g. `end`). */
function stepOf(before: GameState, action: Action, result: ApplyOk): ReplayStep | null {
  const message = result.message;
  const was = before.player;
  const now = result.state.player;
  switch (action.type) {
    case 'buy': {
      const total = was.cash - now.cash;
      return { kind: 'buy', message, drugId: action.drugId, quantity: action.quantity, price: Math.round(total / action.quantity), total };
    }
    case 'sell': {
      const total = result.sale?.totalPrice ?? now.cash - was.cash;
      return { kind: 'sell', message, drugId: action.drugId, quantity: action.quantity, price: Math.round(total / action.quantity), total, profit: result.sale?.profit ?? 0 };
    }
    case 'dump':
    case 'dumpAll': {
      const all = action.type === 'dumpAll' || action.drugId === 'all';
      return { kind: 'dump', message, drugId: all ? null : action.drugId, quantity: was.usedSpace - now.usedSpace };
    }
    case 'stash':
    case 'unstash':
      return { kind: action.type, message, drugId: action.drugId, quantity: action.quantity };
    case 'deposit':
    case 'withdraw':
    case 'repay':
      return { kind: action.type, message, amount: action.amount };
    case 'borrow':
    case 'borrowMax':
      return { kind: 'borrow', message, sharkId: now.loanShark?.id ?? '', amount: now.cash - was.cash };
    case 'heal':
      return { kind: 'heal', message, cost: was.cash - now.cash, health: now.health - was.health };
    case 'shopBuy':
      return { kind: 'shop', message, itemType: action.itemType, itemId: action.itemId, quantity: action.quantity, cost: was.cash - now.cash };
    case 'equip':
      return { kind: 'equip', message, itemType: action.itemType, itemId: action.itemId };
    case 'unequip':
      return { kind: 'equip', message, itemType: action.itemType, itemId: null };
    case 'ship':
      return {
        kind: 'ship',
        message,
        drugId: action.drugId,
        quantity: action.quantity,
        destinationId: action.destinationId,
        companyId: action.companyId,
        cost: was.cash - now.cash,
      };
    case 'travel':
    case 'stay':
      // A trip or night that did not start a new day: the last day ran out.
      return { kind: 'timeUp', message };
    case 'encounter':
    case 'end':
      return null;
  }
}

/**
 * The story of a game from its start options and action log (refused actions change nothing and tell nothing,
 * as when they were first sent).
 */
export function replayStory(opts: NewGameOptions, actions: readonly Action[]): ReplayStory {
  let state = newGame(opts);
  const builder = new ReplayStoryBuilder(state);
  for (const action of actions) {
    const result = apply(state, action);
    if (!result.ok) continue;
    builder.record(state, action, result);
    state = result.state;
  }
  return builder.story();
}
