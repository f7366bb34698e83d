// The engine's public data shapes. Field names follow SPEC.md section 3 exactly, so the server can send a
// state to the client as it is (after `toClientView` strips the PRNG state and an unseeded game's seed).
// Money and quantities are always integers (whole dollars, whole units).

// ---------- catalogue ----------

export type TargetType = 'single_target' | 'multi_target' | 'all_targets';
export type WeaponId =
  | 'knife'
  | 'pistol'
  | 'cheap_pistol'
  | 'shotgun'
  | 'machine_gun'
  | 'grenade'
  | 'rocket_launcher'
  | 'area_disruptor';

export interface Drug {
  id: string;
  name: string;
  /** Typical price; the market moves between minPrice and maxPrice (spikes and crashes leave that band). */
  price: number;
  minPrice: number;
  maxPrice: number;
}

export interface Location {
  id: string;
  name: string;
  flightPrice: number;
  hasAirport: boolean;
  /** 0 (safe) to 5 (deadly): drives the odds of police and gang encounters. */
  dangerLevel: number;
}

export interface Weapon {
  id: WeaponId;
  name: string;
  price: number;
  damage: number;
  description: string;
  targetType: TargetType;
  /** Ammo id this weapon uses per attack, or null for weapons that need none (knife, grenade is consumed). */
  ammoId: string | null;
  /** Chance to hit, 0..1. */
  accuracy: number;
}

export interface Armor {
  id: string;
  name: string;
  price: number;
  /** Damage points absorbed from each hit. */
  protection: number;
  description: string;
}

export interface Ammo {
  id: string;
  name: string;
  price: number;
  maxCarry: number;
}

export interface Consumable {
  id: string;
  name: string;
  price: number;
  description: string;
}

export interface Item {
  id: string;
  name: string;
  description: string;
  /** Resale/reference value in dollars. */
  value: number;
}

export interface Rank {
  level: number;
  name: string;
  inventoryName: string;
  /** Units of drugs the player can carry at this rank. */
  capacity: number;
  maxDays: number;
  /** Cash (cash + bank - debt) needed to reach this rank. */
  cashRequirement: number;
}

export interface LoanShark {
  id: string;
  name: string;
  maxLoan: number;
  /** Daily interest as a fraction (0.1 = 10% per day). */
  dailyInterestRate: number;
  /** Days before the loan is due. */
  gracePeriod: number;
  personality: string;
  /** Lowest rank level that may borrow from this shark. */
  minRankLevel: number;
}

/** The shark offer as SPEC.md section 3 names it (what /game/loan/sharks returns). */
export interface LoanSharkOffer {
  id: string;
  name: string;
  maxLoan: number;
  dailyInterestRate: number;
  /** Total interest over the grace period as a fraction (compounded). */
  interestRate: number;
  gracePeriod: number;
  personality: string;
}

export interface ShippingCompany {
  id: string;
  name: string;
  pricePerUnit: number;
  /** Fraction 0..1 of shipments that arrive. */
  successRate: number;
  /** Days a shipment takes. */
  days: number;
}

// ---------- game state ----------

export type StateName = 'NORMAL' | 'COMBAT' | 'COMBAT_LOAN_SHARK' | 'LOAN_SHARK_VISIT' | 'GAME_OVER' | 'GAME_ENDED';

export type Trend = 'spike' | 'crash' | 'normal';

export interface MarketEntry {
  id: string;
  name: string;
  price: number;
  quantity: number;
  trend: Trend;
  /** The price the player last saw for this drug here (yesterday if they stayed), or null when never seen. */
  previousPrice: number | null;
}

export interface Held {
  quantity: number;
}

export interface InventoryEntry {
  quantity: number;
  /** Dollars paid for the units held; average cost = totalCost / quantity. */
  totalCost: number;
}

export interface PlayerRank {
  name: string;
  level: number;
  inventoryName: string;
}

export interface PlayerLoan {
  id: string;
  name: string;
  /** Daily interest as a fraction. */
  interestRate: number;
  dueDay: number;
}

export interface Player {
  name: string;
  cash: number;
  bank: number;
  debt: number;
  health: number;
  /** cash + bank - debt, kept current after every action. */
  score: number;
  day: number;
  maxDays: number;
  location: string;
  usedSpace: number;
  coatSpace: number;
  rank: PlayerRank;
  loanShark: PlayerLoan | null;
  inventory: Record<string, InventoryEntry>;
  /** location id -> drug id -> held quantity. */
  stash: Record<string, Record<string, Held>>;
  /** The stash at the current location (same data as stash[location]). */
  currentStash: Record<string, Held>;
  weapons: Record<string, Held>;
  items: {
    armor: Record<string, Held>;
    /** ammo id -> rounds */
    ammo: Record<string, number>;
    /** consumable id -> quantity */
    consumables: Record<string, number>;
  };
  equippedItems: { weapon: string | null; armor: string | null };
  drugsSold: number;
  copsKilled: number;
}

export type EncounterType = 'police' | 'gang' | 'loanShark' | 'loanSharkVisit';

export interface Enemy {
  id: string;
  name: string;
  /** Image name: the client loads /sprites/enemies/{sprite}.png */
  sprite: string;
  health: number;
  maxHealth: number;
  isAlive: boolean;
  damage: number;
  accuracy: number;
}

export interface FeeDetail {
  label: string;
  amount: number;
}

/** What an encounter has cost the player so far (all >= 0): shown when it ends. */
export interface EncounterToll {
  /** Health lost to hits and beatings. */
  health: number;
  /** Cash paid or taken: bribe, fine, robbery, what the goons grabbed. */
  cash: number;
  /** Units of drugs taken or dropped. */
  drugs: number;
  /** Dollars added to the debt (running from the loan shark's goons). */
  debt: number;
}

export interface Encounter {
  type: EncounterType;
  enemies: Enemy[];
  message: string;
  turnOrder: 'player' | 'enemy';
  round: number;
  currentEnemyIndex: number;
  combatLog: string[];
  canEscape: boolean;
  canBribe: boolean;
  canSurrender: boolean;
  bribeCost: number;
  /** Cash found on the bodies after a victory (set when the encounter starts). */
  reward: { cash: number } | null;
  // loan-shark visit fields (zero / empty for fights)
  debtAmount: number;
  totalFees: number;
  feeDetails: FeeDetail[];
  canPay: boolean;
  paymentAmount: number;
  canSkip: boolean;
  visitNumber: number;
  /** What this encounter has cost the player so far. */
  toll: EncounterToll;
}

export interface AttackResultItem {
  targetId: string;
  damage: number;
  wasMiss: boolean;
}

/** What an encounter action returns (SPEC.md section 3, "Attack result"). */
export interface AttackResult {
  attackResults: AttackResultItem[];
  victory: boolean;
  reward: number;
  message: string;
  followUpEncounter: Encounter | null;
  followUpEvent: GameEvent | null;
  success: boolean;
  escaped: boolean;
  surrendered: boolean;
  bribed: boolean;
  bribeAmount: number;
  /** Player's health change this call (enemy turns): negative for damage, 0 for a miss. */
  playerDamage: number;
  playerDead: boolean;
  /** What the encounter has cost the player, this action included (the whole bill once it is over). */
  toll: EncounterToll;
}

export type EventCategory =
  | 'game_intro'
  | 'combat'
  | 'loan_shark'
  | 'rank_promotion'
  | 'received_item'
  | 'lost_item'
  | 'price_change'
  | 'rumor'
  | 'information';

export interface RankPromotionData {
  newRank: { name: string; level: number; inventoryName: string; inventorySize: number; maxDays: number };
  nextRank: { cashRequirement: number } | null;
}

/** An event message (SPEC.md section 3): what happened while an action was applied. */
export interface GameEvent {
  message: string;
  type: 'info' | 'success' | 'warning' | 'danger';
  category: EventCategory;
  promotionData?: RankPromotionData;
  soundEffect?: string;
  encounter?: Encounter;
}

/**
 * What a reply's event says of the encounter it announces: its type only. The encounter itself is in the same
 * reply's game state (`encounter`) or, for one waiting behind a fight, reaches the client when the fight ends
 * (the encounter reply's `followUpEncounter` and its game state): a day-end reply carried it twice (~1 KB).
 */
export interface EventEncounter {
  type: EncounterType;
}

/** An event as a reply carries it (engine `toClientEvents`): its encounter named by type (EventEncounter). */
export type ClientGameEvent = Omit<GameEvent, 'encounter'> & { encounter?: EventEncounter };

export type ShipmentStatus = 'delivered' | 'lost' | 'in transit';

export interface Shipment {
  id: string;
  drugId: string;
  drugName: string;
  quantity: number;
  /** Destination location name. */
  destination: string;
  destinationId: string;
  /** Company name. */
  company: string;
  companyId: string;
  status: ShipmentStatus;
  daysRemaining: number;
}

export interface GameHistory {
  financeHistory: { day: number; cash: number; debt: number; bank: number }[];
  healthHistory: { day: number; health: number }[];
  /** day -> location id -> drug id -> price */
  priceHistory: Record<string, Record<string, Record<string, number>>>;
  actionHistory: {
    day: number;
    action: 'buy' | 'sell' | 'travel';
    details: { quantity?: number; drug?: string; total?: number; from?: string; to?: string };
  }[];
  locationHistory: { day: number; location: string }[];
}

export interface StateMetadata {
  /** Day the state machine entered the current state. */
  enteredOnDay: number;
  /** The encounter type when in combat or a visit, else null. */
  encounterType: EncounterType | null;
}

export interface GameState {
  /** The rules this game is played under (RULES_VERSION when it started); a stored state without it is version 1. */
  rulesVersion: number;
  day: number;
  maxDays: number;
  location: string;
  gameOver: boolean;
  gameOverReason: string | null;
  isSeeded: boolean;
  /** '1234-5678-9012-3456' for seeded games, null otherwise (the secret seed of an unseeded game never leaves the server). */
  formattedSeed: string | null;
  prices: Record<string, number>;
  /**
   * What the player knows of every city's prices: the last prices seen there (today's where they are). Only a
   * hint for other cities: prices move every night. The day each was seen is in worldPricesDay.
   */
  worldPrices: Record<string, Record<string, number>>;
  /** location id -> the day its worldPrices were seen. */
  worldPricesDay: Record<string, number>;
  marketInfo: MarketEntry[];
  encounter: Encounter | null;
  /** An encounter waiting behind the current one (e.g. a loan-shark visit after a police fight). */
  pendingEncounter: Encounter | null;
  currentState: StateName;
  allowedActions: ActionType[];
  stateMetadata: StateMetadata;
  stateMachine: { currentState: StateName };
  gameHistory: GameHistory;
  shipments: Shipment[];
  player: Player;
  /** Server only: the 16-digit seed. */
  seed: string;
  /** Server only: PRNG state, advanced only inside apply. */
  rng: number[];
  /** Server only: today's real prices in every city (the player sees them only where they are). */
  cityPrices: Record<string, Record<string, number>>;
  /** Loan-shark visits so far for the current loan (drives visitNumber and escalation); 0 when no debt. */
  loanSharkVisits: number;
  /** Monotonic counter for shipment ids (enemy ids are built from their type, the day and their index). */
  nextId: number;
  /**
   * Server only: a Daily Run's own PRNG state for its luck (shipments, events, encounters, fights), while the
   * markets come from `rng`; absent in every other game, which draws everything from `rng` (streams.ts).
   */
  luck?: number[];
}

/**
 * What a client gets (engine `toClientView`): no PRNG state, no real prices of other cities, the seed only through
 * formattedSeed, and none of the server's bookkeeping the client never reads: the rules version (a game of older
 * rules is closed by the server, RULES_CHANGED), the encounter waiting behind a fight (it comes with the fight's
 * end as followUpEncounter), the loan-shark visit count (the visit carries its visitNumber) and the shipment id
 * counter; the encounter and the shipments as ClientEncounter and ClientShipment (no field SPEC.md does not name
 * and no client reads).
 */
export type ClientGameState = Flat<
  Omit<
    GameState,
    'seed' | 'rng' | 'luck' | 'cityPrices' | 'rulesVersion' | 'pendingEncounter' | 'loanSharkVisits' | 'nextId' | 'encounter' | 'shipments'
  > & { encounter: ClientEncounter | null; shipments: ClientShipment[] }
>;

/** One object type of an intersection's fields (so the protocol's schema can be proved to equal it). */
type Flat<T> = { [K in keyof T]: T[K] };

/**
 * An enemy as a reply carries it (engine `toClientEnemy`): what SPEC.md's Enemy names and the encounter view
 * shows. Its damage and accuracy only feed the rules on the server (the client is told each hit: playerDamage).
 */
export type ClientEnemy = Omit<Enemy, 'damage' | 'accuracy'>;

/**
 * An encounter as a reply carries it (engine `toClientEncounter`): its enemies as ClientEnemy, and without the
 * running toll, which the client reads from the encounter action's reply (its `toll`, the whole bill once the
 * encounter is over), never from the encounter.
 */
export type ClientEncounter = Flat<Omit<Encounter, 'enemies' | 'toll'> & { enemies: ClientEnemy[] }>;

/**
 * A shipment as a reply carries it (engine `toClientShipment`): what SPEC.md's Shipment names and Shipment
 * Tracking shows, by name; the ids the ship action was given stay in the stored state.
 */
export type ClientShipment = Omit<Shipment, 'drugId' | 'destinationId' | 'companyId'>;

// ---------- actions ----------

export type ShopItemType = 'weapon' | 'armor' | 'ammo' | 'consumable';
export type EncounterAction = 'fight' | 'escape' | 'bribe' | 'surrender' | 'pay' | 'skip';

export type Action =
  | { type: 'buy'; drugId: string; quantity: number }
  | { type: 'sell'; drugId: string; quantity: number }
  | { type: 'dump'; drugId: string; quantity?: number }
  | { type: 'dumpAll' }
  | { type: 'stash'; drugId: string; quantity: number }
  | { type: 'unstash'; drugId: string; quantity: number }
  | { type: 'travel'; destination: string }
  | { type: 'stay' }
  | { type: 'deposit'; amount: number }
  | { type: 'withdraw'; amount: number }
  | { type: 'borrow'; sharkId?: string; amount: number }
  | { type: 'borrowMax'; sharkId: string }
  | { type: 'repay'; amount: number }
  | { type: 'heal' }
  | { type: 'shopBuy'; itemType: ShopItemType; itemId: string; quantity: number }
  | { type: 'equip'; itemType: 'weapon' | 'armor'; itemId: string }
  | { type: 'unequip'; itemType: 'weapon' | 'armor' }
  | { type: 'encounter'; action: EncounterAction; targetIds?: string[] }
  | { type: 'ship'; drugId: string; quantity: number; destinationId: string; companyId: string }
  /** Ends the session (Main Menu / New Game): moves to GAME_ENDED. */
  | { type: 'end' };

export type ActionType = Action['type'];

export type RuleErrorCode =
  | 'ACTION_NOT_ALLOWED'
  | 'INVALID_INPUT'
  | 'INSUFFICIENT_FUNDS'
  | 'NOT_ENOUGH_SPACE'
  | 'NOT_ENOUGH_STOCK'
  | 'NOT_ENOUGH_DRUGS'
  | 'UNKNOWN_ITEM'
  | 'UNKNOWN_LOCATION'
  | 'ALREADY_THERE'
  | 'LOAN_EXISTS'
  | 'LOAN_TOO_LARGE'
  | 'NO_DEBT'
  | 'RANK_TOO_LOW'
  | 'FULL_HEALTH'
  | 'CARRY_LIMIT'
  | 'NOT_OWNED'
  | 'INVALID_TARGET'
  | 'GAME_OVER';

export interface RuleError {
  ok: false;
  code: RuleErrorCode;
  /** A sentence a player understands, e.g. "You can't afford that much!" */
  message: string;
}

export interface ApplyOk {
  ok: true;
  state: GameState;
  /** What happened, in order: intro, encounters, loan-shark visits, promotions, finds, news... */
  events: GameEvent[];
  /** A one-line summary for the message log, e.g. 'Bought 5 Weed for $1,500.' */
  message: string;
  /** Sell: profit over average cost and total price. */
  sale?: { profit: number; totalPrice: number };
  /** Encounter actions. */
  attack?: AttackResult;
}

export type ApplyResult = ApplyOk | RuleError;
