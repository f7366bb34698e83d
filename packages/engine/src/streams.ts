// Which random stream each draw uses: the one place that says it.
//
// Every game keeps its PRNG in `state.rng`, seeded from the game's seed. A Daily Run also has `state.luck`, seeded
// from a luck seed of its own (newGame's `luckSeed`), so that everybody plays the same markets while nobody can
// rehearse the day's dice under another visitor id:
// - markets come from `rng` (the day's seed): every city's prices from the stream itself, and the stock of the
//   market the player stands in from a jumped copy of it, so where a player goes never moves the world's stream.
//   The same day and city show everybody the same prices and the same stock;
// - luck comes from `luck` (the run's own): shipments arriving, the day's random events (the stories' words,
//   rumors, finds, losses), encounters and every roll of a fight.
// Without `luck` (every other game, and every game stored before it existed) all of these draw from `rng`, in
// the order the rules always drew: the same games to the byte (golden.test.ts).
import { Rng } from './rng';
import type { GameState } from './types';

/** The streams of one day's end (travel.ts endDay). */
export interface DayStreams {
  /** Every city's new prices. */
  market: Rng;
  /** The stock of the market the player stands in; called once, after the prices. */
  stock(): Rng;
  /** Shipments, random events and encounters. */
  luck: Rng;
  /** The advanced streams, to store back into the state. */
  stored(): Pick<GameState, 'rng' | 'luck'>;
}

export function dayStreams(state: Pick<GameState, 'rng' | 'luck'>): DayStreams {
  const market = Rng.fromState(state.rng);
  if (!state.luck) return { market, stock: () => market, luck: market, stored: () => ({ rng: market.state() }) };
  const luck = Rng.fromState(state.luck);
  return { market, stock: () => market.jumped(), luck, stored: () => ({ rng: market.state(), luck: luck.state() }) };
}

/** The stream a fight rolls from. */
export function fightStream(state: Pick<GameState, 'rng' | 'luck'>): Rng {
  return Rng.fromState(state.luck ?? state.rng);
}

/** Stores a fight's advanced stream back where fightStream took it from (into `next`, a fresh copy). */
export function storeFightStream(next: GameState, rng: Rng): void {
  if (next.luck) next.luck = rng.state();
  else next.rng = rng.state();
}
