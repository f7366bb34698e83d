// Method and path of every /api call, and whether it acts on the game named by the x-session-id header. Plain
// data without a schema in sight, so the web client imports it (`@drugwars/protocol/endpoints`) without
// bundling TypeBox; routes.ts gives each of these calls its schemas and its summary (ApiRoutes).

export interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  /** Whether the call acts on the game named by the x-session-id header. */
  session: boolean;
}

export interface EndpointOptions {
  /** Acts on the session's game (default: false for GET, true for POST). */
  session?: boolean;
}

const get = <U extends string>(url: U, opts: EndpointOptions = {}) =>
  ({ method: 'GET', url, session: opts.session ?? false }) as const;
const post = <U extends string>(url: U, opts: EndpointOptions = {}) =>
  ({ method: 'POST', url, session: opts.session ?? true }) as const;

const noSession = { session: false };
const onSession = { session: true };

export const Endpoints = {
  version: get('/api/version'),
  health: get('/api/health'),
  changelog: get('/api/changelog'),
  dataDrugs: get('/api/game/data/drugs'),
  dataWeapons: get('/api/game/data/weapons'),
  dataAmmo: get('/api/game/data/ammo'),
  dataArmor: get('/api/game/data/armor'),
  dataConsumables: get('/api/game/data/consumables'),
  dataItems: get('/api/game/data/items'),
  dataLocations: get('/api/game/data/locations'),
  newGame: post('/api/game/new', noSession),
  validate: post('/api/game/validate', noSession),
  resume: post('/api/game/resume', noSession),
  endSession: post('/api/game/end-session'),
  state: get('/api/game/state', onSession),
  travel: post('/api/game/travel'),
  stay: post('/api/game/stay'),
  buy: post('/api/game/shop/buy'),
  sell: post('/api/game/sell'),
  encounter: post('/api/game/encounter'),
  deposit: post('/api/game/bank/deposit'),
  withdraw: post('/api/game/bank/withdraw'),
  borrow: post('/api/game/loan/borrow'),
  repay: post('/api/game/loan/pay'),
  borrowMax: post('/api/game/loan/borrow-max'),
  sharks: get('/api/game/loan/sharks', onSession),
  hospitalCost: get('/api/game/hospital/cost', onSession),
  hospitalVisit: post('/api/game/hospital/visit'),
  dump: post('/api/game/dump'),
  worldPrices: get('/api/game/prices/world', onSession),
  stash: post('/api/game/stash'),
  unstash: post('/api/game/unstash'),
  history: get('/api/game/history', onSession),
  equip: post('/api/game/equipment/equip'),
  unequip: post('/api/game/equipment/unequip'),
  equipmentStats: get('/api/game/equipment/stats', onSession),
  shippingCompanies: get('/api/game/shipping/companies'),
  ship: post('/api/game/ship'),
  shippingStatus: get('/api/game/shipping/status', onSession),
  strings: get('/api/strings/:language'),
  leaderboardTop: get('/api/leaderboard/top'),
  leaderboardWeekly: get('/api/leaderboard/weekly'),
  leaderboardMonthly: get('/api/leaderboard/monthly'),
  leaderboardToday: get('/api/leaderboard/today'),
  leaderboardDaily: get('/api/leaderboard/daily'),
  submitScore: post('/api/leaderboard/submit'),
  replay: get('/api/leaderboard/entries/:id/replay'),
  trackVisitor: post('/api/tracking/visitor', noSession),
  trackPageview: post('/api/tracking/pageview', noSession),
  trackFunnel: post('/api/tracking/funnel', noSession),
  trackEvent: post('/api/tracking/event', noSession),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof Endpoints;
