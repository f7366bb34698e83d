import type { Drug } from '../types';

// The twelve drugs of the 1984 classic with its price ranges. `price` is the typical (middle) price; the daily
// market walks between minPrice and maxPrice, and spikes and crashes leave that band for a day.
export const DRUGS: readonly Drug[] = [
  { id: 'acid', name: 'Acid', price: 2700, minPrice: 1000, maxPrice: 4400 },
  { id: 'cocaine', name: 'Cocaine', price: 22000, minPrice: 15000, maxPrice: 29000 },
  { id: 'hashish', name: 'Hashish', price: 880, minPrice: 480, maxPrice: 1280 },
  { id: 'heroin', name: 'Heroin', price: 9250, minPrice: 5500, maxPrice: 13000 },
  { id: 'ludes', name: 'Ludes', price: 35, minPrice: 11, maxPrice: 60 },
  { id: 'mda', name: 'MDA', price: 2950, minPrice: 1500, maxPrice: 4400 },
  { id: 'opium', name: 'Opium', price: 895, minPrice: 540, maxPrice: 1250 },
  { id: 'pcp', name: 'PCP', price: 1750, minPrice: 1000, maxPrice: 2500 },
  { id: 'peyote', name: 'Peyote', price: 460, minPrice: 220, maxPrice: 700 },
  { id: 'shrooms', name: 'Shrooms', price: 965, minPrice: 630, maxPrice: 1300 },
  { id: 'speed', name: 'Speed', price: 170, minPrice: 90, maxPrice: 250 },
  { id: 'weed', name: 'Weed', price: 600, minPrice: 315, maxPrice: 890 },
];

/**
 * A record keyed by drug id from values in DRUGS order, written as one object literal: every daily price row
 * then shares one fixed shape, which is many times faster to build than adding twelve keys one by one (the
 * price tables are the engine's hottest allocation). Keep in step with DRUGS; catalogue.test.ts checks it.
 */
export function drugRecord<T>(v: readonly T[]): Record<string, T> {
  return {
    acid: v[0]!,
    cocaine: v[1]!,
    hashish: v[2]!,
    heroin: v[3]!,
    ludes: v[4]!,
    mda: v[5]!,
    opium: v[6]!,
    pcp: v[7]!,
    peyote: v[8]!,
    shrooms: v[9]!,
    speed: v[10]!,
    weed: v[11]!,
  };
}

/** The values of a drug-keyed record in catalogue order (undefined where a drug is missing). */
export function drugValues<T>(r: Record<string, T>, out: (T | undefined)[]): void {
  out[0] = r.acid;
  out[1] = r.cocaine;
  out[2] = r.hashish;
  out[3] = r.heroin;
  out[4] = r.ludes;
  out[5] = r.mda;
  out[6] = r.opium;
  out[7] = r.pcp;
  out[8] = r.peyote;
  out[9] = r.shrooms;
  out[10] = r.speed;
  out[11] = r.weed;
}
