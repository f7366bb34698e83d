// The one entry point for changing a game: apply(state, action) -> ApplyOk | RuleError. Pure: it never
// mutates its input and never throws for any input a client could send; every refusal is a RuleError.
// Handlers live one file per area; this file checks the state machine, dispatches, and keeps the derived
// fields (score, usedSpace, currentStash, loan bookkeeping, machine state) consistent on every result.
import { resolveEncounter } from './combat';
import { closeDay } from './history';
import { borrow, borrowMax, deposit, heal, repay, withdraw } from './finance';
import { machineState, refusalFor, syncMachine } from './machine';
import { buy, dump, dumpAll, sell, stash, unstash } from './market';
import { newGame, type NewGameOptions } from './newGame';
import { equip, shopBuy, unequip } from './shop';
import { ship } from './shipping';
import { fightStream } from './streams';
import { update } from './records';
import { accept, finalScore, playerNeedsSettling, refuse, settle, withPlayer } from './state';
import { formatMoney } from './format';
import { stay, travel } from './travel';
import type { Action, ApplyResult, GameState } from './types';

type Handler<T extends Action['type']> = (state: GameState, action: Extract<Action, { type: T }>) => ApplyResult;

const HANDLERS: { [T in Action['type']]: Handler<T> } = {
  buy: (s, a) => buy(s, a.drugId, a.quantity),
  sell: (s, a) => sell(s, a.drugId, a.quantity),
  dump: (s, a) => dump(s, a.drugId, a.quantity),
  dumpAll: (s) => dumpAll(s),
  stash: (s, a) => stash(s, a.drugId, a.quantity),
  unstash: (s, a) => unstash(s, a.drugId, a.quantity),
  travel: (s, a) => travel(s, a.destination),
  stay: (s) => stay(s),
  deposit: (s, a) => deposit(s, a.amount),
  withdraw: (s, a) => withdraw(s, a.amount),
  borrow: (s, a) => borrow(s, a.sharkId, a.amount),
  borrowMax: (s, a) => borrowMax(s, a.sharkId),
  repay: (s, a) => repay(s, a.amount),
  heal: (s) => heal(s),
  shopBuy: (s, a) => shopBuy(s, a.itemType, a.itemId, a.quantity),
  equip: (s, a) => equip(s, a.itemType, a.itemId),
  unequip: (s, a) => unequip(s, a.itemType),
  encounter: (s, a) => encounter(s, a),
  ship: (s, a) => ship(s, a.drugId, a.quantity, a.destinationId, a.companyId),
  end: (s) => end(s),
};

function encounter(state: GameState, action: Extract<Action, { type: 'encounter' }>): ApplyResult {
  if (!state.encounter) return refuse('ACTION_NOT_ALLOWED', "There's nobody here to deal with.");
  return resolveEncounter(state, action, fightStream(state));
}

/** Ends the session (Main Menu, New Game): the game is over for good and the score is final. */
function end(state: GameState): ApplyResult {
  const next = update(state, {
    gameOver: true,
    gameOverReason: state.gameOverReason ?? 'Game ended',
    currentState: 'GAME_ENDED',
    encounter: null,
    pendingEncounter: null,
  });
  return accept(next, `Game over. Final score: ${formatMoney(finalScore(state))}.`);
}

function isAction(value: unknown): value is Action {
  return typeof value === 'object' && value !== null && typeof (value as { type?: unknown }).type === 'string' && Object.hasOwn(HANDLERS, (value as { type: string }).type);
}

export function apply(state: GameState, action: Action): ApplyResult {
  if (!isAction(action)) return refuse('INVALID_INPUT', "That's not something you can do in this game.");
  const refusal = refusalFor(state, machineState(state), action.type);
  if (refusal !== null) return refuse('ACTION_NOT_ALLOWED', refusal);
  const handler = HANDLERS[action.type] as Handler<typeof action.type>;
  const result = handler(state, action);
  if (!result.ok) return result;
  // Only the encounter handlers (combat.ts) may leave derived fields to tidy; the others settle what they change.
  let next = tidy(result.state, action.type === 'encounter');
  if (next.gameOver && !state.gameOver) next = update(next, { gameHistory: closeDay(next.gameHistory, next.day, next.player) });
  result.state = next; // the handler's own new result
  return result;
}

/** Derived fields and bookkeeping every result must satisfy, whichever handler made it. */
function tidy(state: GameState, checkDerived: boolean): GameState {
  let s = state;
  const p = s.player;
  if (p.debt <= 0 && (p.loanShark !== null || s.loanSharkVisits !== 0 || p.debt < 0)) {
    // A paid-off loan (by repay or by paying the shark's visit) leaves no shark and no visit count.
    s = update(s, { player: settle(p, { debt: 0, loanShark: null }), loanSharkVisits: 0 });
  } else if (checkDerived && (playerNeedsSettling(p) || p.day !== s.day || p.location !== s.location || p.maxDays !== s.maxDays)) {
    s = withPlayer(s, { day: s.day, location: s.location, maxDays: s.maxDays });
  }
  if (s.player.location !== s.location || s.player.day !== s.day) {
    s = withPlayer(s, { day: s.day, location: s.location });
  }
  return syncMachine(s);
}

/**
 * Rebuilds a game from its start options and its action log. Refused actions change nothing, exactly as
 * they did when first applied, so a log that includes them still replays to the same state.
 */
export function replay(opts: NewGameOptions, actions: readonly Action[]): GameState {
  let state = newGame(opts);
  for (const action of actions) {
    const result = apply(state, action);
    if (result.ok) state = result.state;
  }
  return state;
}
