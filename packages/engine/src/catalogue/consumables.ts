import type { Consumable } from '../types';

// Bought and carried; using them arrives in a future update (SPEC.md: the consumables view says so).
export const CONSUMABLES: readonly Consumable[] = [
  { id: 'bandages', name: 'Bandages', price: 100, description: 'Stops the bleeding. Patches up a few scratches.' },
  { id: 'first_aid_kit', name: 'First Aid Kit', price: 750, description: 'A proper kit for when the hospital asks too many questions.' },
  { id: 'energy_drink', name: 'Energy Drink', price: 50, description: 'Keeps you moving when you should be sleeping.' },
  { id: 'burner_phone', name: 'Burner Phone', price: 300, description: 'Untraceable. Good for one deal, then the river.' },
  { id: 'fake_id', name: 'Fake ID', price: 2000, description: 'Says you are a dentist from Ohio. Cops might even believe it.' },
];
