// The catalogue as plain JSON arrays (GET /api/game/data/*): read-only engine data, no session needed.
// (Spread copies: the engine's arrays are readonly and the serializer only reads them.)
import { AMMO, ARMOR, CONSUMABLES, DRUGS, ITEMS, LOCATIONS, WEAPONS } from '@drugwars/engine';
import { ApiRoutes } from '@drugwars/protocol';
import { routeSchema } from './routeSchema';
import type { App } from './types';

export function registerGameDataRoutes(app: App): void {
  app.get(ApiRoutes.dataDrugs.url, { schema: routeSchema(ApiRoutes.dataDrugs, 'game data') }, async () => [...DRUGS]);
  app.get(ApiRoutes.dataWeapons.url, { schema: routeSchema(ApiRoutes.dataWeapons, 'game data') }, async () => [...WEAPONS]);
  app.get(ApiRoutes.dataAmmo.url, { schema: routeSchema(ApiRoutes.dataAmmo, 'game data') }, async () => [...AMMO]);
  app.get(ApiRoutes.dataArmor.url, { schema: routeSchema(ApiRoutes.dataArmor, 'game data') }, async () => [...ARMOR]);
  app.get(
    ApiRoutes.dataConsumables.url,
    { schema: routeSchema(ApiRoutes.dataConsumables, 'game data') },
    async () => [...CONSUMABLES],
  );
  app.get(ApiRoutes.dataItems.url, { schema: routeSchema(ApiRoutes.dataItems, 'game data') }, async () => [...ITEMS]);
  app.get(ApiRoutes.dataLocations.url, { schema: routeSchema(ApiRoutes.dataLocations, 'game data') }, async () => [...LOCATIONS]);
}
