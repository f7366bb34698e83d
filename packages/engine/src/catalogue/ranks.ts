import type { Rank } from '../types';

// Promotion happens at a day's end when net worth (cash + bank - debt) reaches cashRequirement. A rank gives
// a bigger inventory and more days; ranks never go down.
export const RANKS: readonly Rank[] = [
  { level: 1, name: 'Wannabe', inventoryName: 'Pockets', capacity: 100, maxDays: 30, cashRequirement: 0 },
  { level: 2, name: 'Corner Boy', inventoryName: 'Backpack', capacity: 125, maxDays: 30, cashRequirement: 50_000 },
  { level: 3, name: 'Dealer', inventoryName: 'Trench Coat', capacity: 150, maxDays: 32, cashRequirement: 300_000 },
  { level: 4, name: 'Supplier', inventoryName: 'Duffel Bag', capacity: 200, maxDays: 34, cashRequirement: 1_500_000 },
  { level: 5, name: 'Kingpin', inventoryName: 'Car Trunk', capacity: 250, maxDays: 36, cashRequirement: 6_000_000 },
  { level: 6, name: 'Drug Lord', inventoryName: 'Cargo Van', capacity: 300, maxDays: 38, cashRequirement: 25_000_000 },
];
