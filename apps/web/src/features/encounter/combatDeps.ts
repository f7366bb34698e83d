// What the combat controller talks to: the server, the stores, sounds, the clock and analytics. The app uses the
// defaults; tests pass fakes for any of them (createCombatController(overrides)).
import type { ClientGameState } from '@drugwars/engine';
import type { EncounterRequest } from '@drugwars/protocol';
import type { EncounterReply } from '../../api/client';
import { api } from '../../api/client';
import { playSound } from '../../audio/soundEffects';
import { trackEvent, type AnalyticsEvent } from '../../analytics/analytics';
import { announce } from '../../store/announcer';
import { refreshState } from '../../store/gameActions';
import { useGameStore, type GameStore } from '../../store/gameStore';
import { useCombatUi, type CombatUiState } from './combatUiStore';

export interface StoreLike<T> {
  getState(): T;
  setState(partial: Partial<T>): void;
}

export interface CombatDeps {
  encounter(req: EncounterRequest): Promise<EncounterReply>;
  /** GET /game/state into the store; null when it failed (the error is already handled). */
  reloadState(): Promise<ClientGameState | null>;
  equipWeapon(weaponId: string): Promise<ClientGameState>;
  game: { getState(): GameStore };
  ui: StoreLike<CombatUiState>;
  playSound(name: string): void;
  /** Says a fight line to a screen reader (store/announcer); a wound is said assertively. */
  announce(text: string, options?: { assertive?: boolean }): void;
  wait(ms: number): Promise<void>;
  /** The random reference shown by the API error modal. */
  randomRef(): string;
  track(event: AnalyticsEvent): Promise<void>;
}

function randomHex(length: number): string {
  const bytes = new Uint8Array(Math.ceil(length / 2));
  if (typeof crypto !== 'undefined' && typeof crypto.getRandomValues === 'function') crypto.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i++) bytes[i] = Math.floor(Math.random() * 256);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length);
}

export const defaultCombatDeps: CombatDeps = {
  encounter: (req) => api.encounter(req),
  reloadState: () => refreshState(),
  equipWeapon: async (weaponId) => (await api.equip(weaponId, 'weapon')).gameState,
  game: useGameStore,
  ui: useCombatUi,
  playSound,
  announce,
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  randomRef: () => `sess-${randomHex(8)}`,
  track: trackEvent,
};

/** The encounter now: the store's (the battlefield may show a snapshot while an ending waits for its overlay). */
export function currentEncounter(deps: Pick<CombatDeps, 'game'>) {
  return deps.game.getState().gameState?.encounter ?? null;
}
