// What views show beyond the game state: Finances' loan-shark offers and the charts' history. Each is kept for
// the game it belongs to, so a view opens with the last answer while it asks again behind it (SPEC.md: sharks are
// loaded on entry), and `prefetchViewData` asks for them ahead, when the game screen is idle, so even a first
// opening has them instead of a bare "Loading...". (World Drug Prices reads the game state's worldPrices.)
import type { LoanSharkOffer } from '@drugwars/engine';
import type { ResponseBody } from '@drugwars/protocol';
import { api } from '../api/client';
import { useGameStore } from './gameStore';

export type History = ResponseBody<'history'>['history'];

interface Kept<T> {
  /** The game (and, for the sharks, the rank) the value belongs to. */
  key: string;
  value: T;
}

let sharks: Kept<LoanSharkOffer[]> | null = null;
let history: Kept<History> | null = null;

/** The offers depend on the rank (the engine's loanSharkOffers); none outside a game. */
function sharksKey(): string | null {
  const { sessionId, gameState } = useGameStore.getState();
  return sessionId && gameState ? `${sessionId}:${gameState.player.rank.level}` : null;
}

function gameKey(): string | null {
  return useGameStore.getState().sessionId;
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

/**
 * Asks ahead for what Finances (without debt) and the charts will show (the game screen calls it in idle time,
 * once a game and again each day). Failures are the views' own business.
 */
export function prefetchViewData(): void {
  const gs = useGameStore.getState().gameState;
  if (!gs || gs.gameOver) return;
  if (gs.player.debt === 0 && keptSharks() === null) void loadSharks();
  if (keptHistory() === null) loadHistory().catch(() => undefined);
}

/** Forgets everything kept (tests). */
export function resetViewData(): void {
  sharks = null;
  history = null;
}
