// Which rules a game is played under. Every state records the version its game started with
// (GameState.rulesVersion); a replay or an audit of a game is only meaningful under the rules that made it,
// and this engine plays only the current ones. The server closes games of older rules with a clear message
// rather than calling their logs tampered with (DESIGN.md section 8).
//
// Bump RULES_VERSION with every change that makes the same seed and actions give a different game (prices,
// odds, damage, costs, events, promotions), and say in CHANGELOG.md what changed for players.
//   1: the rules before versioning (states stored without a rulesVersion field).
//   2: uncertain markets (other cities' prices are hints), heat, a loan shark to fear, later promotions.
export const RULES_VERSION = 2;

/** The version a game stored before versioned rules had: its states carry no rulesVersion field. */
export const FIRST_RULES_VERSION = 1;

/** The rules version recorded in a stored state (or anything shaped like one); 1 when it records none. */
export function rulesVersionOf(state: { readonly rulesVersion?: unknown } | null | undefined): number {
  const v = state?.rulesVersion;
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= FIRST_RULES_VERSION ? v : FIRST_RULES_VERSION;
}

/**
 * Whether this engine can replay (and so audit, roll forward or continue) a game recorded under `rulesVersion`:
 * only games of the current rules. Ask it from the version stored with a game or an entry before replaying its log.
 */
export function isReplayable(rulesVersion: number): boolean {
  return rulesVersion === RULES_VERSION;
}

/** The sentence a player sees when their game was started under rules this engine no longer plays. */
export const OLDER_RULES_MESSAGE =
  "This game was started under older rules and can't be continued. Your scores on the Most Wanted List are safe. Start a new game!";
