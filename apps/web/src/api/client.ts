// The one typed HTTP client of the web app (DESIGN.md section 5: no component fetches by hand).
// Base '/api', JSON bodies, cookies sent (credentials), and the stored session id in the x-session-id header.
// Every failure is thrown as an ApiError { status, code, message }: status 0 means no response at all.
import type { ClientGameState } from '@drugwars/engine';
import { HEALTH_RETRY_DELAY_MS } from '../constants';
import { debugLog, setEnvironment } from '../lib/debug';
import { getSessionId, setSessionId } from '../storage/local';
import type {
  ActionResponse,
  BuyItemType,
  ChangelogEntry,
  DayResponse,
  EncounterRequest,
  EncounterResponse,
  EquipmentStats,
  ErrorBody,
  GameDataKind,
  GameDataMap,
  HealthResponse,
  HistoryView,
  LeaderboardEntry,
  LeaderboardPeriod,
  LoanSharkOffer,
  NewGameRequest,
  NewGameResponse,
  ResumeResponse,
  SellResponse,
  Shipment,
  ShippingCompany,
  StateResponse,
  StringsCatalogue,
  ValidateResponse,
  VersionResponse,
} from './types';

export const API_BASE = '/api';

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

function isErrorBody(body: unknown): body is Partial<ErrorBody> {
  return typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false;
}

function errorFromBody(status: number, body: unknown): ApiError {
  if (typeof body === 'object' && body !== null) {
    const b = body as Partial<ErrorBody>;
    const message =
      (typeof b.message === 'string' && b.message) || (typeof b.error === 'string' && b.error) || `HTTP ${status}`;
    return new ApiError({ status, code: typeof b.code === 'string' ? b.code : `HTTP_${status}`, message });
  }
  return new ApiError({ status, code: `HTTP_${status}`, message: `HTTP ${status}` });
}

/** Low-level request: JSON in, JSON out, ApiError on anything but a 2xx JSON body without success:false. */
export async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const sessionId = getSessionId();
  if (sessionId) headers['x-session-id'] = sessionId;
  let response: Response;
  try {
    response = await fetch(`${API_BASE}${path}`, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch (err) {
    debugLog(method, path, 'no response', err);
    throw new ApiError({
      status: 0,
      code: NETWORK_ERROR_CODE,
      message: err instanceof Error ? err.message : 'Network error',
    });
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
  debugLog(method, path, response.status);
  if (!response.ok || isErrorBody(parsed)) throw errorFromBody(response.status, parsed);
  if (parsed === undefined) {
    throw new ApiError({ status: response.status, code: INVALID_RESPONSE_CODE, message: 'Invalid response' });
  }
  return parsed as T;
}

const get = <T>(path: string) => request<T>('GET', path);
const post = <T>(path: string, body: unknown = {}) => request<T>('POST', path, body);

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** A response whose gameState is missing is 'Invalid game state received from server.' (SPEC.md section 8). */
export function hasGameState(value: unknown): value is { gameState: ClientGameState } {
  if (typeof value !== 'object' || value === null) return false;
  const gs = (value as { gameState?: unknown }).gameState;
  return typeof gs === 'object' && gs !== null && typeof (gs as { player?: unknown }).player === 'object';
}

export const api = {
  // ---- title ----
  /** Its environment switches debug logging (SPEC.md section 6). */
  async version(): Promise<VersionResponse> {
    const res = await get<VersionResponse>('/version');
    setEnvironment(res.environment);
    return res;
  },
  /** SPEC.md section 7: a failure is retried once after 2 seconds, then raised. */
  async health(): Promise<HealthResponse> {
    try {
      return await get<HealthResponse>('/health');
    } catch {
      await sleep(HEALTH_RETRY_DELAY_MS);
      return get<HealthResponse>('/health');
    }
  },
  /** Empty list on failure (SPEC.md section 8). */
  async changelog(): Promise<ChangelogEntry[]> {
    try {
      const res = await get<{ entries?: ChangelogEntry[] }>('/changelog');
      return Array.isArray(res.entries) ? res.entries : [];
    } catch {
      return [];
    }
  },
  gameData: <K extends GameDataKind>(kind: K) => get<GameDataMap[K]>(`/game/data/${kind}`),
  strings: (language: string) =>
    get<{ success: true; strings: StringsCatalogue }>(`/strings/${encodeURIComponent(language)}`),

  // ---- session ----
  newGame: (req: NewGameRequest) => post<NewGameResponse>('/game/new', req),
  validate: (sessionId: string) => post<ValidateResponse>('/game/validate', { sessionId }),
  resume: (sessionId: string) => post<ResumeResponse>('/game/resume', { sessionId }),
  /** On success clears the stored session id (SPEC.md section 7). */
  async endSession(): Promise<{ success: boolean }> {
    try {
      const res = await post<{ success: boolean }>('/game/end-session');
      setSessionId(null);
      return res;
    } catch {
      return { success: false };
    }
  },
  state: () => get<StateResponse>('/game/state'),

  // ---- day ----
  travel: (destination: string) => post<DayResponse>('/game/travel', { destination }),
  stay: () => post<DayResponse>('/game/stay'),

  // ---- market and shop ----
  buy: (itemType: BuyItemType, itemId: string, quantity: number) =>
    post<ActionResponse>('/game/shop/buy', { itemType, itemId, quantity: itemType === 'weapon' ? 1 : quantity }),
  sell: (drugId: string, quantity: number) => post<SellResponse>('/game/sell', { drugId, quantity }),
  dump: (drugId: string, quantity: number) => post<ActionResponse>('/game/dump', { drugId, quantity }),
  dumpAll: () => post<ActionResponse>('/game/dump', { drugId: 'all' }),
  stash: (drugId: string, quantity: number) => post<ActionResponse>('/game/stash', { drugId, quantity }),
  unstash: (drugId: string, quantity: number) => post<ActionResponse>('/game/unstash', { drugId, quantity }),
  worldPrices: () =>
    get<{ success: true; worldPrices: Record<string, Record<string, number>> }>('/game/prices/world'),

  // ---- combat ----
  encounter: (req: EncounterRequest) => post<EncounterResponse>('/game/encounter', req),

  // ---- money ----
  deposit: (amount: number) => post<ActionResponse>('/game/bank/deposit', { amount }),
  withdraw: (amount: number) => post<ActionResponse>('/game/bank/withdraw', { amount }),
  borrow: (amount: number, sharkId?: string) =>
    post<ActionResponse>('/game/loan/borrow', sharkId === undefined ? { amount } : { sharkId, amount }),
  payLoan: (amount: number) => post<ActionResponse>('/game/loan/pay', { amount }),
  borrowMax: (sharkId: string) => post<ActionResponse>('/game/loan/borrow-max', { sharkId }),
  /** Empty list on failure (SPEC.md section 8). */
  async loanSharks(): Promise<LoanSharkOffer[]> {
    try {
      const res = await get<{ sharks?: LoanSharkOffer[] }>('/game/loan/sharks');
      return Array.isArray(res.sharks) ? res.sharks : [];
    } catch {
      return [];
    }
  },

  // ---- hospital, equipment, history ----
  hospitalCost: () => get<{ success: true; cost: number }>('/game/hospital/cost'),
  hospitalVisit: () => post<ActionResponse>('/game/hospital/visit'),
  history: () => get<{ success: true; history: HistoryView }>('/game/history'),
  equip: (itemId: string, itemType: 'weapon' | 'armor') =>
    post<ActionResponse>('/game/equipment/equip', { itemId, itemType }),
  unequip: (itemType: 'weapon' | 'armor') => post<ActionResponse>('/game/equipment/unequip', { itemType }),
  equipmentStats: () => get<{ success: true; stats: EquipmentStats }>('/game/equipment/stats'),

  // ---- shipping ----
  shippingCompanies: () => get<{ success: true; companies: ShippingCompany[] }>('/game/shipping/companies'),
  ship: (req: { drugId: string; quantity: number; destinationId: string; companyId: string }) =>
    post<ActionResponse>('/game/ship', req),
  shippingStatus: () => get<{ success: true; shipments: Shipment[] }>('/game/shipping/status'),

  // ---- leaderboard ----
  leaderboard: (period: LeaderboardPeriod) =>
    get<{ success: true; entries: LeaderboardEntry[] }>(`/leaderboard/${period}`),
  /** The server scores the session in the header; body fields are ignored. */
  submitScore: () => post<{ success: true; entry: LeaderboardEntry }>('/leaderboard/submit'),

  // ---- tracking (responses not read; callers only log failures) ----
  trackVisitor: (body: Record<string, unknown>) => post<{ success: boolean }>('/tracking/visitor', body),
  trackPageview: (body: Record<string, unknown>) => post<{ success: boolean }>('/tracking/pageview', body),
  trackFunnel: (body: Record<string, unknown>) => post<{ success: boolean }>('/tracking/funnel', body),
  trackEvent: (body: Record<string, unknown>) => post<{ success: boolean }>('/tracking/event', body),
};

export type Api = typeof api;
