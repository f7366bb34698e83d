// The route table: every call of endpoints.ts with its schemas, so the server registers exactly these and
// the web client derives request/response types from the same objects (`RequestBody<'travel'>`, ...).
import type { Static, TSchema } from 'typebox';
import { Endpoints, type Endpoint, type EndpointName } from './endpoints';
import {
  AmountRequestSchema,
  BorrowMaxRequestSchema,
  BorrowRequestSchema,
  BuyRequestSchema,
  DailyLeaderboardQuerySchema,
  DrugQuantityRequestSchema,
  DumpRequestSchema,
  EmptyRequestSchema,
  EncounterRequestSchema,
  EndSessionRequestSchema,
  EntryIdParamsSchema,
  EquipRequestSchema,
  LanguageParamsSchema,
  LeaderboardQuerySchema,
  NewGameRequestSchema,
  SessionIdRequestSchema,
  ShipRequestSchema,
  SubmitScoreRequestSchema,
  TrackEventRequestSchema,
  TrackFunnelRequestSchema,
  TrackPageviewRequestSchema,
  TrackVisitorRequestSchema,
  TravelRequestSchema,
  UnequipRequestSchema,
} from './requests';
import {
  ActionResponseSchema,
  ChangelogResponseSchema,
  DailyLeaderboardResponseSchema,
  DayResponseSchema,
  EncounterResponseSchema,
  EquipmentStatsResponseSchema,
  GameDataSchemas,
  HealthResponseSchema,
  HistoryResponseSchema,
  HospitalCostResponseSchema,
  LeaderboardResponseSchema,
  NewGameResponseSchema,
  NotModifiedSchema,
  OkResponseSchema,
  ReplayResponseSchema,
  ResumeResponseSchema,
  SellResponseSchema,
  SharksResponseSchema,
  ShipmentsResponseSchema,
  ShippingCompaniesResponseSchema,
  StateResponseSchema,
  StringsResponseSchema,
  SubmitScoreResponseSchema,
  ValidateResponseSchema,
  VersionResponseSchema,
  WorldPricesResponseSchema,
} from './responses';

interface RouteSchemas {
  body?: TSchema;
  params?: TSchema;
  querystring?: TSchema;
  response: TSchema;
  /** A GET that answers 304 Not Modified (no body) when If-None-Match names its ETag. */
  notModified?: TSchema;
}

export interface RouteDefinition extends Endpoint, RouteSchemas {
  /** One line for the OpenAPI document. */
  summary: string;
}

/** An endpoint with its summary (for the OpenAPI document) and its schemas. */
const route = <K extends EndpointName, S extends RouteSchemas>(name: K, summary: string, schemas: S) =>
  ({ ...Endpoints[name], summary, ...schemas }) as const;

export const ApiRoutes = {
  version: route('version', 'Version string and environment', { response: VersionResponseSchema }),
  health: route('health', 'Server and database health (503 when the database is down)', { response: HealthResponseSchema }),
  changelog: route('changelog', 'Recent changes, newest first', { response: ChangelogResponseSchema }),
  dataDrugs: route('dataDrugs', 'Drug catalogue', { response: GameDataSchemas.drugs }),
  dataWeapons: route('dataWeapons', 'Weapon catalogue', { response: GameDataSchemas.weapons }),
  dataAmmo: route('dataAmmo', 'Ammo catalogue', { response: GameDataSchemas.ammo }),
  dataArmor: route('dataArmor', 'Armor catalogue', { response: GameDataSchemas.armor }),
  dataConsumables: route('dataConsumables', 'Consumable catalogue', { response: GameDataSchemas.consumables }),
  dataItems: route('dataItems', 'Item catalogue', { response: GameDataSchemas.items }),
  dataLocations: route('dataLocations', 'Locations', { response: GameDataSchemas.locations }),
  newGame: route('newGame', 'Start a game', { body: NewGameRequestSchema, response: NewGameResponseSchema }),
  validate: route('validate', 'Is this session still active?', { body: SessionIdRequestSchema, response: ValidateResponseSchema }),
  resume: route('resume', 'Resume a game (audited)', { body: SessionIdRequestSchema, response: ResumeResponseSchema }),
  endSession: route('endSession', 'End the session', { body: EndSessionRequestSchema, response: OkResponseSchema }),
  state: route('state', 'Current game state (ETag: its version; 304 when If-None-Match names it)', {
    response: StateResponseSchema,
    notModified: NotModifiedSchema,
  }),
  travel: route('travel', 'Fly to another city (next day)', { body: TravelRequestSchema, response: DayResponseSchema }),
  stay: route('stay', 'Stay here (next day)', { body: EmptyRequestSchema, response: DayResponseSchema }),
  buy: route('buy', 'Buy drugs or equipment', { body: BuyRequestSchema, response: ActionResponseSchema }),
  sell: route('sell', 'Sell drugs', { body: DrugQuantityRequestSchema, response: SellResponseSchema }),
  encounter: route('encounter', 'Act in an encounter', { body: EncounterRequestSchema, response: EncounterResponseSchema }),
  deposit: route('deposit', 'Deposit cash in the bank', { body: AmountRequestSchema, response: ActionResponseSchema }),
  withdraw: route('withdraw', 'Withdraw from the bank', { body: AmountRequestSchema, response: ActionResponseSchema }),
  borrow: route('borrow', 'Borrow from a loan shark', { body: BorrowRequestSchema, response: ActionResponseSchema }),
  repay: route('repay', 'Pay back the loan shark', { body: AmountRequestSchema, response: ActionResponseSchema }),
  borrowMax: route('borrowMax', "Borrow a shark's maximum", { body: BorrowMaxRequestSchema, response: ActionResponseSchema }),
  sharks: route('sharks', 'Loan sharks available at your rank', { response: SharksResponseSchema }),
  hospitalCost: route('hospitalCost', 'Cost of healing to full health', { response: HospitalCostResponseSchema }),
  hospitalVisit: route('hospitalVisit', 'Heal to full health', { body: EmptyRequestSchema, response: ActionResponseSchema }),
  dump: route('dump', 'Throw drugs away', { body: DumpRequestSchema, response: ActionResponseSchema }),
  worldPrices: route('worldPrices', 'Known prices in every city', { response: WorldPricesResponseSchema }),
  stash: route('stash', 'Stash drugs here', { body: DrugQuantityRequestSchema, response: ActionResponseSchema }),
  unstash: route('unstash', 'Take drugs from the stash here', { body: DrugQuantityRequestSchema, response: ActionResponseSchema }),
  history: route('history', 'Chart series: cash, debt, health, prices', { response: HistoryResponseSchema }),
  equip: route('equip', 'Equip a weapon or armor', { body: EquipRequestSchema, response: ActionResponseSchema }),
  unequip: route('unequip', 'Unequip a weapon or armor', { body: UnequipRequestSchema, response: ActionResponseSchema }),
  equipmentStats: route('equipmentStats', 'Equipped gear and combat stats', { response: EquipmentStatsResponseSchema }),
  shippingCompanies: route('shippingCompanies', 'Shipping companies', { response: ShippingCompaniesResponseSchema }),
  ship: route('ship', 'Ship drugs to another city', { body: ShipRequestSchema, response: ActionResponseSchema }),
  shippingStatus: route('shippingStatus', 'Shipments of this game', { response: ShipmentsResponseSchema }),
  strings: route('strings', 'UI strings (unknown languages fall back to English)', { params: LanguageParamsSchema, response: StringsResponseSchema }),
  leaderboardTop: route('leaderboardTop', 'Most Wanted List, all time', { querystring: LeaderboardQuerySchema, response: LeaderboardResponseSchema }),
  leaderboardWeekly: route('leaderboardWeekly', 'Most Wanted List, this ISO week (UTC)', { querystring: LeaderboardQuerySchema, response: LeaderboardResponseSchema }),
  leaderboardMonthly: route('leaderboardMonthly', 'Most Wanted List, this month (UTC)', { querystring: LeaderboardQuerySchema, response: LeaderboardResponseSchema }),
  leaderboardToday: route('leaderboardToday', 'Most Wanted List, today (UTC)', { querystring: LeaderboardQuerySchema, response: LeaderboardResponseSchema }),
  leaderboardDaily: route('leaderboardDaily', "A day's Daily Run board (UTC; today by default), with its seed once the day is over", {
    querystring: DailyLeaderboardQuerySchema,
    response: DailyLeaderboardResponseSchema,
  }),
  submitScore: route('submitScore', "Record this finished game's score", { body: SubmitScoreRequestSchema, response: SubmitScoreResponseSchema }),
  replay: route('replay', "A leaderboard entry's game, day by day (finished, submitted games of the current rules)", {
    params: EntryIdParamsSchema,
    response: ReplayResponseSchema,
  }),
  trackVisitor: route('trackVisitor', 'Analytics: visitor', { body: TrackVisitorRequestSchema, response: OkResponseSchema }),
  trackPageview: route('trackPageview', 'Analytics: page view', { body: TrackPageviewRequestSchema, response: OkResponseSchema }),
  trackFunnel: route('trackFunnel', 'Analytics: funnel stage', { body: TrackFunnelRequestSchema, response: OkResponseSchema }),
  trackEvent: route('trackEvent', 'Analytics: game event', { body: TrackEventRequestSchema, response: OkResponseSchema }),
} as const satisfies { [K in EndpointName]: RouteDefinition & (typeof Endpoints)[K] };

export type RouteName = keyof typeof ApiRoutes;
type Def<K extends RouteName> = (typeof ApiRoutes)[K];

/** Body type of a POST route (never for GET routes). */
export type RequestBody<K extends RouteName> = Def<K> extends { body: infer B extends TSchema } ? Static<B> : never;
/** Params type of a route with path parameters. */
export type RequestParams<K extends RouteName> = Def<K> extends { params: infer P extends TSchema } ? Static<P> : never;
/** Query string type. */
export type RequestQuery<K extends RouteName> = Def<K> extends { querystring: infer Q extends TSchema } ? Static<Q> : never;
/** Success body type. */
export type ResponseBody<K extends RouteName> = Static<Def<K>['response']>;
