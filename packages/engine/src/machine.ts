// The backend state machine of SPEC.md section 4, derived (never stored independently) from the state:
// gameOver -> GAME_OVER (GAME_ENDED once an 'end' action closed the session); an encounter of type
// police|gang -> COMBAT, loanShark -> COMBAT_LOAN_SHARK, loanSharkVisit -> LOAN_SHARK_VISIT; else NORMAL.
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
const ENCOUNTER_ACTIONS: readonly ActionType[] = ['encounter', 'end'];
const OVER_ACTIONS: readonly ActionType[] = ['end'];

export const ALLOWED_ACTIONS: Readonly<Record<StateName, readonly ActionType[]>> = {
  NORMAL: NORMAL_ACTIONS,
  COMBAT: ENCOUNTER_ACTIONS,
  COMBAT_LOAN_SHARK: ENCOUNTER_ACTIONS,
  LOAN_SHARK_VISIT: ENCOUNTER_ACTIONS,
  GAME_OVER: OVER_ACTIONS,
  GAME_ENDED: [],
};

/** The same lists as sets, for the check apply makes on every action. */
export const ALLOWED_SETS: Readonly<Record<StateName, ReadonlySet<ActionType>>> = {
  NORMAL: new Set(NORMAL_ACTIONS),
  COMBAT: new Set(ENCOUNTER_ACTIONS),
  COMBAT_LOAN_SHARK: new Set(ENCOUNTER_ACTIONS),
  LOAN_SHARK_VISIT: new Set(ENCOUNTER_ACTIONS),
  GAME_OVER: new Set(OVER_ACTIONS),
  GAME_ENDED: new Set(),
};

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
  const name = machineState(state);
  const encounterType = state.encounter ? state.encounter.type : null;
  if (
    state.currentState === name &&
    state.stateMachine.currentState === name &&
    state.stateMetadata.encounterType === encounterType &&
    state.allowedActions.length === ALLOWED_ACTIONS[name].length
  ) {
    return state;
  }
  const entered = state.currentState === name ? state.stateMetadata.enteredOnDay : state.day;
  return {
    ...state,
    currentState: name,
    stateMachine: { currentState: name },
    allowedActions: [...ALLOWED_ACTIONS[name]],
    stateMetadata: { enteredOnDay: entered, encounterType },
  };
}
