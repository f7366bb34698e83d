// Success bodies of every /api call (DESIGN.md section 3). They also drive response serialization:
// a field that is not declared here never leaves the server.
import { Type, type Static } from 'typebox';
import {
  AmmoSchema,
  ArmorSchema,
  ConsumableSchema,
  DrugSchema,
  ItemSchema,
  LoanSharkOfferSchema,
  LocationSchema,
  ShippingCompanySchema,
  WeaponSchema,
} from './catalogue';
import { Success } from './common';
import {
  AttackResultItemSchema,
  ClientGameStateSchema,
  ClientStateChangeSchema,
  EncounterTollSchema,
  EncounterSchema,
  GameEventSchema,
  ShipmentSchema,
} from './gameState';
import { ReplayDaySchema } from './replay';

export const VersionResponseSchema = Type.Object({
  version: Type.String({ description: "'2.2.0-PROD' or '2.2.0-DEV'" }),
  environment: Type.Union([Type.Literal('production'), Type.Literal('development')]),
  contact: Type.Optional(Type.String({ description: "The operator's messenger contact id (ABOUT_CONTACT); absent when unset" })),
  donationAddress: Type.Optional(Type.String({ description: "The operator's donation address (ABOUT_DONATION_ADDRESS); absent when unset" })),
});
export type VersionResponse = Static<typeof VersionResponseSchema>;

export const HealthResponseSchema = Success({ status: Type.Literal('ok'), database: Type.Literal('ok') });
export type HealthResponse = Static<typeof HealthResponseSchema>;

/** 503 body of /api/health when the database does not answer. */
export const HealthFailureResponseSchema = Type.Object({
  success: Type.Literal(false),
  code: Type.String(),
  error: Type.String(),
  message: Type.String(),
  status: Type.Literal('error'),
  database: Type.Literal('error'),
});
export type HealthFailureResponse = Static<typeof HealthFailureResponseSchema>;

export const ChangelogEntrySchema = Type.Object({ version: Type.String(), date: Type.String(), changes: Type.String() });
export type ChangelogEntry = Static<typeof ChangelogEntrySchema>;
export const ChangelogResponseSchema = Success({ entries: Type.Array(ChangelogEntrySchema) });
export type ChangelogResponse = Static<typeof ChangelogResponseSchema>;

export const GameDataSchemas = {
  drugs: Type.Array(DrugSchema),
  weapons: Type.Array(WeaponSchema),
  ammo: Type.Array(AmmoSchema),
  armor: Type.Array(ArmorSchema),
  consumables: Type.Array(ConsumableSchema),
  items: Type.Array(ItemSchema),
  locations: Type.Array(LocationSchema),
} as const;
export type GameDataKind = keyof typeof GameDataSchemas;
export type GameDataResponse<K extends GameDataKind> = Static<(typeof GameDataSchemas)[K]>;

/** Every reply that gives a game state says which version of the game it is. */
const Version = Type.Integer({
  minimum: 0,
  description:
    'How many moves the game has taken: send it as x-state-version with the next move, or in If-None-Match (quoted) with GET /api/game/state',
});

/**
 * A move's state: the whole state, or, when the client said it holds the version the move was made on
 * (x-state-version), only what the move changed, with changedSince naming that version.
 */
const MovedState = {
  version: Version,
  changedSince: Type.Optional(
    Type.Integer({ minimum: 0, description: 'Present when gameState holds only the fields this move changed since this version (the one x-state-version named)' }),
  ),
  gameState: Type.Union([ClientGameStateSchema, ClientStateChangeSchema]),
};

const DailyDate = Type.Union([Type.String(), Type.Null()], { description: "A Daily Run's UTC date (YYYY-MM-DD), null for other games" });

export const NewGameResponseSchema = Success({
  sessionId: Type.String(),
  version: Version,
  gameState: ClientGameStateSchema,
  isManualSeed: Type.Boolean(),
  dailyDate: DailyDate,
  events: Type.Array(GameEventSchema),
});
export type NewGameResponse = Static<typeof NewGameResponseSchema>;

export const SessionInfoSchema = Type.Object({ playerName: Type.String(), day: Type.Integer(), maxDays: Type.Integer() });
export type SessionInfo = Static<typeof SessionInfoSchema>;
export const ValidateResponseSchema = Success({
  valid: Type.Boolean(),
  session: Type.Union([SessionInfoSchema, Type.Null()]),
  closedReason: Type.Optional(
    Type.String({ description: "Why a stored game can't be continued, when there is more to say than 'not found' (older rules)." }),
  ),
});
export type ValidateResponse = Static<typeof ValidateResponseSchema>;

export const ResumeResponseSchema = Success({
  version: Version,
  gameState: ClientGameStateSchema,
  sessionId: Type.String(),
  isManualSeed: Type.Boolean(),
  dailyDate: DailyDate,
});
export type ResumeResponse = Static<typeof ResumeResponseSchema>;

export const OkResponseSchema = Success({});
export type OkResponse = Static<typeof OkResponseSchema>;

/** 304 Not Modified: no body (the client holds the version its If-None-Match named). */
export const NotModifiedSchema = Type.Unsafe<undefined>({ description: 'Not Modified: the game is still at the version If-None-Match names (no body)' });

/** 200 with the whole state and its version (also the ETag); 304 Not Modified when If-None-Match names that version. */
export const StateResponseSchema = Success({ version: Version, gameState: ClientGameStateSchema });
export type StateResponse = Static<typeof StateResponseSchema>;

/** Most actions: a one-line message for the log and the new state. */
export const ActionResponseSchema = Success({ message: Type.String(), ...MovedState });
export type ActionResponse = Static<typeof ActionResponseSchema>;

/** travel and stay */
export const DayResponseSchema = Success({
  message: Type.String(),
  ...MovedState,
  events: Type.Array(GameEventSchema),
  gameOver: Type.Boolean(),
});
export type DayResponse = Static<typeof DayResponseSchema>;

export const SellResponseSchema = Success({
  message: Type.String(),
  ...MovedState,
  profit: Type.Integer(),
  totalPrice: Type.Integer(),
});
export type SellResponse = Static<typeof SellResponseSchema>;

export const EncounterResponseSchema = Success({
  message: Type.String(),
  ...MovedState,
  events: Type.Array(GameEventSchema),
  attackResults: Type.Array(AttackResultItemSchema),
  victory: Type.Boolean(),
  reward: Type.Integer(),
  followUpEncounter: Type.Union([EncounterSchema, Type.Null()]),
  followUpEvent: Type.Union([GameEventSchema, Type.Null()]),
  escaped: Type.Boolean(),
  surrendered: Type.Boolean(),
  bribed: Type.Boolean(),
  bribeAmount: Type.Integer(),
  playerDamage: Type.Integer(),
  playerDead: Type.Boolean(),
  toll: EncounterTollSchema,
});
export type EncounterResponse = Static<typeof EncounterResponseSchema>;

export const SharksResponseSchema = Success({ sharks: Type.Array(LoanSharkOfferSchema) });
export type SharksResponse = Static<typeof SharksResponseSchema>;

export const HospitalCostResponseSchema = Success({ cost: Type.Integer() });
export type HospitalCostResponse = Static<typeof HospitalCostResponseSchema>;

export const WorldPricesResponseSchema = Success({
  worldPrices: Type.Record(Type.String(), Type.Record(Type.String(), Type.Integer())),
  worldPricesDay: Type.Record(Type.String(), Type.Integer()),
});
export type WorldPricesResponse = Static<typeof WorldPricesResponseSchema>;

const Series = Type.Array(Type.Object({ day: Type.Integer(), value: Type.Number() }));
export const HistorySchema = Type.Object({
  cash: Series,
  debt: Series,
  health: Series,
  prices: Type.Record(Type.String(), Type.Record(Type.String(), Series)),
});
export type History = Static<typeof HistorySchema>;
export const HistoryResponseSchema = Success({ history: HistorySchema });
export type HistoryResponse = Static<typeof HistoryResponseSchema>;

export const EquipmentStatsSchema = Type.Object({
  weapon: Type.Union([WeaponSchema, Type.Null()]),
  armor: Type.Union([ArmorSchema, Type.Null()]),
  damage: Type.Number(),
  protection: Type.Number(),
  accuracy: Type.Number(),
  ammo: Type.Union([Type.Integer(), Type.Null()]),
});
export type EquipmentStats = Static<typeof EquipmentStatsSchema>;
export const EquipmentStatsResponseSchema = Success({ stats: EquipmentStatsSchema });
export type EquipmentStatsResponse = Static<typeof EquipmentStatsResponseSchema>;

export const ShippingCompaniesResponseSchema = Success({ companies: Type.Array(ShippingCompanySchema) });
export type ShippingCompaniesResponse = Static<typeof ShippingCompaniesResponseSchema>;

export const ShipmentsResponseSchema = Success({ shipments: Type.Array(ShipmentSchema) });
export type ShipmentsResponse = Static<typeof ShipmentsResponseSchema>;

const StringMap = Type.Record(Type.String(), Type.String());
export const StringsSchema = Type.Object({
  buttons_positive: StringMap,
  buttons_negative: StringMap,
  encounters: StringMap,
});
export type Strings = Static<typeof StringsSchema>;
export const StringsResponseSchema = Success({ language: Type.String(), strings: StringsSchema });
export type StringsResponse = Static<typeof StringsResponseSchema>;

export const LeaderboardEntrySchema = Type.Object({
  id: Type.Integer({ description: 'Entry id: GET /api/leaderboard/entries/{id}/replay' }),
  player_name: Type.String(),
  score: Type.Integer(),
  final_day: Type.Integer(),
  date_achieved: Type.String({ description: 'ISO 8601 timestamp (UTC)' }),
  died: Type.Boolean({ description: 'The game ended in death (R.I.P.)' }),
  gameOverReason: Type.Union([Type.String(), Type.Null()], { description: "How the game ended, e.g. 'You were killed by the cops.'" }),
  replayable: Type.Boolean({ description: 'Whether GET .../replay answers for this entry, for the one asking' }),
});
export type LeaderboardEntryData = Static<typeof LeaderboardEntrySchema>;
export const LeaderboardResponseSchema = Success({ entries: Type.Array(LeaderboardEntrySchema) });
export type LeaderboardResponse = Static<typeof LeaderboardResponseSchema>;

/** Where a submitted game went: the Most Wanted List, its day's Daily Run board, or nowhere (a practice Daily Run). */
export const BoardSchema = Type.Union([Type.Literal('ranked'), Type.Literal('daily'), Type.Literal('practice')]);
export type Board = Static<typeof BoardSchema>;
export const SubmitScoreResponseSchema = Success({
  entry: LeaderboardEntrySchema,
  board: BoardSchema,
  dailyDate: Type.Union([Type.String(), Type.Null()], { description: "The Daily Run's UTC date (YYYY-MM-DD), null for other games" }),
  place: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description: "1-based place on today's Most Wanted List (ranked) or on the day's Daily Run board (daily); null for practice",
  }),
  allTimePlace: Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], {
    description: '1-based place on the all-time Most Wanted List (ranked); null for a Daily Run or practice',
  }),
});
export type SubmitScoreResponse = Static<typeof SubmitScoreResponseSchema>;

export const DailyLeaderboardResponseSchema = Success({
  date: Type.String({ description: 'UTC date YYYY-MM-DD' }),
  seed: Type.Union([Type.String(), Type.Null()], { description: "The day's seed ('1234-5678-9012-3456') once the day is over; null until then" }),
  entries: Type.Array(LeaderboardEntrySchema),
});
export type DailyLeaderboardResponse = Static<typeof DailyLeaderboardResponseSchema>;

export const ReplayResponseSchema = Success({
  entry: LeaderboardEntrySchema,
  rulesVersion: Type.Integer(),
  days: Type.Array(ReplayDaySchema),
});
export type ReplayResponse = Static<typeof ReplayResponseSchema>;
