/*
 * The game store (zustand 5). One store for the session and the game state (DESIGN.md section 5).
 *
 * How views use it:
 * - Read with a selector: `const gs = useGameStore((s) => s.gameState)`; outside React use
 *   `useGameStore.getState()`. Never copy the game state into local state; the server's gameState is the truth.
 * - Change the game through the actions of store/gameActions.ts (they call the API, set the new state, add the
 *   log message and apply SPEC.md section 8 to failures); a call made by hand ends with `setGameState` on
 *   success and `handleApiError(err, context)` on failure.
 * - The catalogue: `useCatalogue()` of store/useCatalogue.ts (`currentCatalogue()` outside React); names for ids
 *   come from lib/catalogue.ts.
 * - The encounter view is mounted while `gameState.encounter` is set OR `encounterOverlay` is not null; events
 *   that arrived with the day wait in `pendingEvents` until the encounter is over (`processPendingEvents()`).
 * - The head of `modals` is the modal shown (features/game/GameModals.tsx); `closeModal()` shows the next.
 * - The store and its actions announce sounds and analytics through store/signals.ts (audio/ and analytics/
 *   listen); they never import those modules.
 */
import { create } from 'zustand';
import type { ClientGameState, EventCategory, ClientGameEvent, RankPromotionData } from '@drugwars/engine';
import { ACKNOWLEDGE_TEXTS, MESSAGE_LOG_LIMIT, type CombatSpeed, type TravelSpeed } from '../constants';
import type { Catalogue } from '../lib/catalogue';
import type { ShownRows } from '../lib/marketRows';
import {
  getCombatSpeed,
  getTravelSpeed,
  isTravelSpeed,
  setTravelSpeed as storeTravelSpeed,
  getSessionId,
  getSoundEnabled,
  isCombatSpeed,
  setCombatSpeed as storeCombatSpeed,
  setSessionId as storeSessionId,
  setSoundEnabled as storeSoundEnabled,
} from '../storage/local';
import { announce } from './announcer';
import { acknowledgeTexts } from './strings';
import { takeFirstGroup } from './eventQueue';

export interface Transition {
  message: string;
  destination?: string;
}

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
  | { kind: 'intro'; event: ClientGameEvent }
  | { kind: 'event'; category: EventCategory; events: ClientGameEvent[]; ackText: string }
  | { kind: 'promotion'; data: RankPromotionData; event: ClientGameEvent }
  | { kind: 'error'; message: string }
  | { kind: 'sessionLost'; message: string }
  | { kind: 'apiError'; sessionRef: string; retry: (() => void) | null };

export interface EncounterOverlay {
  kind: 'victory' | 'escaped' | 'surrendered' | 'bribed' | 'dead';
  message: string;
  /** What the encounter cost the player, in the engine's words ('It cost you 23 health and $1,500.'). */
  cost?: string;
}

export type UiState = 'IDLE' | 'SUBMITTING' | 'ERROR';

export interface Settings {
  soundEnabled: boolean;
  combatSpeed: CombatSpeed;
  travelSpeed: TravelSpeed;
}

export interface GameStore {
  sessionId: string | null;
  isManualSeed: boolean;
  /** The Daily Run's date (YYYY-MM-DD) when the game is one, else null. */
  dailyDate: string | null;
  gameState: ClientGameState | null;
  /** The catalogue lists /api/game/data/* sent (read them with useCatalogue). */
  gameData: Partial<Catalogue>;
  messages: LogMessage[];
  pendingEvents: ClientGameEvent[];
  modals: ModalItem[];
  view: ViewName;
  navMode: NavMode;
  inventoryTab: InventoryTab;
  /** Between days: the transition's text, and the city a trip goes to (how it is made: by air or by road). */
  transition: Transition | null;
  uiState: UiState;
  encounterOverlay: EncounterOverlay | null;
  /** A route the game screen should navigate to (set by actions, cleared by the screen). */
  redirect: string | null;
  /** The market's rows shown so far this visit (lib/marketRows): a row sold out stays, so row numbers hold. */
  marketRowsShown: ShownRows;
  setMarketRowsShown(shown: ShownRows): void;
  /** Bumped when the message log should collapse (the "minimize signal"). */
  minimizeLogSignal: number;
  settings: Settings;
  /** Flags of SPEC.md section 8. */
  auditFailure: boolean;
  sessionError: boolean;

  setSession(id: string | null, opts?: { isManualSeed?: boolean; dailyDate?: string | null }): void;
  setGameState(gs: ClientGameState | null): void;
  setGameData(data: Partial<Catalogue>): void;
  /** Adds a line to the message log and says it (store/announcer): politely, or assertively when asked. */
  addMessage(text: string, type?: MessageType, options?: { assertive?: boolean }): void;
  clearMessages(): void;
  /** The events a reply brought, into the log (so each is said once): an ambush is said at once. */
  logEvents(events: readonly ClientGameEvent[]): void;
  queueEvents(events: readonly ClientGameEvent[]): void;
  /** Moves pending events into the modal queue, one modal per category group, unless an encounter is on. */
  processPendingEvents(): void;
  pushModal(modal: ModalItem): void;
  closeModal(): void;
  setView(view: ViewName): void;
  setNavMode(mode: NavMode): void;
  setInventoryTab(tab: InventoryTab): void;
  setTransition(t: Transition | null): void;
  setUiState(s: UiState): void;
  setEncounterOverlay(o: EncounterOverlay | null): void;
  setRedirect(path: string | null): void;
  minimizeLog(): void;
  setSoundEnabled(enabled: boolean): void;
  setCombatSpeed(speed: string): void;
  setTravelSpeed(speed: string): void;
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
export function modalForGroup(category: EventCategory, group: ClientGameEvent[]): ModalItem[] {
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
  pendingEvents: [] as ClientGameEvent[],
  modals: [] as ModalItem[],
  view: 'market' as ViewName,
  navMode: 'places' as NavMode,
  inventoryTab: 'equipment' as InventoryTab,
  transition: null,
  uiState: 'IDLE' as UiState,
  encounterOverlay: null,
  redirect: null,
  marketRowsShown: { key: '', ids: [] } as ShownRows,
};

export const useGameStore = create<GameStore>()((set, get) => ({
  sessionId: getSessionId(),
  isManualSeed: false,
  dailyDate: null,
  gameData: {},
  minimizeLogSignal: 0,
  settings: { soundEnabled: getSoundEnabled(), combatSpeed: getCombatSpeed(), travelSpeed: getTravelSpeed() },
  auditFailure: false,
  sessionError: false,
  ...initialGame,

  setSession(id, opts) {
    storeSessionId(id);
    // dailyDate: as told (null included), else kept for the same game and forgotten with it
    const dailyDate = opts?.dailyDate !== undefined ? opts.dailyDate : id === null ? null : get().dailyDate;
    set({ sessionId: id, isManualSeed: opts?.isManualSeed ?? get().isManualSeed, dailyDate });
  },
  setGameState(gameState) {
    set({ gameState });
  },
  setGameData(data) {
    set({ gameData: { ...get().gameData, ...data } });
  },
  addMessage(text, type = 'info', options) {
    announce(text, options);
    const day = get().gameState?.day ?? 0;
    const messages = [...get().messages, { id: nextMessageId++, text, type, day }];
    set({ messages: messages.slice(-MESSAGE_LOG_LIMIT) });
  },
  clearMessages() {
    set({ messages: [] });
  },
  logEvents(events) {
    for (const e of events) get().addMessage(e.message, e.type, { assertive: e.category === 'combat' });
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
  setMarketRowsShown(marketRowsShown) {
    set({ marketRowsShown });
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
  setTravelSpeed(speed) {
    if (!isTravelSpeed(speed)) return;
    storeTravelSpeed(speed);
    set({ settings: { ...get().settings, travelSpeed: speed } });
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
