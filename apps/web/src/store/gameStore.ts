/*
 * The game store (zustand 5). One store for the session and the game state (DESIGN.md section 5).
 *
 * NOTE FOR WEB-PLAY (and anyone building a view):
 * - Read with a selector: `const gs = useGameStore((s) => s.gameState)`; outside React use
 *   `useGameStore.getState()`. Never copy the game state into local state; the server's gameState is the truth.
 * - After any successful call that returns a gameState, call `setGameState(res.gameState)` (or use the action
 *   helpers in src/store/gameActions.ts, which also add the log message and handle SPEC.md section 8 errors).
 * - For a failed call: `handleApiError(err, { action: 'equip' })` from src/store/gameActions.ts maps the error
 *   catalogue (audit modal, Session Connection Lost modal, connection lost, fallbacks) and logs the message.
 * - Encounter view: it is mounted by the game screen while `gameState.encounter` is set OR
 *   `encounterOverlay` is not null. Set `encounterOverlay` when you show VICTORY!/ESCAPED!/... and clear it
 *   with `setEncounterOverlay(null)` when its button is pressed; then reload the state (`refreshState()` in
 *   gameActions), apply a stored follow-up with `setGameState`, and call `processPendingEvents()` (events that
 *   arrived with the day wait until the encounter is over). Use `settings.combatSpeed` and COMBAT_DELAY_MS.
 *   On an encounter call error: `pushModal({ kind: 'apiError', sessionRef, retry })` shows the API error modal.
 * - Session Connection Lost modal (features/connection): shown while the head of `modals` has kind
 *   'sessionLost'; close it with `closeModal()`.
 * - Sounds: `signals.emit({ type: 'sound', name })` is sent for travel ('plane'), event soundEffects and
 *   loan-shark visits ('loan_shark_1'..'loan_shark_4'); subscribe with `signals.subscribe(fn)` (store/signals.ts).
 *   Respect `settings.soundEnabled`.
 * - Mounted modules (loaded lazily by the game screen if the file exists; default export is a component):
 *     features/encounter/EncounterView.tsx      props: none
 *     features/info/InfoView.tsx                props: { view: 'world_prices' | 'other_stashes' | 'shipment_tracking' | 'charts' }
 *     features/inventory/InventoryView.tsx      props: { tab: 'equipment' | 'drugs' | 'consumables' }
 *     features/stats/StatsModal.tsx             props: { onClose: () => void }   (game-over page)
 *     features/connection/SessionLostModal.tsx  props: { message: string; onClose: () => void }
 *     audio/index.ts, analytics/index.ts        export function init(): void  (called once at start-up)
 */
import { create } from 'zustand';
import type { ClientGameState, EventCategory, GameEvent, RankPromotionData } from '@drugwars/engine';
import { ACKNOWLEDGE_TEXTS, MESSAGE_LOG_LIMIT, type CombatSpeed } from '../constants';
import type { GameDataMap } from '../api/types';
import {
  getCombatSpeed,
  getSessionId,
  getSoundEnabled,
  isCombatSpeed,
  setCombatSpeed as storeCombatSpeed,
  setSessionId as storeSessionId,
  setSoundEnabled as storeSoundEnabled,
} from '../storage/local';
import { acknowledgeTexts } from '../lib/strings';
import { takeFirstGroup } from './eventQueue';

export type ViewName =
  | 'market'
  | 'stash'
  | 'player_inventory'
  | 'travel'
  | 'shopping'
  | 'finances'
  | 'hospital'
  | 'shipping'
  | 'world_prices'
  | 'other_stashes'
  | 'shipment_tracking'
  | 'charts';
export type NavMode = 'places' | 'info' | 'inventory';
export type InventoryTab = 'equipment' | 'drugs' | 'consumables';
export type MessageType = 'info' | 'success' | 'warning' | 'danger' | 'error';

export interface LogMessage {
  id: number;
  text: string;
  type: MessageType;
  day: number;
}

export type ModalItem =
  | { kind: 'intro'; event: GameEvent }
  | { kind: 'event'; category: EventCategory; events: GameEvent[]; ackText: string }
  | { kind: 'promotion'; data: RankPromotionData; event: GameEvent }
  | { kind: 'error'; message: string }
  | { kind: 'sessionLost'; message: string }
  | { kind: 'apiError'; sessionRef: string; retry: (() => void) | null };

export interface EncounterOverlay {
  kind: 'victory' | 'escaped' | 'surrendered' | 'bribed' | 'dead';
  message: string;
}

export type UiState = 'IDLE' | 'SUBMITTING' | 'ERROR';

export interface Settings {
  soundEnabled: boolean;
  combatSpeed: CombatSpeed;
}

export interface GameStore {
  sessionId: string | null;
  isManualSeed: boolean;
  gameState: ClientGameState | null;
  gameData: Partial<GameDataMap>;
  messages: LogMessage[];
  pendingEvents: GameEvent[];
  modals: ModalItem[];
  view: ViewName;
  navMode: NavMode;
  inventoryTab: InventoryTab;
  transition: { message: string } | null;
  uiState: UiState;
  encounterOverlay: EncounterOverlay | null;
  /** A route the game screen should navigate to (set by actions, cleared by the screen). */
  redirect: string | null;
  /** Bumped when the message log should collapse (the "minimize signal"). */
  minimizeLogSignal: number;
  settings: Settings;
  /** Flags of SPEC.md section 8. */
  auditFailure: boolean;
  sessionError: boolean;

  setSession(id: string | null, opts?: { isManualSeed?: boolean }): void;
  setGameState(gs: ClientGameState | null): void;
  setGameData(data: Partial<GameDataMap>): void;
  addMessage(text: string, type?: MessageType): void;
  clearMessages(): void;
  queueEvents(events: readonly GameEvent[]): void;
  /** Moves pending events into the modal queue, one modal per category group, unless an encounter is on. */
  processPendingEvents(): void;
  pushModal(modal: ModalItem): void;
  closeModal(): void;
  setView(view: ViewName): void;
  setNavMode(mode: NavMode): void;
  setInventoryTab(tab: InventoryTab): void;
  setTransition(t: { message: string } | null): void;
  setUiState(s: UiState): void;
  setEncounterOverlay(o: EncounterOverlay | null): void;
  setRedirect(path: string | null): void;
  minimizeLog(): void;
  setSoundEnabled(enabled: boolean): void;
  setCombatSpeed(speed: string): void;
  setAuditFailure(flag: boolean): void;
  setSessionError(flag: boolean): void;
  /** Forgets the game (title screen, new game): keeps settings and game data. */
  resetGame(): void;
}

let nextMessageId = 1;

/** One of Got it, Whatever, Sweet, Word (as the strings catalogue spells them). */
export function randomAcknowledgeText(random: () => number = Math.random): string {
  const texts = acknowledgeTexts();
  return texts[Math.floor(random() * texts.length)] ?? ACKNOWLEDGE_TEXTS[0];
}

/** The modal for one group of same-category events. */
export function modalForGroup(category: EventCategory, group: GameEvent[]): ModalItem[] {
  if (category === 'game_intro') return group.map((event) => ({ kind: 'intro', event }));
  if (category === 'rank_promotion') {
    return group.flatMap((event): ModalItem[] =>
      event.promotionData ? [{ kind: 'promotion', data: event.promotionData, event }] : [],
    );
  }
  return [{ kind: 'event', category, events: group, ackText: randomAcknowledgeText() }];
}

const initialGame = {
  gameState: null,
  messages: [] as LogMessage[],
  pendingEvents: [] as GameEvent[],
  modals: [] as ModalItem[],
  view: 'market' as ViewName,
  navMode: 'places' as NavMode,
  inventoryTab: 'equipment' as InventoryTab,
  transition: null,
  uiState: 'IDLE' as UiState,
  encounterOverlay: null,
  redirect: null,
};

export const useGameStore = create<GameStore>()((set, get) => ({
  sessionId: getSessionId(),
  isManualSeed: false,
  gameData: {},
  minimizeLogSignal: 0,
  settings: { soundEnabled: getSoundEnabled(), combatSpeed: getCombatSpeed() },
  auditFailure: false,
  sessionError: false,
  ...initialGame,

  setSession(id, opts) {
    storeSessionId(id);
    set({ sessionId: id, isManualSeed: opts?.isManualSeed ?? get().isManualSeed });
  },
  setGameState(gameState) {
    set({ gameState });
  },
  setGameData(data) {
    set({ gameData: { ...get().gameData, ...data } });
  },
  addMessage(text, type = 'info') {
    const day = get().gameState?.day ?? 0;
    const messages = [...get().messages, { id: nextMessageId++, text, type, day }];
    set({ messages: messages.slice(-MESSAGE_LOG_LIMIT) });
  },
  clearMessages() {
    set({ messages: [] });
  },
  queueEvents(events) {
    if (events.length === 0) return;
    set({ pendingEvents: [...get().pendingEvents, ...events] });
  },
  processPendingEvents() {
    const { gameState, encounterOverlay } = get();
    if (gameState?.encounter || encounterOverlay) return;
    let rest = get().pendingEvents;
    const modals: ModalItem[] = [];
    for (;;) {
      const next = takeFirstGroup(rest);
      if (!next) break;
      // combat and loan-shark events are what the encounter view shows; they leave only their log lines here
      if (next.category !== 'combat' && next.category !== 'loan_shark') {
        modals.push(...modalForGroup(next.category, next.group));
      }
      rest = next.rest;
    }
    set({ pendingEvents: [], modals: [...get().modals, ...modals] });
  },
  pushModal(modal) {
    set({ modals: [...get().modals, modal] });
  },
  closeModal() {
    set({ modals: get().modals.slice(1) });
  },
  setView(view) {
    set({ view });
  },
  setNavMode(navMode) {
    set({ navMode });
  },
  setInventoryTab(inventoryTab) {
    set({ inventoryTab });
  },
  setTransition(transition) {
    set({ transition });
  },
  setUiState(uiState) {
    set({ uiState });
  },
  setEncounterOverlay(encounterOverlay) {
    set({ encounterOverlay });
  },
  setRedirect(redirect) {
    set({ redirect });
  },
  minimizeLog() {
    set({ minimizeLogSignal: get().minimizeLogSignal + 1 });
  },
  setSoundEnabled(soundEnabled) {
    storeSoundEnabled(soundEnabled);
    set({ settings: { ...get().settings, soundEnabled } });
  },
  setCombatSpeed(speed) {
    if (!isCombatSpeed(speed)) return;
    storeCombatSpeed(speed);
    set({ settings: { ...get().settings, combatSpeed: speed } });
  },
  setAuditFailure(auditFailure) {
    set({ auditFailure });
  },
  setSessionError(sessionError) {
    set({ sessionError });
  },
  resetGame() {
    set({ ...initialGame });
  },
}));
