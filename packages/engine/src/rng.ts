// The game's only source of randomness. The PRNG state lives inside GameState.rng as plain numbers, so a
// state is JSON, replays are exact, and `apply` stays pure: each action builds a Rng from the state's
// numbers, draws, and stores the advanced numbers in the new state.
//
// The generator is xoroshiro128+ exactly as pure-rand's `xoroshiro128plus` computes it (the same four 32-bit words
// in the same order, the same output), kept in this object's own fields: one object per action instead of three
// (the Rng, pure-rand's generator, the state arrays), and no call through another object on the hot path (120
// draws a day). rng.test.ts checks every draw and state against pure-rand's.
import { unsafeUniformIntDistribution, xoroshiro128plus } from 'pure-rand';

export class Rng {
  // The state as pure-rand's getState() orders it: [s01, s00, s11, s10]. Each field starts as a number: declared
  // without a value, a field is first defined as undefined (ES2022 class fields), after which V8 treats it as
  // holding any value rather than only small integers, and a draw costs ~20% more (nextWorldPrices: 120 a day).
  private s01 = 0;
  private s00 = 0;
  private s11 = 0;
  private s10 = 0;

  private constructor(s01: number, s00: number, s11: number, s10: number) {
    this.s01 = s01;
    this.s00 = s00;
    this.s11 = s11;
    this.s10 = s10;
  }

  /** A generator seeded from a 16-digit seed string (both 8-digit halves feed the 128-bit state). */
  static fromSeed(seed16: string): Rng {
    const high = Number(seed16.slice(0, 8)) | 0;
    const low = Number(seed16.slice(8, 16)) | 0;
    // Mix both halves into xoroshiro's four 32-bit words; never all zero.
    const state = [mix32(high ^ 0x9e3779b9), mix32(low ^ 0x85ebca6b), mix32(high + low + 0xc2b2ae35), mix32(low - high + 0x27d4eb2f) | 1];
    return Rng.fromState(state);
  }

  /** Continue from numbers stored in a game state (copied, never mutated). */
  static fromState(state: readonly number[]): Rng {
    // pure-rand's check, with its message.
    if (state.length !== 4) throw new Error('The state must have been produced by a xoroshiro128plus RandomGenerator');
    return new Rng(state[0]!, state[1]!, state[2]!, state[3]!);
  }

  /** The numbers to store back into the game state (a new array: the caller's). */
  state(): number[] {
    return [this.s01, this.s00, this.s11, this.s10];
  }

  /** The next raw 32-bit draw (signed): pure-rand's XoroShiro128Plus.unsafeNext, step for step. */
  private next(): number {
    const out = (this.s00 + this.s10) | 0;
    const a0 = this.s10 ^ this.s00;
    const a1 = this.s11 ^ this.s01;
    const s00 = this.s00;
    const s01 = this.s01;
    this.s00 = (s00 << 24) ^ (s01 >>> 8) ^ a0 ^ (a0 << 16);
    this.s01 = (s01 << 24) ^ (s00 >>> 8) ^ a1 ^ ((a1 << 16) | (a0 >>> 16));
    this.s10 = (a1 << 5) ^ (a0 >>> 27);
    this.s11 = (a0 << 5) ^ (a1 >>> 27);
    return out;
  }

  /**
   * Integer in [min, max], both inclusive. Ranges up to 2^32 values scale one raw 32-bit draw (the bias, at
   * most range / 2^32, is far below anything a game could show, and it is several times faster than
   * rejection sampling on the hot path); wider ranges use pure-rand's exact distribution.
   */
  int(min: number, max: number): number {
    const range = max - min + 1;
    if (range <= 0x100000000) return min + Math.floor(((this.next() >>> 0) / 0x100000000) * range);
    // Never on a game's path (every range is small): pure-rand's generator on our state, and its state back.
    const gen = xoroshiro128plus.fromState(this.state());
    const n = unsafeUniformIntDistribution(min, max, gen);
    [this.s01, this.s00, this.s11, this.s10] = gen.getState() as [number, number, number, number];
    return n;
  }

  /** Float in [0, 1): one raw 32-bit draw (the hot path of the daily markets, so no distribution helper). */
  float(): number {
    return (this.next() >>> 0) / 0x100000000;
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
