// The one typed HTTP client of the web app (DESIGN.md section 5: no component fetches by hand). Every call is
// named after its endpoint in protocol's `Endpoints` (method and url come from there) and typed by protocol's
// `RequestBody` / `ResponseBody` of that name. JSON bodies, cookies sent (credentials), the stored session id
// in the x-session-id header. Every failure is thrown as an ApiError { status, code, message }: status 0 means
// no response at all. A player's move carries a fresh Idempotency-Key and is retried with that same key when no
// answer came back (see `move`), so a retry never applies a move twice. The client keeps the game state the server
// last gave it with its version (`held`): a move says which version it was made on and is answered only what
// changed, GET state answers 304 when nothing did, and every call here still returns whole states.
import { purchaseQuantity, withStateChange, type ClientGameState, type ClientStateChange } from '@drugwars/engine';
import type { ErrorResponse, RequestBody, ResponseBody, ShopItemKind } from '@drugwars/protocol';
import { IDEMPOTENCY_KEY_HEADER, SESSION_HEADER, STATE_VERSION_HEADER, VISITOR_HEADER } from '@drugwars/protocol/constants';
import { Endpoints, type EndpointName } from '@drugwars/protocol/endpoints';
import { ACTION_RETRIES, ACTION_RETRY_DELAY_MS, HEALTH_RETRY_DELAY_MS } from '../constants';
import type { CatalogueKind } from '../lib/catalogue';
import { debugLog, setEnvironment } from '../lib/debug';
import { getSessionId, getVisitorId, setSessionId } from '../storage/local';

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(opts: { status: number; code: string; message: string }) {
    super(opts.message);
    this.name = 'ApiError';
    this.status = opts.status;
    this.code = opts.code;
  }
}

export const NETWORK_ERROR_CODE = 'NETWORK_ERROR';
export const INVALID_RESPONSE_CODE = 'INVALID_RESPONSE';

function isErrorBody(body: unknown): body is Partial<ErrorResponse> {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false;
}

function errorFromBody(status: number, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null) {
    const b = body as Partial<ErrorResponse>;
    const message =
      (typeof b.message === 'string' && b.message) || (typeof b.error === 'string' && b.error) || `HTTP ${status}`;
    return new ApiError({ status, code: typeof b.code === 'string' ? b.code : `HTTP_${status}`, message });
  }
  return new ApiError({ status, code: `HTTP_${status}`, message: `HTTP ${status}` });
}

/** Debug lines name a call by its path under /api ('GET /version 200'). */
const debugPath = (url: string) => url.replace(/^\/api(?=\/)/, '');

/** What `request` gives for a 304 Not Modified (asked for with If-None-Match). */
const NOT_MODIFIED = Symbol('not modified');

/**
 * Low-level request: JSON in, JSON out, ApiError on anything but a 2xx JSON body without success:false (and
 * NOT_MODIFIED for a 304, which only a request with If-None-Match gets).
 */
async function request<T>(method: 'GET' | 'POST', url: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const sessionId = getSessionId();
  if (sessionId) headers[SESSION_HEADER] = sessionId;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    debugLog(method, debugPath(url), 'no response', err);
    throw new ApiError({
      status: 0,
      code: NETWORK_ERROR_CODE,
      message: err instanceof Error ? err.message : 'Network error',
    });
  }
  if (response.status === 304 && headers['If-None-Match'] !== undefined) {
    debugLog(method, debugPath(url), 304);
    // read the (empty) body to its end: a response left unread is reported as an aborted request
    await response.text().catch(() => '');
    return NOT_MODIFIED as T;
  }
  let parsed: unknown = undefined;
  const text = await response.text().catch(() => '');
  if (text !== '') {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
  }
  debugLog(method, debugPath(url), response.status);
  if (!response.ok || isErrorBody(parsed)) throw errorFromBody(response.status, parsed);
  if (parsed === undefined) {
    throw new ApiError({ status: response.status, code: INVALID_RESPONSE_CODE, message: 'Invalid response' });
  }
  return parsed as T;
}

type Method<K extends EndpointName> = (typeof Endpoints)[K]['method'];
type GetName = { [K in EndpointName]: Method<K> extends 'GET' ? K : never }[EndpointName];
type PostName = Exclude<EndpointName, GetName>;

interface GetOptions {
  /** Fill the url's `:name` parts. */
  params?: Record<string, string>;
  /** The query string (entries with an undefined value are left out). */
  query?: Record<string, string | undefined>;
  /** Send this browser's visitor id (the boards and replays show a player their own Daily Run replays early). */
  asVisitor?: boolean;
}

/** A GET endpoint. */
function get<K extends GetName>(name: K, options: GetOptions = {}): Promise<ResponseBody<K>> {
  const params = options.params ?? {};
  let url = Endpoints[name].url.replace(/:(\w+)/g, (_, key: string) => encodeURIComponent(params[key] ?? ''));
  const query = Object.entries(options.query ?? {}).filter((e): e is [string, string] => e[1] !== undefined);
  if (query.length > 0) url += `?${new URLSearchParams(query).toString()}`;
  return request<ResponseBody<K>>('GET', url, undefined, options.asVisitor ? { [VISITOR_HEADER]: getVisitorId() } : {});
}

/** A POST endpoint with its body. */
function post<K extends PostName>(name: K, body: RequestBody<K>): Promise<ResponseBody<K>> {
  return request<ResponseBody<K>>('POST', Endpoints[name].url, body);
}

/** 128 random bits as hex (crypto.getRandomValues works on plain http too, unlike crypto.randomUUID). */
function newIdempotencyKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The game state the server last gave this client, its version and the session it belongs to: what a move's
 * change is applied to and what a 304 means. Replaced by every reply that gives a state (new game, resume, state,
 * each move); a state of another session is never used (the session id is compared).
 */
let held: { sessionId: string; version: number; gameState: ClientGameState } | null = null;

/** The held state, if it belongs to this session. */
function heldFor(sessionId: string | null) {
  return held !== null && held.sessionId === sessionId ? held : null;
}

/** The version of the state this client holds for the stored session (null: none yet). */
export function heldVersion(): number | null {
  return heldFor(getSessionId())?.version ?? null;
}

/** Keeps a reply's whole state and version as the held one. */
function hold(sessionId: string | null, reply: unknown): void {
  const version = (reply as { version?: unknown } | null)?.version;
  if (sessionId !== null && typeof version === 'number' && hasGameState(reply)) held = { sessionId, version, gameState: reply.gameState };
}

/** A reply with its game state whole (a move's reply may carry only what changed: see `move`). */
export type WithWholeState<T> = T extends { gameState: unknown } ? Omit<T, 'gameState'> & { gameState: ClientGameState } : T;

/** An encounter move's reply as `api.encounter` gives it (its game state whole). */
export type EncounterReply = WithWholeState<ResponseBody<'encounter'>>;

/**
 * A move's reply with its game state whole: a change (`changedSince`, always the version the move was sent on: moves
 * go out one at a time) applied to the held state with the engine's withStateChange, or the whole state when the
 * server answered every field (this client held another version, or none). Kept as the held state.
 */
function withWholeState<T>(sessionId: string | null, base: ReturnType<typeof heldFor>, reply: T): WithWholeState<T> {
  const r = reply as { changedSince?: number; gameState?: ClientStateChange };
  if (r.changedSince === undefined || r.gameState === undefined) {
    hold(sessionId, reply);
    return reply as WithWholeState<T>;
  }
  if (base === null || r.changedSince !== base.version) {
    throw new ApiError({ status: 200, code: INVALID_RESPONSE_CODE, message: 'Invalid game state received from server.' });
  }
  const whole = { ...reply, gameState: withStateChange(base.gameState, r.gameState) };
  hold(sessionId, whole);
  return whole as WithWholeState<T>;
}

/** No answer from the game server itself: the request may or may not have been applied. */
const unanswered = (e: unknown) => e instanceof ApiError && [0, 502, 503, 504].includes(e.status);

/** The moves sent so far, in order: the next one goes out once the one before has its answer. */
let moveChain: Promise<unknown> = Promise.resolve();

/**
 * A player's move (a state-changing game call). Moves go out one at a time, in the order they were made, so each
 * is made on the version the one before left (the client may have painted several ahead: instant trades) and its
 * reply applies to the held state. One Idempotency-Key per move, the same on each retry of it; retried only when
 * no answer came back: an answer, even a refusal, is final.
 */
function move<K extends PostName>(name: K, body: RequestBody<K>): Promise<WithWholeState<ResponseBody<K>>> {
  const sent = moveChain.then(() => sendMove(name, body));
  moveChain = sent.catch(() => undefined);
  return sent;
}

async function sendMove<K extends PostName>(name: K, body: RequestBody<K>): Promise<WithWholeState<ResponseBody<K>>> {
  const headers: Record<string, string> = { [IDEMPOTENCY_KEY_HEADER]: newIdempotencyKey() };
  const sessionId = getSessionId();
  const base = heldFor(sessionId);
  // Only what changed, please: this client holds the game at this version (a retry says the same).
  if (base !== null) headers[STATE_VERSION_HEADER] = String(base.version);
  for (let attempt = 0; ; attempt++) {
    try {
      return withWholeState(sessionId, base, await request<ResponseBody<K>>('POST', Endpoints[name].url, body, headers));
    } catch (e) {
      if (attempt >= ACTION_RETRIES || !unanswered(e)) throw e;
      await sleep(ACTION_RETRY_DELAY_MS);
    }
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A response whose gameState is missing is 'Invalid game state received from server.' (SPEC.md section 8). */
export function hasGameState(value: unknown): value is { gameState: ClientGameState } {
  if (typeof value !== 'object' || value === null) return false;
  const gs = (value as { gameState?: unknown }).gameState;
  return typeof gs === 'object' && gs !== null && typeof (gs as { player?: unknown }).player === 'object';
}

const DATA_ENDPOINTS = {
  drugs: 'dataDrugs',
  weapons: 'dataWeapons',
  ammo: 'dataAmmo',
  armor: 'dataArmor',
  consumables: 'dataConsumables',
  items: 'dataItems',
  locations: 'dataLocations',
} as const satisfies Record<CatalogueKind, GetName>;

/** Every catalogue list the server serves, in the order they are asked for. */
export const GAME_DATA_KINDS = Object.keys(DATA_ENDPOINTS) as CatalogueKind[];

export type LeaderboardPeriod = 'top' | 'weekly' | 'monthly' | 'today';
const LEADERBOARD_ENDPOINTS = {
  top: 'leaderboardTop',
  weekly: 'leaderboardWeekly',
  monthly: 'leaderboardMonthly',
  today: 'leaderboardToday',
} as const satisfies Record<LeaderboardPeriod, GetName>;

export const api = {
  // ---- title ----
  /** Its environment switches debug logging (SPEC.md section 6). */
  async version() {
    const res = await get('version');
    setEnvironment(res.environment);
    return res;
  },
  /** SPEC.md section 7: a failure is retried once after 2 seconds, then raised. */
  async health() {
    try {
      return await get('health');
    } catch {
      await sleep(HEALTH_RETRY_DELAY_MS);
      return get('health');
    }
  },
  /** Empty list on failure (SPEC.md section 8). */
  async changelog(): Promise<ResponseBody<'changelog'>['entries']> {
    try {
      const res = await get('changelog');
      return Array.isArray(res.entries) ? res.entries : [];
    } catch {
      return [];
    }
  },
  gameData: <K extends CatalogueKind>(kind: K) => get(DATA_ENDPOINTS[kind]) as Promise<ResponseBody<(typeof DATA_ENDPOINTS)[K]>>,
  strings: (language: string) => get('strings', { params: { language } }),

  // ---- session ----
  async newGame(req: RequestBody<'newGame'>) {
    const res = await post('newGame', req);
    hold(res.sessionId, res);
    return res;
  },
  validate: (sessionId: string) => post('validate', { sessionId }),
  async resume(sessionId: string) {
    const res = await post('resume', { sessionId });
    hold(res.sessionId, res);
    return res;
  },
  /** On success clears the stored session id (SPEC.md section 7). */
  async endSession(): Promise<{ success: boolean }> {
    try {
      const res = await move('endSession', {});
      setSessionId(null);
      return res;
    } catch {
      return { success: false };
    }
  },
  /** The whole state: the held one when the server answers that it has not changed since (304). */
  async state(): Promise<ResponseBody<'state'>> {
    const sessionId = getSessionId();
    const base = heldFor(sessionId);
    const headers: Record<string, string> = base === null ? {} : { 'If-None-Match': `"${base.version}"` };
    const res = await request<ResponseBody<'state'> | typeof NOT_MODIFIED>('GET', Endpoints.state.url, undefined, headers);
    if (res === NOT_MODIFIED) return { success: true, version: base!.version, gameState: base!.gameState };
    hold(sessionId, res);
    return res;
  },

  // ---- day ----
  travel: (destination: string) => move('travel', { destination }),
  stay: () => move('stay', {}),

  // ---- market and shop ----
  buy: (itemType: ShopItemKind, itemId: string, quantity: number) =>
    move('buy', { itemType, itemId, quantity: purchaseQuantity(itemType, quantity) }),
  sell: (drugId: string, quantity: number) => move('sell', { drugId, quantity }),
  dump: (drugId: string, quantity: number) => move('dump', { drugId, quantity }),
  dumpAll: () => move('dump', { drugId: 'all' }),
  stash: (drugId: string, quantity: number) => move('stash', { drugId, quantity }),
  unstash: (drugId: string, quantity: number) => move('unstash', { drugId, quantity }),
  worldPrices: () => get('worldPrices'),

  // ---- combat ----
  encounter: (req: RequestBody<'encounter'>) => move('encounter', req),

  // ---- money ----
  deposit: (amount: number) => move('deposit', { amount }),
  withdraw: (amount: number) => move('withdraw', { amount }),
  borrow: (amount: number, sharkId?: string) => move('borrow', sharkId === undefined ? { amount } : { sharkId, amount }),
  payLoan: (amount: number) => move('repay', { amount }),
  borrowMax: (sharkId: string) => move('borrowMax', { sharkId }),
  /** Empty list on failure (SPEC.md section 8). */
  async loanSharks(): Promise<ResponseBody<'sharks'>['sharks']> {
    try {
      const res = await get('sharks');
      return Array.isArray(res.sharks) ? res.sharks : [];
    } catch {
      return [];
    }
  },

  // ---- hospital, equipment, history ----
  hospitalCost: () => get('hospitalCost'),
  hospitalVisit: () => move('hospitalVisit', {}),
  history: () => get('history'),
  equip: (itemId: string, itemType: 'weapon' | 'armor') => move('equip', { itemId, itemType }),
  unequip: (itemType: 'weapon' | 'armor') => move('unequip', { itemType }),
  equipmentStats: () => get('equipmentStats'),

  // ---- shipping ----
  shippingCompanies: () => get('shippingCompanies'),
  ship: (req: RequestBody<'ship'>) => move('ship', req),
  shippingStatus: () => get('shippingStatus'),

  // ---- leaderboard ----
  leaderboard: (period: LeaderboardPeriod) => get(LEADERBOARD_ENDPOINTS[period], { asVisitor: true }),
  /** A day's Daily Run board (today, UTC, when no date is given), with the day's seed once it is over. */
  dailyLeaderboard: (date?: string) => get('leaderboardDaily', { query: { date }, asVisitor: true }),
  /** An entry's game, day by day (404 with the reason when there is no replay to show). */
  replay: (entryId: string) => get('replay', { params: { id: entryId }, asVisitor: true }),
  /** The server scores the session in the header; body fields are ignored. */
  submitScore: () => post('submitScore', {}),

  // ---- tracking (responses not read; callers only log failures) ----
  trackVisitor: (body: RequestBody<'trackVisitor'>) => post('trackVisitor', body),
  trackPageview: (body: RequestBody<'trackPageview'>) => post('trackPageview', body),
  trackFunnel: (body: RequestBody<'trackFunnel'>) => post('trackFunnel', body),
  trackEvent: (body: RequestBody<'trackEvent'>) => post('trackEvent', body),
};

export type Api = typeof api;
