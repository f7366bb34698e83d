// Local persistence of SPEC.md section 3: visitor id, player name, game session id, soundEnabled (default
// true) and combatSpeed (default normal); travelSpeed (default normal); and whether How to play was read (the first
// intro points to it once). Storage can be unavailable (private mode, quota): every read falls
// back to the default and every write is best effort, so the game still runs without it.
import { COMBAT_SPEEDS, DEFAULT_COMBAT_SPEED, DEFAULT_TRAVEL_SPEED, TRAVEL_SPEEDS, type CombatSpeed, type TravelSpeed } from '../constants';

export const STORAGE_KEYS = {
  visitorId: 'drugwars.visitorId',
  playerName: 'drugwars.playerName',
  sessionId: 'drugwars.sessionId',
  soundEnabled: 'drugwars.soundEnabled',
  combatSpeed: 'drugwars.combatSpeed',
  howToPlaySeen: 'drugwars.howToPlaySeen',
  travelSpeed: 'drugwars.travelSpeed',
} as const;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // best effort: the game works without persistence
  }
}

function newUuid(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // RFC 4122 v4 layout from Math.random where crypto.randomUUID is missing (old browsers, plain http)
  return 'xxxxxxxx-xxxx-4xxx-yxxx-xxxxxxxxxxxx'.replace(/[xy]/g, (c) => {
    const r = Math.floor(Math.random() * 16);
    return (c === 'x' ? r : (r & 0x3) | 0x8).toString(16);
  });
}

/** The visitor id, created and stored on first use. */
export function getVisitorId(): string {
  const existing = read(STORAGE_KEYS.visitorId);
  if (existing) return existing;
  const id = newUuid();
  write(STORAGE_KEYS.visitorId, id);
  return id;
}

export function getSessionId(): string | null {
  const id = read(STORAGE_KEYS.sessionId);
  return id && id.trim() !== '' ? id : null;
}
export function setSessionId(id: string | null): void {
  write(STORAGE_KEYS.sessionId, id);
}

/** The last valid name the player typed (pre-filled in the name entry modal). */
export function getPlayerName(): string {
  return read(STORAGE_KEYS.playerName) ?? '';
}
export function setPlayerName(name: string): void {
  write(STORAGE_KEYS.playerName, name);
}

export function getSoundEnabled(): boolean {
  return read(STORAGE_KEYS.soundEnabled) !== 'false';
}
export function setSoundEnabled(enabled: boolean): void {
  write(STORAGE_KEYS.soundEnabled, String(enabled));
}

/**
 * A setting that takes one of a fixed list of values: a stored value not on the list reads as the default, and
 * setting one not on the list is refused (false) and stores nothing.
 */
function choiceSetting<T extends string>(key: string, values: readonly T[], fallback: T) {
  const is = (value: unknown): value is T => typeof value === 'string' && (values as readonly string[]).includes(value);
  return {
    is,
    get: (): T => {
      const value = read(key);
      return is(value) ? value : fallback;
    },
    set: (value: string): boolean => {
      if (!is(value)) return false;
      write(key, value);
      return true;
    },
  };
}

/** slow, normal, fast or instant (SPEC.md section 5). */
const combatSpeed = choiceSetting<CombatSpeed>(STORAGE_KEYS.combatSpeed, COMBAT_SPEEDS, DEFAULT_COMBAT_SPEED);
export const isCombatSpeed: (value: unknown) => value is CombatSpeed = combatSpeed.is;
export const getCombatSpeed = combatSpeed.get;
export const setCombatSpeed = combatSpeed.set;

/** Whether the player has opened How to play or been pointed to it once already. */
export function getHowToPlaySeen(): boolean {
  return read(STORAGE_KEYS.howToPlaySeen) === 'true';
}
export function setHowToPlaySeen(): void {
  write(STORAGE_KEYS.howToPlaySeen, 'true');
}

/** normal, fast or skip. */
const travelSpeed = choiceSetting<TravelSpeed>(STORAGE_KEYS.travelSpeed, TRAVEL_SPEEDS, DEFAULT_TRAVEL_SPEED);
export const isTravelSpeed: (value: unknown) => value is TravelSpeed = travelSpeed.is;
export const getTravelSpeed = travelSpeed.get;
export const setTravelSpeed = travelSpeed.set;
