// The backend state machine of SPEC.md section 4, derived (never stored independently) from the state:
// gameOver -> GAME_OVER (GAME_ENDED once an 'end' action closed the session); an encounter of type
// police|gang -> COMBAT, loanShark -> COMBAT_LOAN_SHARK, loanSharkVisit -> LOAN_SHARK_VISIT; else NORMAL.
// In a fight the player may change weapon or armor (equip, unequip) on their own turn, free of charge (the
// turn does not pass); on the enemy's turn only `encounter` and `end` are allowed.
import { update } from './records';
import type { ActionType, GameState, StateName } from './types';

const NORMAL_ACTIONS: readonly ActionType[] = [
  'buy',
  'sell',
  'dump',
  'dumpAll',
  'stash',
  'unstash',
  'travel',
  'stay',
  'deposit',
  'withdraw',
  'borrow',
  'borrowMax',
  'repay',
  'heal',
  'shopBuy',
  'equip',
  'unequip',
  'ship',
  'end',
];
/** A fight on the player's turn: fight/escape/bribe/surrender (encounter), a change of equipment, or quit. */
const COMBAT_ACTIONS: readonly ActionType[] = ['encounter', 'equip', 'unequip', 'end'];
/** A fight on the enemy's turn, and a loan-shark visit. */
const ENCOUNTER_ACTIONS: readonly ActionType[] = ['encounter', 'end'];
const OVER_ACTIONS: readonly ActionType[] = ['end'];
/** Actions allowed in a fight only on the player's turn. */
const PLAYER_TURN_ONLY: ReadonlySet<ActionType> = new Set(['equip', 'unequip']);

/**
 * What each state allows; for COMBAT and COMBAT_LOAN_SHARK this is the player's turn (on the enemy's turn equip
 * and unequip are left out: see allowedActionsOf, which gives the list a state actually carries).
 */
export const ALLOWED_ACTIONS: Readonly<Record<StateName, readonly ActionType[]>> = {
  NORMAL: NORMAL_ACTIONS,
  COMBAT: COMBAT_ACTIONS,
  COMBAT_LOAN_SHARK: COMBAT_ACTIONS,
  LOAN_SHARK_VISIT: ENCOUNTER_ACTIONS,
  GAME_OVER: OVER_ACTIONS,
  GAME_ENDED: [],
};

/** The same lists as sets, for the check apply makes on every action. */
export const ALLOWED_SETS: Readonly<Record<StateName, ReadonlySet<ActionType>>> = {
  NORMAL: new Set(NORMAL_ACTIONS),
  COMBAT: new Set(COMBAT_ACTIONS),
  COMBAT_LOAN_SHARK: new Set(COMBAT_ACTIONS),
  LOAN_SHARK_VISIT: new Set(ENCOUNTER_ACTIONS),
  GAME_OVER: new Set(OVER_ACTIONS),
  GAME_ENDED: new Set(),
};

function isFight(name: StateName): boolean {
  return name === 'COMBAT' || name === 'COMBAT_LOAN_SHARK';
}

/** The actions allowed right now: ALLOWED_ACTIONS of the machine state, without equip/unequip on the enemy's turn. */
export function allowedActionsOf(state: GameState, name: StateName = machineState(state)): readonly ActionType[] {
  return isFight(name) && state.encounter?.turnOrder === 'enemy' ? ENCOUNTER_ACTIONS : ALLOWED_ACTIONS[name];
}

/**
 * Why `type` may not be applied to `state` (in machine state `name`), or null when it may: the state does not
 * allow it at all, or it is a change of equipment during the enemy's turn.
 */
export function refusalFor(state: GameState, name: StateName, type: ActionType): string | null {
  if (!ALLOWED_SETS[name].has(type)) return notAllowedMessage(name);
  if (isFight(name) && PLAYER_TURN_ONLY.has(type) && state.encounter?.turnOrder === 'enemy') {
    return "You can't change your equipment on the enemy's turn. Wait for your turn!";
  }
  return null;
}

export function machineState(state: GameState): StateName {
  if (state.gameOver) return state.currentState === 'GAME_ENDED' ? 'GAME_ENDED' : 'GAME_OVER';
  const enc = state.encounter;
  if (!enc) return 'NORMAL';
  switch (enc.type) {
    case 'police':
    case 'gang':
      return 'COMBAT';
    case 'loanShark':
      return 'COMBAT_LOAN_SHARK';
    case 'loanSharkVisit':
      return 'LOAN_SHARK_VISIT';
  }
}

/** The sentence a player sees when an action is not allowed in the current state. */
export function notAllowedMessage(name: StateName): string {
  switch (name) {
    case 'COMBAT':
    case 'COMBAT_LOAN_SHARK':
      return "You can't do that in the middle of a fight!";
    case 'LOAN_SHARK_VISIT':
      return 'Deal with the loan shark first!';
    case 'GAME_OVER':
      return 'The game is over.';
    case 'GAME_ENDED':
      return 'This game has ended.';
    case 'NORMAL':
      return "You can't do that right now.";
  }
}

/**
 * Brings currentState, stateMachine, allowedActions and stateMetadata in line with the rest of the state.
 * Returns the same object when nothing changes (the common case: a trade in NORMAL).
 */
export function syncMachine(state: GameState): GameState {
  return machineInStep(state) ? state : update(state, machineFields(state));
}

/**
 * The machine fields of a new state brought in line on that same object: for a state the caller has just made
 * (update's or copyState's result), never one it was given. Saves syncMachine's second copy.
 */
export function setMachine(next: GameState): GameState {
  return machineInStep(next) ? next : Object.assign(next, machineFields(next));
}

function machineFields(state: GameState): Pick<GameState, 'currentState' | 'allowedActions' | 'stateMetadata' | 'stateMachine'> {
  const name = machineState(state);
  return {
    currentState: name,
    allowedActions: [...allowedActionsOf(state, name)],
    stateMetadata: {
      enteredOnDay: state.currentState === name ? state.stateMetadata.enteredOnDay : state.day,
      encounterType: state.encounter ? state.encounter.type : null,
    },
    stateMachine: { currentState: name },
  };
}

function machineInStep(state: GameState): boolean {
  const name = machineState(state);
  return (
    state.currentState === name &&
    state.stateMachine.currentState === name &&
    state.stateMetadata.encounterType === (state.encounter ? state.encounter.type : null) &&
    sameList(state.allowedActions, allowedActionsOf(state, name))
  );
}

function sameList(a: readonly ActionType[], b: readonly ActionType[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
