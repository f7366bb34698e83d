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
