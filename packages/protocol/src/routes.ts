// The route table: every call of endpoints.ts with its schemas, so the server registers exactly these and
// the web client derives request/response types from the same objects (`RequestBody<'travel'>`, ...).
import type { Static, TSchema } from 'typebox';
import { Endpoints, type Endpoint, type EndpointName } from './endpoints';
import {
  AmountRequestSchema,
  BorrowMaxRequestSchema,
  BorrowRequestSchema,
  BuyRequestSchema,
  DrugQuantityRequestSchema,
  DumpRequestSchema,
  EmptyRequestSchema,
  EncounterRequestSchema,
  EndSessionRequestSchema,
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
  DayResponseSchema,
  EncounterResponseSchema,
  EquipmentStatsResponseSchema,
  GameDataSchemas,
  HealthResponseSchema,
  HistoryResponseSchema,
  HospitalCostResponseSchema,
  LeaderboardResponseSchema,
  NewGameResponseSchema,
  OkResponseSchema,
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

export interface RouteDefinition extends Endpoint {
  body?: TSchema;
  params?: TSchema;
  querystring?: TSchema;
  response: TSchema;
}

const E = Endpoints;

export const ApiRoutes = {
  version: { ...E.version, response: VersionResponseSchema },
  health: { ...E.health, response: HealthResponseSchema },
  changelog: { ...E.changelog, response: ChangelogResponseSchema },
  dataDrugs: { ...E.dataDrugs, response: GameDataSchemas.drugs },
  dataWeapons: { ...E.dataWeapons, response: GameDataSchemas.weapons },
  dataAmmo: { ...E.dataAmmo, response: GameDataSchemas.ammo },
  dataArmor: { ...E.dataArmor, response: GameDataSchemas.armor },
  dataConsumables: { ...E.dataConsumables, response: GameDataSchemas.consumables },
  dataItems: { ...E.dataItems, response: GameDataSchemas.items },
  dataLocations: { ...E.dataLocations, response: GameDataSchemas.locations },
  newGame: { ...E.newGame, body: NewGameRequestSchema, response: NewGameResponseSchema },
  validate: { ...E.validate, body: SessionIdRequestSchema, response: ValidateResponseSchema },
  resume: { ...E.resume, body: SessionIdRequestSchema, response: ResumeResponseSchema },
  endSession: { ...E.endSession, body: EndSessionRequestSchema, response: OkResponseSchema },
  state: { ...E.state, response: StateResponseSchema },
  travel: { ...E.travel, body: TravelRequestSchema, response: DayResponseSchema },
  stay: { ...E.stay, body: EmptyRequestSchema, response: DayResponseSchema },
  buy: { ...E.buy, body: BuyRequestSchema, response: ActionResponseSchema },
  sell: { ...E.sell, body: DrugQuantityRequestSchema, response: SellResponseSchema },
  encounter: { ...E.encounter, body: EncounterRequestSchema, response: EncounterResponseSchema },
  deposit: { ...E.deposit, body: AmountRequestSchema, response: ActionResponseSchema },
  withdraw: { ...E.withdraw, body: AmountRequestSchema, response: ActionResponseSchema },
  borrow: { ...E.borrow, body: BorrowRequestSchema, response: ActionResponseSchema },
  repay: { ...E.repay, body: AmountRequestSchema, response: ActionResponseSchema },
  borrowMax: { ...E.borrowMax, body: BorrowMaxRequestSchema, response: ActionResponseSchema },
  sharks: { ...E.sharks, response: SharksResponseSchema },
  hospitalCost: { ...E.hospitalCost, response: HospitalCostResponseSchema },
  hospitalVisit: { ...E.hospitalVisit, body: EmptyRequestSchema, response: ActionResponseSchema },
  dump: { ...E.dump, body: DumpRequestSchema, response: ActionResponseSchema },
  worldPrices: { ...E.worldPrices, response: WorldPricesResponseSchema },
  stash: { ...E.stash, body: DrugQuantityRequestSchema, response: ActionResponseSchema },
  unstash: { ...E.unstash, body: DrugQuantityRequestSchema, response: ActionResponseSchema },
  history: { ...E.history, response: HistoryResponseSchema },
  equip: { ...E.equip, body: EquipRequestSchema, response: ActionResponseSchema },
  unequip: { ...E.unequip, body: UnequipRequestSchema, response: ActionResponseSchema },
  equipmentStats: { ...E.equipmentStats, response: EquipmentStatsResponseSchema },
  shippingCompanies: { ...E.shippingCompanies, response: ShippingCompaniesResponseSchema },
  ship: { ...E.ship, body: ShipRequestSchema, response: ActionResponseSchema },
  shippingStatus: { ...E.shippingStatus, response: ShipmentsResponseSchema },
  strings: { ...E.strings, params: LanguageParamsSchema, response: StringsResponseSchema },
  leaderboardTop: { ...E.leaderboardTop, querystring: LeaderboardQuerySchema, response: LeaderboardResponseSchema },
  leaderboardWeekly: { ...E.leaderboardWeekly, querystring: LeaderboardQuerySchema, response: LeaderboardResponseSchema },
  leaderboardMonthly: { ...E.leaderboardMonthly, querystring: LeaderboardQuerySchema, response: LeaderboardResponseSchema },
  leaderboardToday: { ...E.leaderboardToday, querystring: LeaderboardQuerySchema, response: LeaderboardResponseSchema },
  submitScore: { ...E.submitScore, body: SubmitScoreRequestSchema, response: SubmitScoreResponseSchema },
  trackVisitor: { ...E.trackVisitor, body: TrackVisitorRequestSchema, response: OkResponseSchema },
  trackPageview: { ...E.trackPageview, body: TrackPageviewRequestSchema, response: OkResponseSchema },
  trackFunnel: { ...E.trackFunnel, body: TrackFunnelRequestSchema, response: OkResponseSchema },
  trackEvent: { ...E.trackEvent, body: TrackEventRequestSchema, response: OkResponseSchema },
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
