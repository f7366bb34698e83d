// Predicting a move on the client (DESIGN.md section 9, "Predict, then confirm"): the moves that draw no randomness
// give the same result from a client's view of the game as from the server's whole state, so the web client
// paints them at once from the engine's own result and lets the server's reply confirm or correct it. A move that
// draws randomness (a trip, a night, an encounter) is not predictable and waits for the server.
import { apply } from './apply';
import { RULES_VERSION } from './rulesVersion';
import { toClientView } from './clientView';
import type { Action, ClientGameState, GameState, RuleError } from './types';

/** The moves a client may predict: they read only the market, the player and the day, and draw no randomness. */
export const PREDICTABLE_MOVES = [
  'buy',
  'sell',
  'dump',
  'dumpAll',
  'stash',
  'unstash',
  'deposit',
  'withdraw',
  'borrow',
  'borrowMax',
  'repay',
  'heal',
  'shopBuy',
] as const satisfies readonly Action['type'][];

export type PredictableAction = Extract<Action, { type: (typeof PREDICTABLE_MOVES)[number] }>;

export type Prediction = { ok: true; view: ClientGameState; message: string } | RuleError;

/**
 * The view after `action`, as the server will make it, or the engine's refusal; null when the view is in an
 * encounter (its moves are the server's alone). A test plays many games and checks every prediction against the
 * server's own apply.
 */
export function predictMove(view: ClientGameState, action: PredictableAction): Prediction | null {
  if (view.encounter !== null) return null;
  // What a client view lacks (the seed, the PRNG, other cities' real prices, the server's bookkeeping) no
  // predictable move reads: placeholders stand in for them, and the result's view never shows them.
  const state: GameState = {
    ...view,
    encounter: null,
    shipments: [],
    rulesVersion: RULES_VERSION,
    pendingEncounter: null,
    seed: '',
    rng: [0, 0, 0, 0],
    cityPrices: {},
    loanSharkVisits: 0,
    nextId: 0,
  };
  const result = apply(state, action);
  if (!result.ok) return result;
  return { ok: true, view: { ...toClientView(result.state), shipments: view.shipments }, message: result.message };
}
