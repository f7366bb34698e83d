// The game's only source of randomness: pure-rand's xoroshiro128+. Its state lives inside GameState.rng as the
// four numbers `getState()` gives, so a state is JSON, replays are exact, and `apply` stays pure: each action
// builds a Rng from the state's numbers, draws, and stores the advanced numbers in the new state.
import { type RandomGenerator, unsafeUniformIntDistribution, xoroshiro128plus } from 'pure-rand';

export class Rng {
  private constructor(private readonly gen: RandomGenerator) {}

  /** A generator seeded from a 16-digit seed string (both 8-digit halves feed the 128-bit state). */
  static fromSeed(seed16: string): Rng {
    const high = Number(seed16.slice(0, 8)) | 0;
    const low = Number(seed16.slice(8, 16)) | 0;
    // Mix both halves into xoroshiro's four 32-bit words; never all zero.
    const state = [mix32(high ^ 0x9e3779b9), mix32(low ^ 0x85ebca6b), mix32(high + low + 0xc2b2ae35), mix32(low - high + 0x27d4eb2f) | 1];
    return Rng.fromState(state);
  }

  /** Continue from numbers stored in a game state (pure-rand refuses a state of the wrong length). */
  static fromState(state: readonly number[]): Rng {
    return new Rng(xoroshiro128plus.fromState(state));
  }

  /** A copy 2^64 draws ahead: a stream of its own, leaving this one where it is (streams.ts). */
  jumped(): Rng {
    return new Rng(this.gen.jump!());
  }

  /** The numbers to store back into the game state (a new array: the caller's). */
  state(): number[] {
    return [...this.gen.getState()];
  }

  /**
   * Integer in [min, max], both inclusive. Ranges up to 2^32 values (every range a game uses) scale one raw
   * 32-bit draw: the bias, at most range / 2^32, is far below anything a game could show, and this scaling is
   * part of the rules (another distribution would deal other games). Wider ranges use pure-rand's exact one.
   */
  int(min: number, max: number): number {
    const range = max - min + 1;
    if (range <= 0x100000000) return min + Math.floor(this.float() * range);
    return unsafeUniformIntDistribution(min, max, this.gen);
  }

  /** Float in [0, 1): one raw 32-bit draw. */
  float(): number {
    return (this.gen.unsafeNext() >>> 0) / 0x100000000;
  }

  /** True with probability p (0..1). */
  chance(p: number): boolean {
    return this.float() < p;
  }

  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(0, items.length - 1)];
    if (item === undefined) throw new Error('Rng.pick on an empty list');
    return item;
  }
}

/** murmur3's 32-bit finalizer: spreads the seed's bits over the whole word. */
function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h | 0;
}
