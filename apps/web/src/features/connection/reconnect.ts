// Reconnecting a lost session (SPEC.md sections 2 and 9): up to 3 attempts, 1 second apart, each one checking
// that the stored session still validates and then resuming it. Pure sequencing with injected calls so the
// modal stays thin and the rule is testable.
import { RECONNECT_ATTEMPTS, RECONNECT_INTERVAL_MS } from '../../constants';

export interface ReconnectDeps {
  /** One attempt: true when the session is back (state loaded), false or a throw when not. */
  attempt(): Promise<boolean>;
  wait(ms: number): Promise<void>;
  /** Called before each attempt with its number (1-based). */
  onAttempt(n: number): void;
}

export const reconnectStatusText = (n: number) => `Attempting to reconnect... ${n}/${RECONNECT_ATTEMPTS}`;
// Written out so the text is greppable as SPEC.md quotes it; reconnect.test.ts checks it names RECONNECT_ATTEMPTS.
export const RECONNECT_FAILED_TEXT = 'Could not reconnect after 3 attempts.';

export async function reconnect(deps: ReconnectDeps): Promise<boolean> {
  for (let n = 1; n <= RECONNECT_ATTEMPTS; n++) {
    if (n > 1) await deps.wait(RECONNECT_INTERVAL_MS);
    deps.onAttempt(n);
    try {
      if (await deps.attempt()) return true;
    } catch (err) {
      console.warn(`reconnect attempt ${n} failed`, err);
    }
  }
  return false;
}
