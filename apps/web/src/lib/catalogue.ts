// The one lookup module: the game's catalogue (drugs, weapons, ammo, armor, consumables, items, locations) and
// names for ids. The store keeps what /api/game/data/* sent (`gameData`); while a list has not arrived the
// engine's own catalogue stands in (the same typed data the server serves). Pure: read it in React through
// store/useCatalogue.ts's `useCatalogue()`, elsewhere through its `currentCatalogue()`.
import {
  AMMO,
  ARMOR,
  CONSUMABLES,
  DRUGS,
  ITEMS,
  LOCATIONS,
  WEAPONS,
  type Ammo,
  type Armor,
  type ClientGameState,
  type Consumable,
  type Drug,
  type Item,
  type Location,
  type Weapon,
} from '@drugwars/engine';

export interface Catalogue {
  drugs: readonly Drug[];
  weapons: readonly Weapon[];
  ammo: readonly Ammo[];
  armor: readonly Armor[];
  consumables: readonly Consumable[];
  items: readonly Item[];
  locations: readonly Location[];
}

export type CatalogueKind = keyof Catalogue;

/** The loaded lists, each falling back to the engine's while it is missing. */
export function catalogueOf(loaded: Partial<Catalogue>): Catalogue {
  return {
    drugs: loaded.drugs ?? DRUGS,
    weapons: loaded.weapons ?? WEAPONS,
    ammo: loaded.ammo ?? AMMO,
    armor: loaded.armor ?? ARMOR,
    consumables: loaded.consumables ?? CONSUMABLES,
    items: loaded.items ?? ITEMS,
    locations: loaded.locations ?? LOCATIONS,
  };
}

/** The name of an id in a list, or the id itself. */
export function nameOf(list: readonly { id: string; name: string }[], id: string): string {
  return list.find((x) => x.id === id)?.name ?? id;
}

/** A drug's name: the catalogue's, else today's market row's, else the id capitalized. */
export function drugName(catalogue: Pick<Catalogue, 'drugs'>, id: string, gs?: Pick<ClientGameState, 'marketInfo'> | null): string {
  return (
    catalogue.drugs.find((d) => d.id === id)?.name ??
    gs?.marketInfo.find((m) => m.id === id)?.name ??
    id.charAt(0).toUpperCase() + id.slice(1)
  );
}

export function locationName(catalogue: Pick<Catalogue, 'locations'>, id: string): string {
  return nameOf(catalogue.locations, id);
}
