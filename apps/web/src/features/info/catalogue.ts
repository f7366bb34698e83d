// Catalogue lookups for the views: the game data the store loaded from /api/game/data/*, falling back to the
// engine's own catalogue (the same typed data the server serves) while it loads.
import {
  ARMOR,
  CONSUMABLES,
  DRUGS,
  ITEMS,
  LOCATIONS,
  WEAPONS,
  type Armor,
  type Consumable,
  type Drug,
  type Item,
  type Location,
  type Weapon,
} from '@drugwars/engine';
import { useGameStore } from '../../store/gameStore';

export interface Catalogue {
  drugs: readonly Drug[];
  weapons: readonly Weapon[];
  armor: readonly Armor[];
  consumables: readonly Consumable[];
  items: readonly Item[];
  locations: readonly Location[];
}

export function useCatalogue(): Catalogue {
  const data = useGameStore((s) => s.gameData);
  return {
    drugs: data.drugs ?? DRUGS,
    weapons: data.weapons ?? WEAPONS,
    armor: data.armor ?? ARMOR,
    consumables: data.consumables ?? CONSUMABLES,
    items: data.items ?? ITEMS,
    locations: data.locations ?? LOCATIONS,
  };
}

/** The catalogue outside React (controllers). */
export function currentCatalogue(): Catalogue {
  const data = useGameStore.getState().gameData;
  return {
    drugs: data.drugs ?? DRUGS,
    weapons: data.weapons ?? WEAPONS,
    armor: data.armor ?? ARMOR,
    consumables: data.consumables ?? CONSUMABLES,
    items: data.items ?? ITEMS,
    locations: data.locations ?? LOCATIONS,
  };
}

export function nameOf(list: readonly { id: string; name: string }[], id: string): string {
  return list.find((x) => x.id === id)?.name ?? id;
}
