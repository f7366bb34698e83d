// Request bodies, params and query strings of every /api call (SPEC.md section 7, DESIGN.md section 3).
// Unknown extra fields are ignored, not refused: old clients keep working when a field is added.
import { Type, type Static } from 'typebox';
import { Id, PositiveInt } from './common';

export const NewGameRequestSchema = Type.Object({
  playerName: Type.Optional(
    Type.String({ maxLength: 200, description: 'Player name; empty gives a generated loser-xxxxxx name' }),
  ),
  seed: Type.Optional(
    Type.Union([Type.String({ maxLength: 200 }), Type.Null()], {
      description: 'Up to 19 digits and hyphens (1 to 16 digits); null or absent for a random, leaderboard-eligible game',
    }),
  ),
  daily: Type.Optional(
    Type.Boolean({ description: "true: today's Daily Run (the day's shared seed; seed must be null or absent, visitorId is required)" }),
  ),
  visitorId: Type.Optional(
    Type.Union([Type.String({ minLength: 1, maxLength: 64 }), Type.Null()], {
      description: "The browser's visitor id: a visitor's first finished Daily Run of the day is the ranked one",
    }),
  ),
});
export type NewGameRequest = Static<typeof NewGameRequestSchema>;

export const SessionIdRequestSchema = Type.Object({
  sessionId: Type.String({ maxLength: 200, description: 'Game session id' }),
});
export type SessionIdRequest = Static<typeof SessionIdRequestSchema>;

/** end-session: the header names the session; a body sessionId is accepted as a fallback. */
export const EndSessionRequestSchema = Type.Union([
  Type.Object({ sessionId: Type.Optional(Type.String({ maxLength: 200 })) }),
  Type.Null(),
]);
export type EndSessionRequest = Static<typeof EndSessionRequestSchema>;

export const EmptyRequestSchema = Type.Union([Type.Object({}), Type.Null()]);
export type EmptyRequest = Static<typeof EmptyRequestSchema>;

export const TravelRequestSchema = Type.Object({ destination: Id('Location id to fly to') });
export type TravelRequest = Static<typeof TravelRequestSchema>;

export const ShopItemKindSchema = Type.Union([
  Type.Literal('drug'),
  Type.Literal('weapon'),
  Type.Literal('armor'),
  Type.Literal('ammo'),
  Type.Literal('consumable'),
]);
export type ShopItemKind = Static<typeof ShopItemKindSchema>;

export const BuyRequestSchema = Type.Object({
  itemType: ShopItemKindSchema,
  itemId: Id('Catalogue id of the item'),
  quantity: Type.Optional(PositiveInt('Units to buy (weapons are always bought one at a time); default 1')),
});
export type BuyRequest = Static<typeof BuyRequestSchema>;

export const DrugQuantityRequestSchema = Type.Object({
  drugId: Id('Drug id'),
  quantity: PositiveInt('Units'),
});
export type DrugQuantityRequest = Static<typeof DrugQuantityRequestSchema>;
export type SellRequest = DrugQuantityRequest;
export type StashRequest = DrugQuantityRequest;

export const DumpRequestSchema = Type.Union([
  Type.Object({ drugId: Type.Literal('all') }),
  Type.Object({
    drugId: Id('Drug id'),
    quantity: Type.Optional(PositiveInt('Units to dump; absent dumps every unit of that drug')),
  }),
]);
export type DumpRequest = Static<typeof DumpRequestSchema>;

export const EncounterActionSchema = Type.Union([
  Type.Literal('fight'),
  Type.Literal('escape'),
  Type.Literal('bribe'),
  Type.Literal('surrender'),
  Type.Literal('pay'),
  Type.Literal('skip'),
]);
export type EncounterActionName = Static<typeof EncounterActionSchema>;

export const EncounterRequestSchema = Type.Object({
  action: EncounterActionSchema,
  targetId: Type.Optional(
    Type.Union([Type.String({ maxLength: 64 }), Type.Array(Type.String({ maxLength: 64 }), { maxItems: 20 }), Type.Null()], {
      description: 'Enemy id, or ids for multi-target weapons',
    }),
  ),
});
export type EncounterRequest = Static<typeof EncounterRequestSchema>;

export const AmountRequestSchema = Type.Object({ amount: PositiveInt('Whole dollars') });
export type AmountRequest = Static<typeof AmountRequestSchema>;

export const BorrowRequestSchema = Type.Object({
  amount: PositiveInt('Whole dollars'),
  sharkId: Type.Optional(Id('Loan shark id; absent uses the default shark')),
});
export type BorrowRequest = Static<typeof BorrowRequestSchema>;

export const BorrowMaxRequestSchema = Type.Object({ sharkId: Id('Loan shark id') });
export type BorrowMaxRequest = Static<typeof BorrowMaxRequestSchema>;

export const EquipmentKindSchema = Type.Union([Type.Literal('weapon'), Type.Literal('armor')]);

export const EquipRequestSchema = Type.Object({ itemId: Id('Owned weapon or armor id'), itemType: EquipmentKindSchema });
export type EquipRequest = Static<typeof EquipRequestSchema>;

export const UnequipRequestSchema = Type.Object({ itemType: EquipmentKindSchema });
export type UnequipRequest = Static<typeof UnequipRequestSchema>;

export const ShipRequestSchema = Type.Object({
  drugId: Id('Drug id'),
  quantity: PositiveInt('Units'),
  destinationId: Id('Location id'),
  companyId: Id('Shipping company id'),
});
export type ShipRequest = Static<typeof ShipRequestSchema>;

export const LanguageParamsSchema = Type.Object({
  language: Type.String({ minLength: 1, maxLength: 35, description: 'Language tag, e.g. en; unknown ones fall back to English' }),
});
export type LanguageParams = Static<typeof LanguageParamsSchema>;

export const LeaderboardQuerySchema = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Entries to return (default 100)' })),
});
export type LeaderboardQuery = Static<typeof LeaderboardQuerySchema>;

/** The Daily Run board of one UTC day: today when no date is given. */
export const DailyLeaderboardQuerySchema = Type.Object({
  date: Type.Optional(Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'UTC date YYYY-MM-DD (default today)' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Entries to return (default 100)' })),
});
export type DailyLeaderboardQuery = Static<typeof DailyLeaderboardQuerySchema>;

/** A leaderboard entry id (any text is accepted and answered 404 when it names no entry). */
export const EntryIdParamsSchema = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, description: 'Leaderboard entry id' }) });
export type EntryIdParams = Static<typeof EntryIdParamsSchema>;

/** Any body: the leaderboard submit ignores what the client claims and scores the game itself. */
export const SubmitScoreRequestSchema = Type.Unknown({ description: 'Ignored: the server computes the score' });

// ---------- tracking (SPEC.md section 3: visitor, page view, funnel stage, game event) ----------
const Text = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
/**
 * Ids are stored in columns of their own: no control characters (PostgreSQL text cannot hold NUL at all, SQLite
 * would store it), so both databases refuse the same input with the same 400.
 */
const NO_CONTROL_CHARACTERS = '^[^\\x00-\\x1f\\x7f]*$';
const VisitorId = Type.String({ minLength: 1, maxLength: 64, pattern: NO_CONTROL_CHARACTERS });
const TrackedSessionId = Type.Optional(Type.Union([Type.String({ maxLength: 200, pattern: NO_CONTROL_CHARACTERS }), Type.Null()]));

export const TrackVisitorRequestSchema = Type.Object({
  visitorId: VisitorId,
  browser: Text(32),
  platform: Text(128),
  screenResolution: Text(32),
  timezone: Text(64),
  country: Text(16),
  referrer: Text(2048),
  landingPage: Text(2048),
});
export type TrackVisitorRequest = Static<typeof TrackVisitorRequestSchema>;

export const TrackPageviewRequestSchema = Type.Object({
  visitorId: VisitorId,
  sessionId: TrackedSessionId,
  path: Text(2048),
  title: Text(256),
  referrer: Text(2048),
});
export type TrackPageviewRequest = Static<typeof TrackPageviewRequestSchema>;

export const TrackFunnelRequestSchema = Type.Object({
  visitorId: VisitorId,
  stage: Type.String({ minLength: 1, maxLength: 64 }),
  sessionId: TrackedSessionId,
  timeToStage: Type.Optional(Type.Union([Type.Integer({ minimum: 0, maximum: 100_000_000 }), Type.Null()])),
});
export type TrackFunnelRequest = Static<typeof TrackFunnelRequestSchema>;

export const TrackEventRequestSchema = Type.Object({
  visitorId: Type.Optional(Type.Union([Type.String({ maxLength: 64, pattern: NO_CONTROL_CHARACTERS }), Type.Null()])),
  sessionId: TrackedSessionId,
  event: Type.Record(Type.String(), Type.Unknown(), { description: 'The analytics game event object' }),
});
export type TrackEventRequest = Static<typeof TrackEventRequestSchema>;
