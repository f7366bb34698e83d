// Caps on actions per game day and per game: a resource limit of this server, not a rule of the game. An honest
// game stays far below them (the simulator's greedy bot averages ~210 actions in a 30-38 day game); what they stop
// is a client that loops cheap actions ($1 deposit/withdraw pairs without ever ending the day) to grow one log
// without bound, which made every audit and replay of it slower. They live in the server, not in the engine,
// because an operator may set them (MAX_ACTIONS_PER_DAY, MAX_ACTIONS_PER_GAME) without changing the rules that
// games are recorded and audited under.
import type { Action } from '@drugwars/engine';
import { ApiErrorCode } from '@drugwars/protocol';
import { ApiError } from '../errors';
import type { SessionRecord } from '../storage/port';

export interface ActionCaps {
  /** Actions per game day; at the cap only the actions that move the game on are accepted. */
  perDay: number;
  /** Actions per game, hard: the longest log an audit ever replays. */
  perGame: number;
}

export const DEFAULT_ACTION_CAPS: ActionCaps = { perDay: 200, perGame: 3000 };

/**
 * Still accepted once today's cap is reached, so a capped player is never stuck: ending the day (travel, stay)
 * and resolving an encounter (which cannot be left any other way).
 */
const MOVES_THE_GAME_ON: ReadonlySet<Action['type']> = new Set(['travel', 'stay', 'encounter']);

/** Throws 409 ACTION_LIMIT when `action` would go past a cap of the game in `record`. */
export function checkActionCaps(caps: ActionCaps, record: Pick<SessionRecord, 'version' | 'dayStartVersion'>, action: Action): void {
  if (record.version >= caps.perGame) {
    throw new ApiError(409, ApiErrorCode.ACTION_LIMIT, `This game has reached its limit of ${caps.perGame.toLocaleString('en-US')} moves.`);
  }
  if (record.version - record.dayStartVersion >= caps.perDay && !MOVES_THE_GAME_ON.has(action.type)) {
    throw new ApiError(
      409,
      ApiErrorCode.ACTION_LIMIT,
      `That's ${caps.perDay.toLocaleString('en-US')} moves today, the most a day allows. Travel or stay to start a new day.`,
    );
  }
}
