import type { Item } from '../types';

// Valuables a player can stumble on (the LUCKY FIND event): pawned on the spot for their value.
export const ITEMS: readonly Item[] = [
  { id: 'gold_chain', name: 'Gold Chain', description: 'Heavy, shiny and not yours.', value: 400 },
  { id: 'rolex', name: 'Rolex Watch', description: 'Probably real. The pawn shop thinks so.', value: 1500 },
  { id: 'designer_bag', name: 'Designer Bag', description: 'Left on a bench. Finders keepers.', value: 800 },
  { id: 'diamond_ring', name: 'Diamond Ring', description: 'Somebody is having a very bad day.', value: 3000 },
  { id: 'laptop', name: 'Laptop', description: 'Still warm. Password-protected, but the pawn shop does not care.', value: 600 },
];
