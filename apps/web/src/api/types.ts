// Request and response shapes of the HTTP API (team brief / DESIGN.md section 3). The gameState is always the
// engine's ClientGameState. When @drugwars/protocol exports these, this file re-exports them instead.
import type {
  Ammo,
  Armor,
  AttackResult,
  ClientGameState,
  Consumable,
  Drug,
  EncounterAction,
  GameEvent,
  Item,
  Location,
  LoanSharkOffer,
  Shipment,
  ShippingCompany,
  ShopItemType,
  Weapon,
} from '@drugwars/engine';

export interface VersionResponse {
  version: string;
  environment: 'production' | 'development' | string;
}
export interface HealthResponse {
  success: true;
  status: 'ok';
  database: 'ok';
}
export interface ChangelogEntry {
  version: string;
  date: string;
  changes: string;
}

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

export interface NewGameRequest {
  playerName: string;
  seed: string | null;
}
export interface NewGameResponse {
  success: true;
  sessionId: string;
  gameState: ClientGameState;
  isManualSeed: boolean;
  events: GameEvent[];
}
export interface SessionInfo {
  playerName: string;
  day: number;
  maxDays: number;
}
export interface ValidateResponse {
  success: true;
  valid: boolean;
  session: SessionInfo | null;
}
export interface ResumeResponse {
  success: true;
  gameState: ClientGameState;
  sessionId: string;
  isManualSeed: boolean;
}
export interface StateResponse {
  success: true;
  gameState: ClientGameState;
}
export interface DayResponse {
  success: true;
  message: string;
  gameState: ClientGameState;
  events: GameEvent[];
  gameOver: boolean;
}
export interface ActionResponse {
  success: true;
  message: string;
  gameState: ClientGameState;
}
export interface SellResponse extends ActionResponse {
  profit: number;
  totalPrice: number;
}
export type BuyItemType = 'drug' | ShopItemType;
export interface EncounterRequest {
  action: EncounterAction;
  targetId?: string | string[];
}
export interface EncounterResponse extends Omit<AttackResult, 'success'> {
  success: true;
  message: string;
  gameState: ClientGameState;
  events: GameEvent[];
}
export interface HistoryPoint {
  day: number;
  value: number;
}
export interface HistoryView {
  cash: HistoryPoint[];
  debt: HistoryPoint[];
  health: HistoryPoint[];
  prices: Record<string, Record<string, HistoryPoint[]>>;
}
export interface EquipmentStats {
  weapon: Weapon | null;
  armor: Armor | null;
  damage: number;
  protection: number;
  accuracy: number;
  ammo: number | null;
}
export interface StringsCatalogue {
  buttons_positive: Record<string, string>;
  buttons_negative: Record<string, string>;
  encounters: Record<string, string>;
}
export type LeaderboardPeriod = 'top' | 'weekly' | 'monthly' | 'today';
export interface LeaderboardEntry {
  player_name: string;
  score: number;
  final_day: number;
  date_achieved: string;
}
export interface ErrorBody {
  success: false;
  code: string;
  error: string;
  message: string;
}

export type { LoanSharkOffer, Shipment, ShippingCompany };
