// Names for ids, from the catalogue the game screen loads (falls back to the market list and the id itself).
import type { ClientGameState } from '@drugwars/engine';
import type { GameDataMap } from '../../api/types';

export function drugName(id: string, gs: ClientGameState | null, data: Partial<GameDataMap>): string {
  return (
    data.drugs?.find((d) => d.id === id)?.name ??
    gs?.marketInfo.find((m) => m.id === id)?.name ??
    id.charAt(0).toUpperCase() + id.slice(1)
  );
}

export function locationName(id: string, data: Partial<GameDataMap>): string {
  return data.locations?.find((l) => l.id === id)?.name ?? id;
}
