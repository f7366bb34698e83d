import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { DRUGS, LOCATIONS } from './catalogue';
import { buildMarket, initialWorldPrices, maxBuy, nextWorldPrices, trendOf } from './market';
import { Rng } from './rng';
import { ok, run, startGame, withMarket, withPlayerFields } from './testkit';
import type { GameState, RuleError } from './types';

function refused(state: GameState, action: Parameters<typeof apply>[1]): RuleError {
  const r = apply(state, action);
  if (r.ok) throw new Error(`expected a refusal, got: ${r.message}`);
  return r;
}

/** A game where Weed costs $500 with 50 in stock and the player has $2,000 and an empty 100-unit pocket. */
function weedMarket(): GameState {
  return withMarket(startGame(), 'weed', { price: 500, quantity: 50 });
}

describe('buy', () => {
  it('takes the cash, adds the drug at its cost and lowers the stock', () => {
    const r = ok(apply(weedMarket(), { type: 'buy', drugId: 'weed', quantity: 3 }));
    expect(r.state.player.cash).toBe(2000 - 1500);
    expect(r.state.player.inventory['weed']).toEqual({ quantity: 3, totalCost: 1500 });
    expect(r.state.player.usedSpace).toBe(3);
    expect(r.state.marketInfo.find((m) => m.id === 'weed')!.quantity).toBe(47);
    expect(r.message).toBe('Bought 3 Weed for $1,500.');
    expect(r.state.gameHistory.actionHistory.at(-1)).toEqual({ day: 1, action: 'buy', details: { quantity: 3, drug: 'Weed', total: 1500 } });
  });

  it("refuses more than the cash covers with SPEC's sentence", () => {
    expect(refused(weedMarket(), { type: 'buy', drugId: 'weed', quantity: 5 })).toEqual({
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
      message: "You can't afford that much!",
    });
  });

  it("refuses more than the stock or the free space with \"You can't get that much!\"", () => {
    const rich = withPlayerFields(weedMarket(), { cash: 1_000_000 });
    const stock = refused(rich, { type: 'buy', drugId: 'weed', quantity: 51 });
    expect(stock).toMatchObject({ code: 'NOT_ENOUGH_STOCK', message: "You can't get that much!" });
    const full = withMarket(withPlayerFields(rich, { inventory: { ludes: { quantity: 98, totalCost: 980 } } }), 'weed', { quantity: 50 });
    expect(refused(full, { type: 'buy', drugId: 'weed', quantity: 3 })).toMatchObject({ code: 'NOT_ENOUGH_SPACE', message: "You can't get that much!" });
    expect(ok(apply(full, { type: 'buy', drugId: 'weed', quantity: 2 })).state.player.usedSpace).toBe(100);
  });

  it('refuses quantities that are not whole positive numbers and unknown drugs', () => {
    for (const quantity of [0, -1, 1.5, Number.NaN, Infinity]) {
      expect(refused(weedMarket(), { type: 'buy', drugId: 'weed', quantity }).code).toBe('INVALID_INPUT');
    }
    expect(refused(weedMarket(), { type: 'buy', drugId: 'toString', quantity: 1 }).code).toBe('UNKNOWN_ITEM');
    expect(refused(weedMarket(), { type: 'buy', drugId: '__proto__', quantity: 1 }).code).toBe('UNKNOWN_ITEM');
  });

  it('maxBuy is the least of affordable count, free space and stock', () => {
    const s = weedMarket();
    expect(maxBuy(s, 'weed')).toBe(4); // $2,000 / $500
    expect(maxBuy(withPlayerFields(s, { cash: 1_000_000 }), 'weed')).toBe(50); // stock
    const roomy = withMarket(withPlayerFields(s, { cash: 1_000_000, inventory: { ludes: { quantity: 90, totalCost: 0 } } }), 'weed', { quantity: 50 });
    expect(maxBuy(roomy, 'weed')).toBe(10); // space
    expect(maxBuy(withMarket(s, 'weed', { quantity: 0 }), 'weed')).toBe(0);
  });
});

describe('sell', () => {
  it('pays the local price, reports profit over average cost and counts drugs sold', () => {
    const bought = run(weedMarket(), { type: 'buy', drugId: 'weed', quantity: 4 }); // $2,000 for 4
    const s = withMarket(bought, 'weed', { price: 800 });
    const r = ok(apply(s, { type: 'sell', drugId: 'weed', quantity: 3 }));
    expect(r.state.player.cash).toBe(2400);
    expect(r.sale).toEqual({ totalPrice: 2400, profit: 2400 - 1500 });
    expect(r.state.player.inventory['weed']).toEqual({ quantity: 1, totalCost: 500 });
    expect(r.state.player.drugsSold).toBe(3);
    const all = ok(apply(r.state, { type: 'sell', drugId: 'weed', quantity: 1 }));
    expect(all.state.player.inventory).toEqual({});
    expect(all.state.player.usedSpace).toBe(0);
  });

  it("refuses selling more than carried with \"You don't have that much {drug}!\"", () => {
    const s = run(weedMarket(), { type: 'buy', drugId: 'weed', quantity: 2 });
    expect(refused(s, { type: 'sell', drugId: 'weed', quantity: 3 })).toMatchObject({ code: 'NOT_ENOUGH_DRUGS', message: "You don't have that much Weed!" });
    expect(refused(s, { type: 'sell', drugId: 'cocaine', quantity: 1 }).message).toBe("You don't have that much Cocaine!");
  });

  it('buys from the player even when the drug is not on sale here today', () => {
    const s = withMarket(run(weedMarket(), { type: 'buy', drugId: 'weed', quantity: 2 }), 'weed', { quantity: 0, price: 600 });
    expect(ok(apply(s, { type: 'sell', drugId: 'weed', quantity: 2 })).state.player.cash).toBe(1000 + 1200);
  });
});

describe('dump', () => {
  it('throws away some, all of one drug, or everything', () => {
    const rich = withPlayerFields(startGame(), { inventory: { weed: { quantity: 10, totalCost: 1000 }, ludes: { quantity: 5, totalCost: 50 } } });
    const some = ok(apply(rich, { type: 'dump', drugId: 'weed', quantity: 4 })).state;
    expect(some.player.inventory['weed']).toEqual({ quantity: 6, totalCost: 600 });
    expect(some.player.usedSpace).toBe(11);
    const oneDrug = ok(apply(rich, { type: 'dump', drugId: 'weed' })).state;
    expect(oneDrug.player.inventory).toEqual({ ludes: { quantity: 5, totalCost: 50 } });
    for (const action of [{ type: 'dumpAll' } as const, { type: 'dump', drugId: 'all' } as const]) {
      const none = ok(apply(rich, action)).state;
      expect(none.player.inventory).toEqual({});
      expect(none.player.usedSpace).toBe(0);
      expect(none.player.cash).toBe(rich.player.cash);
    }
    expect(refused(rich, { type: 'dump', drugId: 'weed', quantity: 11 }).code).toBe('NOT_ENOUGH_DRUGS');
    expect(refused(startGame(), { type: 'dumpAll' }).code).toBe('NOT_ENOUGH_DRUGS');
  });
});

describe('stash', () => {
  const carrying = () => withPlayerFields(startGame(), { inventory: { weed: { quantity: 10, totalCost: 5000 } } });

  it('moves drugs into the stash of the current city, freeing space', () => {
    const s = ok(apply(carrying(), { type: 'stash', drugId: 'weed', quantity: 4 })).state;
    expect(s.player.stash[s.location]).toEqual({ weed: { quantity: 4 } });
    expect(s.player.currentStash).toEqual({ weed: { quantity: 4 } });
    expect(s.player.inventory['weed']).toEqual({ quantity: 6, totalCost: 3000 });
    expect(s.player.usedSpace).toBe(6);
  });

  it("refuses stashing more than carried and taking more than stashed, with SPEC's sentences", () => {
    expect(refused(carrying(), { type: 'stash', drugId: 'weed', quantity: 11 }).message).toBe("You don't have that much Weed to stash!");
    const s = run(carrying(), { type: 'stash', drugId: 'weed', quantity: 4 });
    expect(refused(s, { type: 'unstash', drugId: 'weed', quantity: 5 }).message).toBe("You don't have that much Weed in your stash!");
  });

  it('keeps the stash per city: it stays behind when the player travels and is there on return', () => {
    const here = run(carrying(), { type: 'stash', drugId: 'weed', quantity: 4 });
    const home = here.location;
    const away = run(here, { type: 'travel', destination: LOCATIONS.find((l) => l.id !== home)!.id });
    expect(away.encounter).toBeNull(); // this seed has a quiet arrival
    expect(away.player.currentStash).toEqual({});
    expect(away.player.stash[home]).toEqual({ weed: { quantity: 4 } });
    expect(refused(away, { type: 'unstash', drugId: 'weed', quantity: 1 }).code).toBe('NOT_ENOUGH_DRUGS');
  });

  it('takes drugs back (cost basis restarts at the local price) and needs free space', () => {
    const s = withMarket(run(carrying(), { type: 'stash', drugId: 'weed', quantity: 4 }), 'weed', { price: 300 });
    const back = ok(apply(s, { type: 'unstash', drugId: 'weed', quantity: 4 })).state;
    expect(back.player.inventory['weed']).toEqual({ quantity: 10, totalCost: 3000 + 1200 });
    expect(back.player.stash).toEqual({});
    const full = withPlayerFields(s, { inventory: { ludes: { quantity: 100, totalCost: 0 } } });
    expect(refused(full, { type: 'unstash', drugId: 'weed', quantity: 1 }).code).toBe('NOT_ENOUGH_SPACE');
  });
});

describe('prices', () => {
  it('gives every city a price for every drug inside the band on day 1', () => {
    const world = initialWorldPrices(Rng.fromSeed('0000000000000007'));
    for (const loc of LOCATIONS) for (const d of DRUGS) {
      const price = world[loc.id]![d.id]!;
      expect(price).toBeGreaterThanOrEqual(d.minPrice);
      expect(price).toBeLessThanOrEqual(d.maxPrice);
    }
  });

  it('walks prices day to day, with spikes above and crashes below the band reported as moves', () => {
    const rng = Rng.fromSeed('0000000000000099');
    let world = initialWorldPrices(rng);
    let spikes = 0;
    let crashes = 0;
    let carried = 0;
    for (let day = 0; day < 200; day++) {
      const next = nextWorldPrices(world, rng);
      for (const loc of LOCATIONS) for (const d of DRUGS) {
        const price = next.world[loc.id]![d.id]!;
        expect(Number.isInteger(price) && price >= 1).toBe(true);
        const move = next.moves.find((m) => m.locationId === loc.id && m.drugId === d.id);
        expect(move?.trend ?? 'normal').toBe(trendOf(d, price));
      }
      spikes += next.moves.filter((m) => m.trend === 'spike').length;
      crashes += next.moves.filter((m) => m.trend === 'crash').length;
      carried += next.moves.filter((m) => !m.fresh).length;
      world = next.world;
    }
    // 200 days x 120 prices: about 2% spike and 2.5% crash a day.
    expect(spikes).toBeGreaterThan(200);
    expect(crashes).toBeGreaterThan(200);
    expect(carried).toBeGreaterThan(100);
  });

  it("today's price predicts tomorrow's: prices drift rather than jump at random", () => {
    const rng = Rng.fromSeed('0000000000000123');
    let world = initialWorldPrices(rng);
    let sameSide = 0;
    let total = 0;
    for (let day = 0; day < 50; day++) {
      const next = nextWorldPrices(world, rng).world;
      for (const loc of LOCATIONS) {
        const c = next[loc.id]!['cocaine']!;
        const p = world[loc.id]!['cocaine']!;
        if (c >= 15000 && c <= 29000 && p >= 15000 && p <= 29000) {
          total++;
          if (Math.abs(c - p) < 7000) sameSide++;
        }
      }
      world = next;
    }
    expect(sameSide / total).toBeGreaterThan(0.8);
  });

  it('builds the market with stock, trends and the previous price of this city', () => {
    const rng = Rng.fromSeed('0000000000000005');
    const prices = Object.fromEntries(DRUGS.map((d) => [d.id, d.price]));
    prices['weed'] = 5000; // spike
    prices['ludes'] = 2; // crash
    const yesterday = Object.fromEntries(DRUGS.map((d) => [d.id, d.minPrice]));
    const market = buildMarket(prices, yesterday, rng);
    expect(market.map((m) => m.id)).toEqual(DRUGS.map((d) => d.id));
    expect(market.find((m) => m.id === 'weed')!.trend).toBe('spike');
    const ludes = market.find((m) => m.id === 'ludes')!;
    expect(ludes.trend).toBe('crash');
    expect(ludes.quantity).toBeGreaterThanOrEqual(80);
    expect(market.find((m) => m.id === 'acid')!).toMatchObject({ trend: 'normal', previousPrice: 1000, price: 2700 });
    expect(buildMarket(prices, null, rng)[0]!.previousPrice).toBeNull();
  });
});
