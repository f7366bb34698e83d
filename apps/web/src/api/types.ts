// Request and response shapes of the HTTP API (team brief / DESIGN.md section 3): the protocol package's static
// types (one schema source, DESIGN.md section 3), plus a few client-side names. Type-only: no TypeBox in the bundle.
import type {
  Ammo,
  Armor,
  Consumable,
  Drug,
  Item,
  Location,
  LoanSharkOffer,
  Shipment,
  ShippingCompany,
  ShopItemType,
  Weapon,
} from '@drugwars/engine';

export type {
  VersionResponse,
  HealthResponse,
  ChangelogEntry,
  NewGameRequest,
  NewGameResponse,
  SessionInfo,
  ValidateResponse,
  ResumeResponse,
  StateResponse,
  DayResponse,
  ActionResponse,
  SellResponse,
  EncounterResponse,
  EquipmentStats,
  EncounterRequest,
  ErrorResponse as ErrorBody,
  LeaderboardEntryData as LeaderboardEntry,
  History as HistoryView,
} from '@drugwars/protocol';

export type GameDataKind = 'drugs' | 'weapons' | 'ammo' | 'armor' | 'consumables' | 'items' | 'locations';
export interface GameDataMap {
  drugs: Drug[];
  weapons: Weapon[];
  ammo: Ammo[];
  armor: Armor[];
  consumables: Consumable[];
  items: Item[];
  locations: Location[];
}

export type BuyItemType = 'drug' | ShopItemType;
export interface StringsCatalogue {
  buttons_positive: Record<string, string>;
  buttons_negative: Record<string, string>;
  encounters: Record<string, string>;
}
export type LeaderboardPeriod = 'top' | 'weekly' | 'monthly' | 'today';

export type { LoanSharkOffer, Shipment, ShippingCompany };
