// What views show beyond the game state: Finances' loan-shark offers, the charts' history and the World Drug
// Prices hints. Each is kept for the game (and day, for the prices) it belongs to, so a view opens with the last
// answer while it asks again behind it (SPEC.md: sharks are loaded on entry), and `prefetchViewData` asks for
// them ahead, when the game screen is idle (each day for the prices), so even a first opening has them instead
// of a bare "Loading...".
import type { LoanSharkOffer } from '@drugwars/engine';
import type { ResponseBody } from '@drugwars/protocol';
import { api } from '../api/client';
import { useGameStore } from './gameStore';

export type History = ResponseBody<'history'>['history'];
export type WorldPrices = Pick<ResponseBody<'worldPrices'>, 'worldPrices' | 'worldPricesDay'>;

interface Kept<T> {
  /** The game (and, for the sharks, the rank) the value belongs to. */
  key: string;
  value: T;
}

let sharks: Kept<LoanSharkOffer[]> | null = null;
let history: Kept<History> | null = null;
let worldPrices: Kept<WorldPrices> | null = null;

/** The offers depend on the rank (the engine's loanSharkOffers); none outside a game. */
function sharksKey(): string | null {
  const { sessionId, gameState } = useGameStore.getState();
  return sessionId && gameState ? `${sessionId}:${gameState.player.rank.level}` : null;
}

function gameKey(): string | null {
  return useGameStore.getState().sessionId;
}

/** Other cities' prices are hints that change with each day's travel. */
function dayKey(): string | null {
  const { sessionId, gameState } = useGameStore.getState();
  return sessionId && gameState ? `${sessionId}:${gameState.day}` : null;
}

/** The last offers asked for this game at this rank, or null. */
export function keptSharks(): LoanSharkOffer[] | null {
  const key = sharksKey();
  return key !== null && sharks?.key === key ? sharks.value : null;
}

/** Asks for the offers and keeps them (an empty list, also what a failure answers, is not kept). */
export async function loadSharks(): Promise<LoanSharkOffer[]> {
  const key = sharksKey();
  const list = await api.loanSharks();
  if (key !== null && list.length > 0 && key === sharksKey()) sharks = { key, value: list };
  return list;
}

/** This game's last history (of an earlier day, perhaps: the charts show it until the new one is in), or null. */
export function keptHistory(): History | null {
  const key = gameKey();
  return key !== null && history?.key === key ? history.value : null;
}

/** Asks for the history and keeps it; a failure throws, as the call does. */
export async function loadHistory(): Promise<History> {
  const key = gameKey();
  const res = await api.history();
  if (key !== null && key === gameKey()) history = { key, value: res.history };
  return res.history;
}

/** Today's World Drug Prices hints of this game, or null. */
export function keptWorldPrices(): WorldPrices | null {
  const key = dayKey();
  return key !== null && worldPrices?.key === key ? worldPrices.value : null;
}

/** Asks for the World Drug Prices hints and keeps them for the day; a failure throws, as the call does. */
export async function loadWorldPrices(): Promise<WorldPrices> {
  const key = dayKey();
  const res = await api.worldPrices();
  const value = { worldPrices: res.worldPrices, worldPricesDay: res.worldPricesDay };
  if (key !== null && key === dayKey()) worldPrices = { key, value };
  return value;
}

/**
 * Asks ahead for what Finances (without debt), the charts and World Drug Prices will show (the game screen calls
 * it in idle time, once a game and again each day). Failures are the views' own business.
 */
export function prefetchViewData(): void {
  const gs = useGameStore.getState().gameState;
  if (!gs || gs.gameOver) return;
  if (gs.player.debt === 0 && keptSharks() === null) void loadSharks();
  if (keptHistory() === null) loadHistory().catch(() => undefined);
  // a game reply leaves other cities' prices out (an empty worldPrices): the view asks for them
  const pricesInState = Object.keys(gs.worldPrices ?? {}).length > 0;
  if (!pricesInState && keptWorldPrices() === null) loadWorldPrices().catch(() => undefined);
}

/** Forgets everything kept (tests). */
export function resetViewData(): void {
  sharks = null;
  history = null;
  worldPrices = null;
}
