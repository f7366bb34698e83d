import type { Ammo } from '../types';

// Every gun in weapons.ts names one of these ids as its ammoId.
export const AMMO: readonly Ammo[] = [
  { id: 'ammo_22', name: '.22 Rounds', price: 5, maxCarry: 100 },
  { id: 'ammo_9mm', name: '9mm Rounds', price: 10, maxCarry: 200 },
  { id: 'shells', name: 'Shotgun Shells', price: 25, maxCarry: 60 },
  { id: 'rockets', name: 'Rockets', price: 2500, maxCarry: 6 },
  { id: 'power_cells', name: 'Power Cells', price: 10000, maxCarry: 4 },
];
