// The engine's reducer as the storage's roll-forward (see SNAPSHOT_EVERY in kyselyStorage.ts): a stored snapshot
// plus the actions logged after it is the session's current state, because apply is deterministic.
import { apply, isReplayable, rulesVersionOf } from '@drugwars/engine';
import { OutdatedRulesError, SessionLogError, type RollForward } from './port';

export const engineRollForward: RollForward = (snapshot, actions, sessionId) => {
  // Actions logged under other rules would replay to another game (or be refused): never apply them here.
  const version = rulesVersionOf(snapshot);
  if (!isReplayable(version)) throw new OutdatedRulesError(sessionId, version);
  let state = snapshot;
  for (const action of actions) {
    const result = apply(state, action);
    // An action the engine refuses now was accepted when it was logged: the rows were changed by hand.
    if (!result.ok) throw new SessionLogError(sessionId, `logged action refused on replay (${result.code})`);
    state = result.state;
  }
  return state;
};
