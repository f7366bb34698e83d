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

  it('continues the numbers stored in games before it wrapped pure-rand (seeded states, draws, stored state)', () => {
    // Recorded with the engine's own xoroshiro128+ (which rng.test.ts then checked against pure-rand draw for draw):
    // a game stored by that engine must go on with the same draws.
    const recorded = [
      { seed: '0000000000000001', state: [-1832243442, 1450065553, 1878956014, -1846268427], draws: [91, 921936, 0.5232392991892993, false, 3], after: [-929985690, -1097915752, 1904816559, -1347505273] },
      { seed: '1000000000000000', state: [1847575883, -881690865, -1810504755, -1280026829], draws: [50, 597062, 0.940782374702394, true, -1], after: [-1030256531, 903051307, -2103437234, 1448123282] },
      { seed: '9999999999999999', state: [-641640488, -694647773, -1312712801, -1945942241], draws: [39, 728852, 0.34673060313798487, true, 5], after: [-234707017, 1535052051, -1137974013, 1954807260] },
    ];
    for (const { seed, state, draws, after } of recorded) {
      const r = Rng.fromSeed(seed);
      expect(r.state()).toEqual(state);
      expect([r.int(1, 100), r.int(0, 1_000_000), r.float(), r.chance(0.5), r.int(-5, 5)]).toEqual(draws);
      expect(r.state()).toEqual(after);
    }
    // golden-0's state after newGame, as apps/server/test/fixtures/rulesV1Sessions.json stores it
    const stored = Rng.fromState(JSON.parse('[-64704546,1186770180,581750631,229354614]') as number[]);
    expect([stored.int(1, 6), stored.int(1, 6), stored.float(), stored.int(0, 2 ** 40)]).toEqual([2, 1, 0.7616033828817308, 1097977337686]);
    expect(stored.state()).toEqual([1303220842, -1232771043, 23914646, 1256199067]);
  });

  it('refuses a stored state of the wrong length as pure-rand does', () => {
    expect(() => Rng.fromState([1, 2, 3])).toThrow('The state must have been produced by a xoroshiro128plus RandomGenerator');
  });
});
