// A real listening server (buildApp over a fresh storage) and a tiny JSON client, for the race, crash and
// scale-out tests: requests travel over real sockets, so concurrency is what a browser would cause.
import type { ClientGameState } from '@drugwars/engine';
import { buildApp } from '../../src/app';
import type { Storage } from '../../src/storage/port';
import { openFreshStorage, type StorageTarget } from './storageTargets';

export interface Reply<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface GameReply {
  success: boolean;
  code?: string;
  message?: string;
  sessionId?: string;
  gameState?: ClientGameState;
}

export async function request<T = GameReply>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { sessionId?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Reply<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.sessionId) headers['x-session-id'] = options.sessionId;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  return { status: response.status, body: JSON.parse(text) as T };
}

export interface RunningServer {
  baseUrl: string;
  storage: Storage;
  close(): Promise<void>;
}

const NO_LIMIT = { max: 1_000_000, timeWindowMs: 60_000 };

/** buildApp over a freshly migrated storage of `target`, listening on a free port of 127.0.0.1. */
export async function startServer(target: StorageTarget): Promise<RunningServer> {
  const { storage } = await openFreshStorage(target);
  const app = await buildApp({
    storage,
    logger: false,
    webDistDir: null,
    purgeIntervalMs: null,
    rateLimits: { newGame: NO_LIMIT, submit: NO_LIMIT, tracking: NO_LIMIT },
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    baseUrl: address,
    storage,
    async close() {
      await app.close();
      await storage.close();
    },
  };
}

/** A drug on sale here with its price and stock, cheapest first or dearest first. */
export function drugOnSale(state: ClientGameState, order: 'cheapest' | 'dearest'): { id: string; price: number; stock: number } {
  const onSale = state.marketInfo
    .filter((m) => m.quantity > 0 && m.price > 0 && m.price <= state.player.cash)
    .sort((a, b) => (order === 'cheapest' ? a.price - b.price : b.price - a.price));
  const m = onSale[0];
  if (!m) throw new Error('nothing affordable on sale in this market');
  return { id: m.id, price: m.price, stock: m.quantity };
}

export function heldQuantity(state: ClientGameState, drugId: string): number {
  return state.player.inventory[drugId]?.quantity ?? 0;
}

/** A new game through the API of a running server (seeded, so its market is known in advance). */
export async function newGameOver(baseUrl: string, body: { playerName: string; seed: string }): Promise<{ sessionId: string; state: ClientGameState }> {
  const created = await request(baseUrl, 'POST', '/api/game/new', { body });
  if (created.status !== 200 || !created.body.sessionId || !created.body.gameState) {
    throw new Error(`new game failed: ${created.status} ${JSON.stringify(created.body)}`);
  }
  return { sessionId: created.body.sessionId, state: created.body.gameState };
}
