import type { Armor } from '../types';

// protection = damage points taken off every hit the player receives.
export const ARMOR: readonly Armor[] = [
  { id: 'leather_jacket', name: 'Leather Jacket', price: 500, protection: 3, description: 'Looks tough. Stops a switchblade, sometimes.' },
  { id: 'kevlar_vest', name: 'Kevlar Vest', price: 3000, protection: 8, description: 'Police surplus. Stops most handgun rounds.' },
  { id: 'tactical_armor', name: 'Tactical Body Armor', price: 12000, protection: 15, description: 'Plates front and back. Heavy but worth it.' },
  { id: 'riot_suit', name: 'Riot Suit', price: 50000, protection: 25, description: 'Full-body protection stolen from a SWAT van.' },
];
