// Method, path and summary of every /api call, and whether it acts on the game named by the x-session-id
// header. Plain data without a schema in sight, so the web client imports it (`@drugwars/protocol/endpoints`)
// without bundling TypeBox; routes.ts gives each of these calls its schemas (ApiRoutes).

export interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  /** Whether the call acts on the game named by the x-session-id header. */
  session: boolean;
  summary: string;
}

export interface EndpointOptions {
  /** Acts on the session's game (default: false for GET, true for POST). */
  session?: boolean;
}

const get = <U extends string>(url: U, summary: string, opts: EndpointOptions = {}) =>
  ({ method: 'GET', url, summary, session: opts.session ?? false }) as const;
const post = <U extends string>(url: U, summary: string, opts: EndpointOptions = {}) =>
  ({ method: 'POST', url, summary, session: opts.session ?? true }) as const;

const noSession = { session: false };
const onSession = { session: true };

export const Endpoints = {
  version: get('/api/version', 'Version string and environment'),
  health: get('/api/health', 'Server and database health (503 when the database is down)'),
  changelog: get('/api/changelog', 'Recent changes, newest first'),
  dataDrugs: get('/api/game/data/drugs', 'Drug catalogue'),
  dataWeapons: get('/api/game/data/weapons', 'Weapon catalogue'),
  dataAmmo: get('/api/game/data/ammo', 'Ammo catalogue'),
  dataArmor: get('/api/game/data/armor', 'Armor catalogue'),
  dataConsumables: get('/api/game/data/consumables', 'Consumable catalogue'),
  dataItems: get('/api/game/data/items', 'Item catalogue'),
  dataLocations: get('/api/game/data/locations', 'Locations'),
  newGame: post('/api/game/new', 'Start a game', noSession),
  validate: post('/api/game/validate', 'Is this session still active?', noSession),
  resume: post('/api/game/resume', 'Resume a game (audited)', noSession),
  endSession: post('/api/game/end-session', 'End the session'),
  state: get('/api/game/state', 'Current game state', onSession),
  travel: post('/api/game/travel', 'Fly to another city (next day)'),
  stay: post('/api/game/stay', 'Stay here (next day)'),
  buy: post('/api/game/shop/buy', 'Buy drugs or equipment'),
  sell: post('/api/game/sell', 'Sell drugs'),
  encounter: post('/api/game/encounter', 'Act in an encounter'),
  deposit: post('/api/game/bank/deposit', 'Deposit cash in the bank'),
  withdraw: post('/api/game/bank/withdraw', 'Withdraw from the bank'),
  borrow: post('/api/game/loan/borrow', 'Borrow from a loan shark'),
  repay: post('/api/game/loan/pay', 'Pay back the loan shark'),
  borrowMax: post('/api/game/loan/borrow-max', "Borrow a shark's maximum"),
  sharks: get('/api/game/loan/sharks', 'Loan sharks available at your rank', onSession),
  hospitalCost: get('/api/game/hospital/cost', 'Cost of healing to full health', onSession),
  hospitalVisit: post('/api/game/hospital/visit', 'Heal to full health'),
  dump: post('/api/game/dump', 'Throw drugs away'),
  worldPrices: get('/api/game/prices/world', 'Known prices in every city', onSession),
  stash: post('/api/game/stash', 'Stash drugs here'),
  unstash: post('/api/game/unstash', 'Take drugs from the stash here'),
  history: get('/api/game/history', 'Chart series: cash, debt, health, prices', onSession),
  equip: post('/api/game/equipment/equip', 'Equip a weapon or armor'),
  unequip: post('/api/game/equipment/unequip', 'Unequip a weapon or armor'),
  equipmentStats: get('/api/game/equipment/stats', 'Equipped gear and combat stats', onSession),
  shippingCompanies: get('/api/game/shipping/companies', 'Shipping companies'),
  ship: post('/api/game/ship', 'Ship drugs to another city'),
  shippingStatus: get('/api/game/shipping/status', 'Shipments of this game', onSession),
  strings: get('/api/strings/:language', 'UI strings (unknown languages fall back to English)'),
  leaderboardTop: get('/api/leaderboard/top', 'Most Wanted List, all time'),
  leaderboardWeekly: get('/api/leaderboard/weekly', 'Most Wanted List, this ISO week (UTC)'),
  leaderboardMonthly: get('/api/leaderboard/monthly', 'Most Wanted List, this month (UTC)'),
  leaderboardToday: get('/api/leaderboard/today', 'Most Wanted List, today (UTC)'),
  submitScore: post('/api/leaderboard/submit', "Record this finished game's score"),
  trackVisitor: post('/api/tracking/visitor', 'Analytics: visitor', noSession),
  trackPageview: post('/api/tracking/pageview', 'Analytics: page view', noSession),
  trackFunnel: post('/api/tracking/funnel', 'Analytics: funnel stage', noSession),
  trackEvent: post('/api/tracking/event', 'Analytics: game event', noSession),
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof Endpoints;
