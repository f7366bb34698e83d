import { describe, expect, it } from 'vitest';
import {
  AMMO,
  AMMO_BY_ID,
  ARMOR,
  CONSUMABLES,
  DEFAULT_LOAN_SHARK_ID,
  DRUGS,
  ITEMS,
  LOAN_SHARK_BY_ID,
  LOAN_SHARKS,
  LOCATIONS,
  RANKS,
  SHIPPING_COMPANIES,
  STARTING_LOCATION_ID,
  WEAPONS,
} from './catalogue';
import { DEFAULT_SHARK_INTEREST_RATE } from './constants';

describe('catalogue', () => {
  it('has the twelve classic drugs with the classic price ranges', () => {
    const ranges = Object.fromEntries(DRUGS.map((d) => [d.name, [d.minPrice, d.maxPrice]]));
    expect(ranges).toEqual({
      Acid: [1000, 4400],
      Cocaine: [15000, 29000],
      Hashish: [480, 1280],
      Heroin: [5500, 13000],
      Ludes: [11, 60],
      MDA: [1500, 4400],
      Opium: [540, 1250],
      PCP: [1000, 2500],
      Peyote: [220, 700],
      Shrooms: [630, 1300],
      Speed: [90, 250],
      Weed: [315, 890],
    });
    for (const d of DRUGS) {
      expect(d.price).toBeGreaterThanOrEqual(d.minPrice);
      expect(d.price).toBeLessThanOrEqual(d.maxPrice);
    }
  });

  it('has at least 8 cities with flight price, airport flag and danger 0-5, and unique ids', () => {
    expect(LOCATIONS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(LOCATIONS.map((l) => l.id)).size).toBe(LOCATIONS.length);
    for (const l of LOCATIONS) {
      expect(Number.isInteger(l.flightPrice) && l.flightPrice > 0).toBe(true);
      expect(typeof l.hasAirport).toBe('boolean');
      expect(l.dangerLevel).toBeGreaterThanOrEqual(0);
      expect(l.dangerLevel).toBeLessThanOrEqual(5);
    }
    expect(LOCATIONS.map((l) => l.id)).toContain(STARTING_LOCATION_ID);
    expect(LOCATIONS.some((l) => !l.hasAirport)).toBe(true);
  });

  it('has exactly the eight weapon ids of SPEC.md, each gun using ammo that exists', () => {
    expect(WEAPONS.map((w) => w.id).sort()).toEqual(
      ['area_disruptor', 'cheap_pistol', 'grenade', 'knife', 'machine_gun', 'pistol', 'rocket_launcher', 'shotgun'].sort(),
    );
    for (const w of WEAPONS) {
      expect(['single_target', 'multi_target', 'all_targets']).toContain(w.targetType);
      expect(w.damage).toBeGreaterThan(0);
      expect(w.accuracy).toBeGreaterThan(0);
      expect(w.accuracy).toBeLessThanOrEqual(1);
      expect(w.description.length).toBeGreaterThan(0);
      if (w.ammoId !== null) expect(AMMO_BY_ID.has(w.ammoId)).toBe(true);
    }
    expect(WEAPONS.find((w) => w.id === 'knife')!.ammoId).toBeNull();
    // Every ammo type is used by some gun.
    for (const a of AMMO) expect(WEAPONS.some((w) => w.ammoId === a.id)).toBe(true);
  });

  it('has armor, ammo with a carry limit, consumables and items', () => {
    expect(ARMOR.length).toBeGreaterThan(0);
    for (const a of ARMOR) expect(a.protection).toBeGreaterThan(0);
    for (const a of AMMO) expect(a.maxCarry).toBeGreaterThan(0);
    expect(CONSUMABLES.length).toBeGreaterThan(0);
    expect(ITEMS.length).toBeGreaterThan(0);
  });

  it('has at least 6 ranks starting with Wannabe, growing in requirement, capacity and days', () => {
    expect(RANKS.length).toBeGreaterThanOrEqual(6);
    expect(RANKS[0]!.name).toBe('Wannabe');
    expect(RANKS[0]!.cashRequirement).toBe(0);
    expect(RANKS[0]!.maxDays).toBe(30);
    RANKS.forEach((r, i) => {
      expect(r.level).toBe(i + 1);
      if (i > 0) {
        const prev = RANKS[i - 1]!;
        expect(r.cashRequirement).toBeGreaterThan(prev.cashRequirement);
        expect(r.capacity).toBeGreaterThanOrEqual(prev.capacity);
        expect(r.maxDays).toBeGreaterThanOrEqual(prev.maxDays);
      }
    });
  });

  it('has at least 3 loan sharks, the default one lending at 10% a day from the first rank', () => {
    expect(LOAN_SHARKS.length).toBeGreaterThanOrEqual(3);
    const def = LOAN_SHARK_BY_ID.get(DEFAULT_LOAN_SHARK_ID)!;
    expect(def.dailyInterestRate).toBe(DEFAULT_SHARK_INTEREST_RATE);
    expect(def.minRankLevel).toBe(1);
    expect(def.maxLoan).toBeGreaterThanOrEqual(1000);
    for (const s of LOAN_SHARKS) {
      expect(s.personality.length).toBeGreaterThan(0);
      expect(s.gracePeriod).toBeGreaterThan(0);
    }
  });

  it('has shipping companies with a price per unit, success rate and days', () => {
    expect(SHIPPING_COMPANIES.length).toBeGreaterThan(0);
    for (const c of SHIPPING_COMPANIES) {
      expect(c.pricePerUnit).toBeGreaterThan(0);
      expect(c.successRate).toBeGreaterThan(0);
      expect(c.successRate).toBeLessThanOrEqual(1);
      expect(c.days).toBeGreaterThanOrEqual(1);
    }
  });
});
