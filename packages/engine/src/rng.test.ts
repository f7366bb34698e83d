import { describe, expect, it } from 'vitest';
import { Rng } from './rng';

describe('Rng', () => {
  it('is reproducible from a seed and from a stored state', () => {
    const a = Rng.fromSeed('0000000000001234');
    const b = Rng.fromSeed('0000000000001234');
    const first = [a.int(1, 100), a.int(1, 100), a.int(1, 100)];
    expect([b.int(1, 100), b.int(1, 100), b.int(1, 100)]).toEqual(first);
    const resumed = Rng.fromState(JSON.parse(JSON.stringify(a.state())) as number[]);
    expect(resumed.int(0, 1_000_000)).toBe(a.int(0, 1_000_000));
  });

  it('gives different streams for different seeds, including seeds that differ only in one half', () => {
    const draw = (seed: string) => {
      const r = Rng.fromSeed(seed);
      return Array.from({ length: 8 }, () => r.int(0, 1_000_000));
    };
    expect(draw('1234567800000000')).not.toEqual(draw('0000000012345678'));
    expect(draw('0000000000000001')).not.toEqual(draw('0000000000000002'));
  });

  it('keeps int within its inclusive bounds and float within [0, 1)', () => {
    const r = Rng.fromSeed('9999999999999999');
    for (let i = 0; i < 10_000; i++) {
      const n = r.int(3, 7);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(7);
      const f = r.float();
      expect(f).toBeGreaterThanOrEqual(0);
      expect(f).toBeLessThan(1);
    }
  });
});

describe('Rng.int spread', () => {
  it('hits every value of a small range about equally often', () => {
    const r = Rng.fromSeed('0000000000000314');
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 60_000; i++) counts[r.int(1, 6) - 1]!++;
    for (const c of counts) {
      expect(c).toBeGreaterThan(9_400);
      expect(c).toBeLessThan(10_600);
    }
  });
});

describe('Rng against pure-rand', () => {
  it('draws what pure-rand xoroshiro128plus draws, and stores the state it would store', async () => {
    const { xoroshiro128plus } = await import('pure-rand');
    for (const seed of ['0000000000000001', '1234567890123456', '9999999999999999', '4242424242424242']) {
      const ours = Rng.fromSeed(seed);
      const theirs = xoroshiro128plus.fromState(ours.state());
      for (let i = 0; i < 5_000; i++) {
        const n = i % 3;
        if (n === 0) expect(ours.float()).toBe((theirs.unsafeNext() >>> 0) / 0x100000000);
        else if (n === 1) expect(ours.int(3, 300)).toBe(3 + Math.floor(((theirs.unsafeNext() >>> 0) / 0x100000000) * 298));
        else expect(ours.chance(0.3)).toBe((theirs.unsafeNext() >>> 0) / 0x100000000 < 0.3);
        if (i % 97 === 0) expect(ours.state()).toEqual(theirs.getState());
      }
      // A range wider than 2^32 goes through pure-rand's distribution on the same state.
      const wide = ours.int(0, 2 ** 40);
      const { unsafeUniformIntDistribution } = await import('pure-rand');
      expect(wide).toBe(unsafeUniformIntDistribution(0, 2 ** 40, theirs));
      expect(ours.state()).toEqual(theirs.getState());
    }
  });

  it('refuses a stored state of the wrong length as pure-rand does', () => {
    expect(() => Rng.fromState([1, 2, 3])).toThrow('The state must have been produced by a xoroshiro128plus RandomGenerator');
  });
});
