// The loaded catalogue (the store's gameData, the engine's lists standing in until they arrive). Apart from the
// store itself so the first screen, which shows no catalogue, does not carry the engine's lists.
import { useMemo } from 'react';
import { catalogueOf, type Catalogue } from '../lib/catalogue';
import { useGameStore } from './gameStore';

/** The catalogue in React: the loaded lists, the engine's where one has not arrived. */
export function useCatalogue(): Catalogue {
  const data = useGameStore((s) => s.gameData);
  return useMemo(() => catalogueOf(data), [data]);
}

/** The catalogue outside React (controllers). */
export function currentCatalogue(): Catalogue {
  return catalogueOf(useGameStore.getState().gameData);
}
