// The route table: method, url and schemas of every /api call, so the server registers exactly these and
// the web client derives request/response types from the same objects (`RequestBody<'travel'>`, ...).
import type { Static, TSchema } from 'typebox';
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

export interface RouteDefinition {
  method: 'GET' | 'POST';
  url: string;
  /** Whether the call acts on the game named by the x-session-id header. */
  session: boolean;
  summary: string;
  body?: TSchema;
  params?: TSchema;
  querystring?: TSchema;
  response: TSchema;
}

const get = <R extends TSchema>(url: string, response: R, summary: string, session = false) =>
  ({ method: 'GET', url, response, summary, session }) as const;
const post = <B extends TSchema, R extends TSchema>(url: string, body: B, response: R, summary: string, session = true) =>
  ({ method: 'POST', url, body, response, summary, session }) as const;

export const ApiRoutes = {
  version: get('/api/version', VersionResponseSchema, 'Version string and environment'),
  health: get('/api/health', HealthResponseSchema, 'Server and database health (503 when the database is down)'),
  changelog: get('/api/changelog', ChangelogResponseSchema, 'Recent changes, newest first'),
  dataDrugs: get('/api/game/data/drugs', GameDataSchemas.drugs, 'Drug catalogue'),
  dataWeapons: get('/api/game/data/weapons', GameDataSchemas.weapons, 'Weapon catalogue'),
  dataAmmo: get('/api/game/data/ammo', GameDataSchemas.ammo, 'Ammo catalogue'),
  dataArmor: get('/api/game/data/armor', GameDataSchemas.armor, 'Armor catalogue'),
  dataConsumables: get('/api/game/data/consumables', GameDataSchemas.consumables, 'Consumable catalogue'),
  dataItems: get('/api/game/data/items', GameDataSchemas.items, 'Item catalogue'),
  dataLocations: get('/api/game/data/locations', GameDataSchemas.locations, 'Locations'),
  newGame: post('/api/game/new', NewGameRequestSchema, NewGameResponseSchema, 'Start a game', false),
  validate: post('/api/game/validate', SessionIdRequestSchema, ValidateResponseSchema, 'Is this session still active?', false),
  resume: post('/api/game/resume', SessionIdRequestSchema, ResumeResponseSchema, 'Resume a game (audited)', false),
  endSession: post('/api/game/end-session', EndSessionRequestSchema, OkResponseSchema, 'End the session'),
  state: get('/api/game/state', StateResponseSchema, 'Current game state', true),
  travel: post('/api/game/travel', TravelRequestSchema, DayResponseSchema, 'Fly to another city (next day)'),
  stay: post('/api/game/stay', EmptyRequestSchema, DayResponseSchema, 'Stay here (next day)'),
  buy: post('/api/game/shop/buy', BuyRequestSchema, ActionResponseSchema, 'Buy drugs or equipment'),
  sell: post('/api/game/sell', DrugQuantityRequestSchema, SellResponseSchema, 'Sell drugs'),
  encounter: post('/api/game/encounter', EncounterRequestSchema, EncounterResponseSchema, 'Act in an encounter'),
  deposit: post('/api/game/bank/deposit', AmountRequestSchema, ActionResponseSchema, 'Deposit cash in the bank'),
  withdraw: post('/api/game/bank/withdraw', AmountRequestSchema, ActionResponseSchema, 'Withdraw from the bank'),
  borrow: post('/api/game/loan/borrow', BorrowRequestSchema, ActionResponseSchema, 'Borrow from a loan shark'),
  repay: post('/api/game/loan/pay', AmountRequestSchema, ActionResponseSchema, 'Pay back the loan shark'),
  borrowMax: post('/api/game/loan/borrow-max', BorrowMaxRequestSchema, ActionResponseSchema, "Borrow a shark's maximum"),
  sharks: get('/api/game/loan/sharks', SharksResponseSchema, 'Loan sharks available at your rank', true),
  hospitalCost: get('/api/game/hospital/cost', HospitalCostResponseSchema, 'Cost of healing to full health', true),
  hospitalVisit: post('/api/game/hospital/visit', EmptyRequestSchema, ActionResponseSchema, 'Heal to full health'),
  dump: post('/api/game/dump', DumpRequestSchema, ActionResponseSchema, 'Throw drugs away'),
  worldPrices: get('/api/game/prices/world', WorldPricesResponseSchema, 'Known prices in every city', true),
  stash: post('/api/game/stash', DrugQuantityRequestSchema, ActionResponseSchema, 'Stash drugs here'),
  unstash: post('/api/game/unstash', DrugQuantityRequestSchema, ActionResponseSchema, 'Take drugs from the stash here'),
  history: get('/api/game/history', HistoryResponseSchema, 'Chart series: cash, debt, health, prices', true),
  equip: post('/api/game/equipment/equip', EquipRequestSchema, ActionResponseSchema, 'Equip a weapon or armor'),
  unequip: post('/api/game/equipment/unequip', UnequipRequestSchema, ActionResponseSchema, 'Unequip a weapon or armor'),
  equipmentStats: get('/api/game/equipment/stats', EquipmentStatsResponseSchema, 'Equipped gear and combat stats', true),
  shippingCompanies: get('/api/game/shipping/companies', ShippingCompaniesResponseSchema, 'Shipping companies'),
  ship: post('/api/game/ship', ShipRequestSchema, ActionResponseSchema, 'Ship drugs to another city'),
  shippingStatus: get('/api/game/shipping/status', ShipmentsResponseSchema, 'Shipments of this game', true),
  strings: {
    method: 'GET',
    url: '/api/strings/:language',
    params: LanguageParamsSchema,
    response: StringsResponseSchema,
    summary: 'UI strings (unknown languages fall back to English)',
    session: false,
  },
  leaderboardTop: {
    method: 'GET',
    url: '/api/leaderboard/top',
    querystring: LeaderboardQuerySchema,
    response: LeaderboardResponseSchema,
    summary: 'Most Wanted List, all time',
    session: false,
  },
  leaderboardWeekly: {
    method: 'GET',
    url: '/api/leaderboard/weekly',
    querystring: LeaderboardQuerySchema,
    response: LeaderboardResponseSchema,
    summary: 'Most Wanted List, this ISO week (UTC)',
    session: false,
  },
  leaderboardMonthly: {
    method: 'GET',
    url: '/api/leaderboard/monthly',
    querystring: LeaderboardQuerySchema,
    response: LeaderboardResponseSchema,
    summary: 'Most Wanted List, this month (UTC)',
    session: false,
  },
  leaderboardToday: {
    method: 'GET',
    url: '/api/leaderboard/today',
    querystring: LeaderboardQuerySchema,
    response: LeaderboardResponseSchema,
    summary: 'Most Wanted List, today (UTC)',
    session: false,
  },
  submitScore: post('/api/leaderboard/submit', SubmitScoreRequestSchema, SubmitScoreResponseSchema, "Record this finished game's score"),
  trackVisitor: post('/api/tracking/visitor', TrackVisitorRequestSchema, OkResponseSchema, 'Analytics: visitor', false),
  trackPageview: post('/api/tracking/pageview', TrackPageviewRequestSchema, OkResponseSchema, 'Analytics: page view', false),
  trackFunnel: post('/api/tracking/funnel', TrackFunnelRequestSchema, OkResponseSchema, 'Analytics: funnel stage', false),
  trackEvent: post('/api/tracking/event', TrackEventRequestSchema, OkResponseSchema, 'Analytics: game event', false),
} as const satisfies Record<string, RouteDefinition>;

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
