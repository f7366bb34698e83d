// A stored snapshot plus the actions logged after it is the session's current state, because the engine's apply
// is deterministic (see SNAPSHOT_EVERY in sessionRepository.ts).
import { apply, isReplayable, rulesVersionOf, type Action, type GameState } from '@drugwars/engine';
import { OutdatedRulesError, SessionLogError } from './port';

/** Re-applies logged actions (their stored JSON) to a stored state; throws SessionLogError when one does not apply. */
export function rollForward(snapshot: GameState, loggedActions: readonly string[], sessionId: string): GameState {
  // Actions logged under other rules would replay to another game (or be refused): never apply them here.
  const version = rulesVersionOf(snapshot);
  if (!isReplayable(version)) throw new OutdatedRulesError(sessionId, version);
  let state = snapshot;
  for (const text of loggedActions) {
    let result;
    try {
      result = apply(state, JSON.parse(text) as Action);
    } catch (error) {
      throw new SessionLogError(sessionId, `unreadable logged action (${error instanceof Error ? error.message : String(error)})`);
    }
    // An action the engine refuses now was accepted when it was logged: the rows were changed by hand.
    if (!result.ok) throw new SessionLogError(sessionId, `logged action refused on replay (${result.code})`);
    state = result.state;
  }
  return state;
}
