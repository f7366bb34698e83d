// The client's view of a game (engine ClientGameState: GameState minus its secrets and the server's bookkeeping) and
// of a reply's events (engine ClientGameEvent) as TypeBox schemas.
// It drives response serialization, so a field missing here would be silently dropped from responses:
// src/gameState.test.ts proves at compile time that Static<ClientGameStateSchema> and the engine's
// ClientGameState are mutually assignable, so the two cannot drift apart.
import { Type, type Static, type TSchema } from 'typebox';

const Int = (options: { description?: string } = {}) => Type.Integer(options);
const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const StateNameSchema = Type.Union([
  Type.Literal('NORMAL'),
  Type.Literal('COMBAT'),
  Type.Literal('COMBAT_LOAN_SHARK'),
  Type.Literal('LOAN_SHARK_VISIT'),
  Type.Literal('GAME_OVER'),
  Type.Literal('GAME_ENDED'),
]);

export const ActionTypeSchema = Type.Union([
  Type.Literal('buy'),
  Type.Literal('sell'),
  Type.Literal('dump'),
  Type.Literal('dumpAll'),
  Type.Literal('stash'),
  Type.Literal('unstash'),
  Type.Literal('travel'),
  Type.Literal('stay'),
  Type.Literal('deposit'),
  Type.Literal('withdraw'),
  Type.Literal('borrow'),
  Type.Literal('borrowMax'),
  Type.Literal('repay'),
  Type.Literal('heal'),
  Type.Literal('shopBuy'),
  Type.Literal('equip'),
  Type.Literal('unequip'),
  Type.Literal('encounter'),
  Type.Literal('ship'),
  Type.Literal('end'),
]);

export const TrendSchema = Type.Union([Type.Literal('spike'), Type.Literal('crash'), Type.Literal('normal')]);

export const MarketEntrySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  price: Int(),
  quantity: Int(),
  trend: TrendSchema,
  previousPrice: Nullable(Int()),
});

export const HeldSchema = Type.Object({ quantity: Int() });

export const InventoryEntrySchema = Type.Object({ quantity: Int(), totalCost: Int() });

export const PlayerSchema = Type.Object({
  name: Type.String(),
  cash: Int(),
  bank: Int(),
  debt: Int(),
  health: Int(),
  score: Int(),
  day: Int(),
  maxDays: Int(),
  location: Type.String(),
  usedSpace: Int(),
  coatSpace: Int(),
  rank: Type.Object({ name: Type.String(), level: Int(), inventoryName: Type.String() }),
  loanShark: Nullable(
    Type.Object({ id: Type.String(), name: Type.String(), interestRate: Type.Number(), dueDay: Int() }),
  ),
  inventory: Type.Record(Type.String(), InventoryEntrySchema),
  stash: Type.Record(Type.String(), Type.Record(Type.String(), HeldSchema)),
  currentStash: Type.Record(Type.String(), HeldSchema),
  weapons: Type.Record(Type.String(), HeldSchema),
  items: Type.Object({
    armor: Type.Record(Type.String(), HeldSchema),
    ammo: Type.Record(Type.String(), Int()),
    consumables: Type.Record(Type.String(), Int()),
  }),
  equippedItems: Type.Object({ weapon: Nullable(Type.String()), armor: Nullable(Type.String()) }),
  drugsSold: Int(),
  copsKilled: Int(),
});

export const EncounterTypeSchema = Type.Union([
  Type.Literal('police'),
  Type.Literal('gang'),
  Type.Literal('loanShark'),
  Type.Literal('loanSharkVisit'),
]);

/**
 * An enemy as replies carry it (engine ClientEnemy): SPEC.md's Enemy. Its damage and accuracy stay on the server
 * (the rules roll its attacks; the encounter reply says what each did: playerDamage).
 */
export const EnemySchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  sprite: Type.String(),
  health: Int(),
  maxHealth: Int(),
  isAlive: Type.Boolean(),
});

export const FeeDetailSchema = Type.Object({ label: Type.String(), amount: Int() });

/** What an encounter has cost the player so far (all >= 0). */
export const EncounterTollSchema = Type.Object({ health: Int(), cash: Int(), drugs: Int(), debt: Int() });

/**
 * An encounter as replies carry it (engine ClientEncounter): SPEC.md's Encounter. What it has cost so far is the
 * encounter reply's `toll` (EncounterResponseSchema), not a field of the encounter.
 */
export const EncounterSchema = Type.Object({
  type: EncounterTypeSchema,
  enemies: Type.Array(EnemySchema),
  message: Type.String(),
  turnOrder: Type.Union([Type.Literal('player'), Type.Literal('enemy')]),
  round: Int(),
  currentEnemyIndex: Int(),
  combatLog: Type.Array(Type.String()),
  canEscape: Type.Boolean(),
  canBribe: Type.Boolean(),
  canSurrender: Type.Boolean(),
  bribeCost: Int(),
  reward: Nullable(Type.Object({ cash: Int() })),
  debtAmount: Int(),
  totalFees: Int(),
  feeDetails: Type.Array(FeeDetailSchema),
  canPay: Type.Boolean(),
  paymentAmount: Int(),
  canSkip: Type.Boolean(),
  visitNumber: Int(),
});

export const EventCategorySchema = Type.Union([
  Type.Literal('game_intro'),
  Type.Literal('combat'),
  Type.Literal('loan_shark'),
  Type.Literal('rank_promotion'),
  Type.Literal('received_item'),
  Type.Literal('lost_item'),
  Type.Literal('price_change'),
  Type.Literal('rumor'),
  Type.Literal('information'),
]);

export const RankPromotionDataSchema = Type.Object({
  newRank: Type.Object({
    name: Type.String(),
    level: Int(),
    inventoryName: Type.String(),
    inventorySize: Int(),
    maxDays: Int(),
  }),
  nextRank: Nullable(Type.Object({ cashRequirement: Int() })),
});

/**
 * The encounter an event announces, by type: the encounter itself is the reply's gameState.encounter (or, for a
 * loan-shark visit waiting behind a fight, the encounter reply's followUpEncounter when the fight ends).
 */
export const EventEncounterSchema = Type.Object({ type: EncounterTypeSchema });

export const GameEventSchema = Type.Object({
  message: Type.String(),
  type: Type.Union([Type.Literal('info'), Type.Literal('success'), Type.Literal('warning'), Type.Literal('danger')]),
  category: EventCategorySchema,
  promotionData: Type.Optional(RankPromotionDataSchema),
  soundEffect: Type.Optional(Type.String()),
  encounter: Type.Optional(EventEncounterSchema),
});

export const AttackResultItemSchema = Type.Object({ targetId: Type.String(), damage: Int(), wasMiss: Type.Boolean() });

/** A shipment as replies carry it (engine ClientShipment): SPEC.md's Shipment, by names (no ids). */
export const ShipmentSchema = Type.Object({
  id: Type.String(),
  drugName: Type.String(),
  quantity: Int(),
  destination: Type.String(),
  company: Type.String(),
  status: Type.Union([Type.Literal('delivered'), Type.Literal('lost'), Type.Literal('in transit')]),
  daysRemaining: Int(),
});

/**
 * In a game state reply the lists are empty while the game runs and complete once it is over (the game-over
 * statistics read them); the charts' series are GET /api/game/history. priceHistory is always empty there.
 */
export const GameHistorySchema = Type.Object({
  financeHistory: Type.Array(Type.Object({ day: Int(), cash: Int(), debt: Int(), bank: Int() })),
  healthHistory: Type.Array(Type.Object({ day: Int(), health: Int() })),
  /** Empty in a game state reply (today's prices are `prices`); every day is GET /api/game/history. */
  priceHistory: Type.Record(Type.String(), Type.Record(Type.String(), Type.Record(Type.String(), Int())), {
    description: "Day -> location -> drug -> price. Empty in a game state reply; every day is GET /api/game/history.",
  }),
  actionHistory: Type.Array(
    Type.Object({
      day: Int(),
      action: Type.Union([Type.Literal('buy'), Type.Literal('sell'), Type.Literal('travel')]),
      details: Type.Object({
        quantity: Type.Optional(Int()),
        drug: Type.Optional(Type.String()),
        total: Type.Optional(Int()),
        from: Type.Optional(Type.String()),
        to: Type.Optional(Type.String()),
      }),
    }),
  ),
  locationHistory: Type.Array(Type.Object({ day: Int(), location: Type.String() })),
});

export const ClientGameStateSchema = Type.Object({
  day: Int(),
  maxDays: Int(),
  location: Type.String(),
  gameOver: Type.Boolean(),
  gameOverReason: Nullable(Type.String()),
  isSeeded: Type.Boolean(),
  formattedSeed: Nullable(Type.String()),
  prices: Type.Record(Type.String(), Int()),
  worldPrices: Type.Record(Type.String(), Type.Record(Type.String(), Int()), {
    description:
      "The last prices the player saw in each city (a hint: prices move every night); today's where they are.",
  }),
  worldPricesDay: Type.Record(Type.String(), Int(), {
    description: 'Location id -> the day its worldPrices were seen.',
  }),
  marketInfo: Type.Array(MarketEntrySchema),
  encounter: Nullable(EncounterSchema),
  currentState: StateNameSchema,
  allowedActions: Type.Array(ActionTypeSchema),
  stateMetadata: Type.Object({ enteredOnDay: Int(), encounterType: Nullable(EncounterTypeSchema) }),
  stateMachine: Type.Object({ currentState: StateNameSchema }),
  gameHistory: GameHistorySchema,
  shipments: Type.Array(ShipmentSchema),
  player: PlayerSchema,
});

export type ClientGameStateData = Static<typeof ClientGameStateSchema>;

/**
 * A move's reply to a client that said which version of the game it holds (x-state-version): only the view's
 * top-level fields the move changed (engine clientStateChange), never worldPrices and worldPricesDay (the client
 * derives them from location, prices and day: engine withStateChange).
 */
export const ClientStateChangeSchema = Type.Partial(Type.Omit(ClientGameStateSchema, ['worldPrices', 'worldPricesDay']), {
  description:
    "Only the fields this move changed (the reply's changedSince names the version they change): the rest are as in the state the client holds, and worldPrices and worldPricesDay follow from location, prices and day",
});
export type GameEventData = Static<typeof GameEventSchema>;
export type EncounterData = Static<typeof EncounterSchema>;
