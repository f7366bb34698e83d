// The catalogue as arrays (what /api/game/data/* returns) and as id maps (what the rules look items up in:
// a Map never answers for '__proto__' or 'toString', a plain object would).
import type { Ammo, Armor, Consumable, Drug, Item, LoanShark, Location, Rank, ShippingCompany, Weapon } from '../types';
import { AMMO } from './ammo';
import { ARMOR } from './armor';
import { CONSUMABLES } from './consumables';
import { DRUGS } from './drugs';
import { ITEMS } from './items';
import { LOAN_SHARKS } from './loanSharks';
import { LOCATIONS } from './locations';
import { RANKS } from './ranks';
import { SHIPPING_COMPANIES } from './shippingCompanies';
import { WEAPONS } from './weapons';

export { AMMO, ARMOR, CONSUMABLES, DRUGS, ITEMS, LOAN_SHARKS, LOCATIONS, RANKS, SHIPPING_COMPANIES, WEAPONS };
export { DEFAULT_LOAN_SHARK_ID } from './loanSharks';
export { STARTING_LOCATION_ID } from './locations';

function byId<T extends { id: string }>(list: readonly T[]): ReadonlyMap<string, T> {
  return new Map(list.map((x) => [x.id, x]));
}

export const DRUG_BY_ID: ReadonlyMap<string, Drug> = byId(DRUGS);
export const LOCATION_BY_ID: ReadonlyMap<string, Location> = byId(LOCATIONS);
export const WEAPON_BY_ID: ReadonlyMap<string, Weapon> = byId(WEAPONS);
export const ARMOR_BY_ID: ReadonlyMap<string, Armor> = byId(ARMOR);
export const AMMO_BY_ID: ReadonlyMap<string, Ammo> = byId(AMMO);
export const CONSUMABLE_BY_ID: ReadonlyMap<string, Consumable> = byId(CONSUMABLES);
export const ITEM_BY_ID: ReadonlyMap<string, Item> = byId(ITEMS);
export const LOAN_SHARK_BY_ID: ReadonlyMap<string, LoanShark> = byId(LOAN_SHARKS);
export const SHIPPING_COMPANY_BY_ID: ReadonlyMap<string, ShippingCompany> = byId(SHIPPING_COMPANIES);

/** Rank for a level (levels are 1-based and contiguous). */
export function rankByLevel(level: number): Rank | undefined {
  return RANKS[level - 1];
}
