// Replaying a session's log from its seed without holding the event loop: the log is read a page at a time and
// the replay gives way to other work (setImmediate) after a few milliseconds or a fixed number of actions,
// whichever comes first, so an audit of the longest game allowed delays other requests by one slice at most.
// The audit, the reply of a retried action and a leaderboard entry's replay (replays.ts) replay whole logs;
// nothing else does (load rolls a recent snapshot forward over a handful of actions).
import { apply, newGame, type Action, type ApplyOk, type GameState } from '@drugwars/engine';
import { SessionLogError, type SessionRecord, type SessionRepository } from '../storage/port';

/** Longest stretch of replay between two turns of the event loop (the clock is checked after each action). */
export const REPLAY_SLICE_MS = 2;
/** ...and at most this many actions per stretch, however fast the machine: a bound the tests can count on. */
export const REPLAY_SLICE_ACTIONS = 256;
/** Log rows read per query. */
export const REPLAY_PAGE_ACTIONS = 512;

/**
 * Replays waiting for their next slice, served one per turn of the event loop in arrival order. With every replay
 * simply yielding by setImmediate, eight concurrent audits would run eight slices back to back in each turn, and a
 * request arriving meanwhile would wait for all of them; this way it waits for one slice at most, however many
 * audits are running (they take turns, so each takes longer, and nothing else does).
 */
const waiting: (() => void)[] = [];
let pumpScheduled = false;

function pump(): void {
  pumpScheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) schedulePump();
}

function schedulePump(): void {
  if (pumpScheduled) return;
  pumpScheduled = true;
  setImmediate(pump);
}

const nextTurn = () =>
  new Promise<void>((resolve) => {
    waiting.push(resolve);
    schedulePump();
  });

export type SessionMeta = Pick<SessionRecord, 'id' | 'playerName' | 'seed' | 'isSeeded'>;

/**
 * The state after the first `count` logged actions of `session`, replayed from its seed. Throws SessionLogError
 * when the log is shorter or the engine refuses a logged action (rows changed outside the game).
 */
export async function replayLog(
  sessions: SessionRepository,
  session: SessionMeta,
  count: number,
  /** Told about every action applied (the replay story is written from them). */
  onApplied?: (before: GameState, action: Action, result: ApplyOk) => void,
): Promise<GameState> {
  let state = newGame({ playerName: session.playerName, seed: session.seed, isSeeded: session.isSeeded });
  let done = 0;
  let sliceActions = 0;
  // The first slice waits its turn too: a burst of audits arriving together would otherwise all run theirs now.
  await nextTurn();
  let sliceStart = performance.now();
  while (done < count) {
    const page = await sessions.actions(session.id, { afterSeq: done, limit: Math.min(REPLAY_PAGE_ACTIONS, count - done) });
    if (page.length === 0) throw new SessionLogError(session.id, `the log ends at action ${done}, not ${count}`);
    for (const action of page) {
      const result = applyLogged(session.id, state, action, done + 1);
      onApplied?.(state, action, result);
      state = result.state;
      done++;
      sliceActions++;
      if (sliceActions >= REPLAY_SLICE_ACTIONS || performance.now() - sliceStart >= REPLAY_SLICE_MS) {
        await nextTurn();
        sliceActions = 0;
        sliceStart = performance.now();
      }
    }
  }
  return state;
}

/** apply() of an action from the log: it was accepted when logged, so a refusal means the log was changed. */
export function applyLogged(sessionId: string, state: GameState, action: Action, seq: number): ApplyOk {
  const result = apply(state, action);
  if (!result.ok) throw new SessionLogError(sessionId, `logged action ${seq} refused on replay (${result.code})`);
  return result;
}
