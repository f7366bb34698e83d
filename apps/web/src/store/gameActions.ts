// The game's actions: call the API, put the answer in the store, and apply SPEC.md section 8 to failures.
// Components call these (or the api client plus handleApiError) and never fetch by hand.
import { loanSharkSound, predictMove, purchaseMessage, purchaseQuantity, type ClientGameState, type ClientGameEvent, type PredictableAction, type ShopItemType } from '@drugwars/engine';
import { ApiErrorCode } from '@drugwars/protocol/constants';
import { api, ApiError, GAME_DATA_KINDS, hasGameState, heldVersion, INVALID_RESPONSE_CODE } from '../api/client';
import { classifyError, ERROR_TEXTS, type ActionContext, type ErrorOutcome } from '../api/errorCatalogue';
import {
  NEW_GAME_EVENTS_DELAY_MS,
  RESUME_ATTEMPTS,
  RESUME_RETRY_INTERVAL_MS,
  SLEEP_TRANSITION_TEXT,
  TRAVEL_TRANSITION_TEXT,
} from '../constants';
import type { Catalogue } from '../lib/catalogue';
import { prefersReducedMotion, transitionMs } from '../lib/motion';
import { getVisitorId, setPlayerName, setSessionId } from '../storage/local';
import { useGameStore, type MessageType } from './gameStore';
import { signals } from './signals';

const store = () => useGameStore.getState();

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Applies the error catalogue to a failed call and returns what was decided. */
export function handleApiError(err: unknown, context: ActionContext, opts: { modal?: boolean } = {}): ErrorOutcome {
  const outcome = classifyError(err, context);
  const s = store();
  const serverMessage = err instanceof ApiError ? err.message : null;
  switch (outcome.kind) {
    case 'audit':
      s.setAuditFailure(true);
      s.setSession(null);
      s.setRedirect('/?error=audit');
      break;
    case 'rulesChanged':
      // The game can't go on under the new rules: forget it and let the title screen say so.
      setSessionId(null);
      s.setSession(null);
      s.addMessage(outcome.message, 'error');
      s.setRedirect('/?error=rules');
      break;
    case 'sessionLost':
      s.setSessionError(true);
      s.addMessage(serverMessage || outcome.message, 'error');
      if (!s.modals.some((m) => m.kind === 'sessionLost')) s.pushModal({ kind: 'sessionLost', message: outcome.message });
      break;
    case 'connectionLost':
      s.addMessage(outcome.message, 'error');
      s.pushModal({ kind: 'error', message: outcome.message });
      s.setRedirect('/');
      break;
    case 'failed':
      s.addMessage(outcome.logText, 'error');
      if (opts.modal !== false) s.pushModal({ kind: 'error', message: outcome.message });
      break;
  }
  return outcome;
}

function requireState<T>(res: T): T & { gameState: ClientGameState } {
  if (!hasGameState(res)) {
    throw new ApiError({ status: 200, code: INVALID_RESPONSE_CODE, message: ERROR_TEXTS.invalidState });
  }
  return res as T & { gameState: ClientGameState };
}

// ---------- data and session ----------

/** Loads the catalogue once; 'Failed to load game data. Please refresh.' on failure. */
export async function loadGameData(): Promise<boolean> {
  const have = store().gameData;
  if (GAME_DATA_KINDS.every((k) => have[k])) return true;
  try {
    const lists = await Promise.all(GAME_DATA_KINDS.map((k) => api.gameData(k)));
    store().setGameData(Object.fromEntries(GAME_DATA_KINDS.map((k, i) => [k, lists[i]])) as Partial<Catalogue>);
    return true;
  } catch {
    store().pushModal({ kind: 'error', message: ERROR_TEXTS.gameDataFailed });
    return false;
  }
}


/**
 * The day's sounds: each event's effect, and the loan-shark warning for the visit number when a visit is on,
 * each sound once (the visit's own event carries the same warning). A loan-shark event whose encounter waits
 * behind a fight is not heard yet: the encounter view plays its warning when it steps in.
 */
export function daySounds(events: readonly ClientGameEvent[], gs: ClientGameState): string[] {
  const current = gs.encounter;
  const names: string[] = [];
  for (const e of events) {
    if (!e.soundEffect) continue;
    if (e.category === 'loan_shark' && e.encounter && e.encounter.type !== current?.type) continue;
    names.push(e.soundEffect);
  }
  if (current?.type === 'loanSharkVisit') names.push(loanSharkSound(current.visitNumber));
  return [...new Set(names)];
}

function playEventSounds(events: readonly ClientGameEvent[], gs: ClientGameState): void {
  for (const name of daySounds(events, gs)) signals.emit({ type: 'sound', name });
}

/**
 * New game (SPEC.md section 4): load data if missing, end any previous session, clear messages, start, store
 * the session id and the manual-seed flag, add the intro messages, process pending events after 500 ms.
 */
export async function startNewGame(playerName: string, seed: string | null, options: { daily?: boolean } = {}): Promise<string | null> {
  await loadGameData();
  if (store().sessionId) await endSession();
  const s = store();
  s.resetGame();
  s.clearMessages();
  try {
    // A Daily Run carries the visitor id: the server ranks a visitor's first finished run of the day.
    const res = requireState(await api.newGame(options.daily ? { playerName, seed: null, daily: true, visitorId: getVisitorId() } : { playerName, seed }));
    store().setSession(res.sessionId, { isManualSeed: res.isManualSeed, dailyDate: res.dailyDate });
    store().setGameState(res.gameState);
    if (playerName.trim() !== '') setPlayerName(playerName.trim());
    store().addMessage(`Welcome to DRUG WARS, ${res.gameState.player.name}!`, 'info');
    store().logEvents(res.events);
    store().queueEvents(res.events);
    signals.emit({ type: 'funnel', stage: 'game_start', sessionId: res.sessionId });
    setTimeout(() => store().processPendingEvents(), NEW_GAME_EVENTS_DELAY_MS);
    return res.sessionId;
  } catch (err) {
    handleApiError(err, 'other');
    return null;
  }
}

export type ResumeOutcome = 'ok' | 'notFound' | 'connection' | 'audit' | 'rulesChanged';

/** Resumes under way, by session id: the shell starts one before the game screen's chunk has arrived. */
const resuming = new Map<string, Promise<ResumeOutcome>>();

/**
 * Resume (SPEC.md section 4): three attempts one second apart; on failure the stored id is forgotten. A call
 * for a session whose resume is already under way joins it (one request, one outcome).
 */
export function resumeGame(sessionId: string): Promise<ResumeOutcome> {
  let pending = resuming.get(sessionId);
  if (!pending) {
    pending = resumeOnce(sessionId).finally(() => resuming.delete(sessionId));
    resuming.set(sessionId, pending);
  }
  return pending;
}

async function resumeOnce(sessionId: string): Promise<ResumeOutcome> {
  // The game and the catalogue are asked for together (one round trip instead of two on a slow network); the
  // state is set once both have answered, as SPEC.md's order has it. The game heads the connection queue and
  // the catalogue's seven calls wait one task, behind the game screen's chunk that main.tsx asks for meanwhile.
  const first = api.resume(sessionId);
  const data = new Promise<void>((next) => setTimeout(next, 0)).then(loadGameData);
  let last: unknown = null;
  for (let attempt = 0; attempt < RESUME_ATTEMPTS; attempt++) {
    if (attempt > 0) await wait(RESUME_RETRY_INTERVAL_MS);
    try {
      const res = requireState(await (attempt === 0 ? first : api.resume(sessionId)));
      await data;
      store().setSession(res.sessionId || sessionId, { isManualSeed: res.isManualSeed, dailyDate: res.dailyDate });
      store().setGameState(res.gameState);
      return 'ok';
    } catch (err) {
      last = err;
      const e = err instanceof ApiError ? err : null;
      if (e && (e.code === ApiErrorCode.AUDIT_FAILURE || e.code === ApiErrorCode.RULES_CHANGED)) break;
      // a definite "no such session" does not get better by asking again
      if (e && (e.status === 404 || e.code === ApiErrorCode.SESSION_NOT_FOUND)) break;
    }
  }
  const e = last instanceof ApiError ? last : null;
  if (e?.code === ApiErrorCode.AUDIT_FAILURE) {
    handleApiError(e, 'other');
    return 'audit';
  }
  if (e?.code === ApiErrorCode.RULES_CHANGED) {
    handleApiError(e, 'other');
    return 'rulesChanged';
  }
  if (!e || e.status === 0 || e.status >= 500) return 'connection';
  setSessionId(null);
  store().setSession(null);
  store().setSessionError(true);
  return 'notFound';
}

/** Reloads the state from the server (after an encounter result overlay, for example). */
export async function refreshState(): Promise<ClientGameState | null> {
  try {
    const res = requireState(await api.state());
    store().setGameState(res.gameState);
    return res.gameState;
  } catch (err) {
    handleApiError(err, 'other');
    return null;
  }
}

/** What the log says when a game has moved on elsewhere (another tab or device) since this page last saw it. */
export const CAUGHT_UP_MESSAGE = 'This game moved on in another tab: here is where it stands now.';

/** A refusal of a rule (400 or 409): the player's move, judged on the server's state, which may be newer. */
function isRuleRefusal(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 400 || err.status === 409);
}

/**
 * Brings this page up to the server's state when the game has moved on elsewhere (a move made in another tab, a
 * night slept there): a GET of the state with If-None-Match, so an unchanged game costs a 304. The newer state is
 * shown as it is, an encounter or a loan shark's visit included (the game screen shows what is pending), and the
 * log says why. Returns whether the game had moved on. Asked after a refused move and when the tab comes back
 * into view.
 */
export async function catchUp(): Promise<boolean> {
  const s = store();
  // moves painted ahead are still on their way: their answers bring the game up to date
  if (!s.sessionId || !s.gameState || unanswered.length > 0) return false;
  const before = heldVersion();
  try {
    const res = requireState(await api.state());
    if (before === null || res.version === before) return false;
    const st = store();
    st.setGameState(res.gameState);
    st.addMessage(CAUGHT_UP_MESSAGE, 'warning');
    if (res.gameState.gameOver) st.setRedirect('/gameover');
    else if (!res.gameState.encounter) st.processPendingEvents();
    return true;
  } catch {
    return false; // the refusal that led here is shown as it was
  }
}

/** An end under way: a second press (Main Menu twice, Play Again after it) joins it instead of asking again. */
let ending: Promise<void> | null = null;

/** Ends the session on the server (once, however often it is pressed) and forgets it here. */
export function endSession(): Promise<void> {
  ending ??= api
    .endSession()
    .then(() => {
      setSessionId(null);
      store().setSession(null);
      store().resetGame();
    })
    .finally(() => {
      ending = null;
    });
  return ending;
}

// ---------- the day ----------

/** 'Game session lost. Please start a new game.' when an action is attempted without a game state. */
function requireGame(): boolean {
  if (store().gameState) return true;
  store().pushModal({ kind: 'error', message: ERROR_TEXTS.gameStateLost });
  return false;
}

async function runDay(kind: 'travel' | 'stay', destination?: string): Promise<boolean> {
  const s = store();
  if (s.uiState === 'SUBMITTING' || s.transition) return false;
  if (!requireGame()) return false;
  s.minimizeLog();
  s.setUiState('SUBMITTING');
  if (kind === 'travel') signals.emit({ type: 'sound', name: 'plane' });
  s.setTransition(kind === 'travel' ? { message: TRAVEL_TRANSITION_TEXT, destination } : { message: SLEEP_TRANSITION_TEXT });
  // SPEC.md's 1050/800 ms unless the travel speed setting (or reduced motion) shortens or skips them
  const ms = transitionMs(kind === 'travel' ? 'travel' : 'sleep', s.settings.travelSpeed, prefersReducedMotion());
  if (ms > 0) await wait(ms);
  const from = s.gameState?.location ?? '';
  try {
    const res = requireState(kind === 'travel' ? await api.travel(destination ?? '') : await api.stay());
    const st = store();
    st.setTransition(null);
    st.setUiState('IDLE');
    st.setGameState(res.gameState);
    if (res.gameOver || res.gameState.gameOver) {
      st.setRedirect('/gameover');
      return true;
    }
    if (kind === 'travel') signals.emit({ type: 'navigation', from, to: res.gameState.location });
    if (res.message) st.addMessage(res.message, 'success');
    const events = Array.isArray(res.events) ? res.events : [];
    st.logEvents(events);
    st.queueEvents(events);
    playEventSounds(events, res.gameState);
    for (const e of events) signals.emit({ type: 'gameEvent', event: e });
    if (!res.gameState.encounter) st.processPendingEvents();
    st.setView('market');
    return true;
  } catch (err) {
    store().setTransition(null);
    store().setUiState('IDLE');
    if (isRuleRefusal(err) && (await catchUp())) return false;
    handleApiError(err, kind);
    return false;
  }
}

export const travel = (destination: string) => runDay('travel', destination);
export const stayHere = () => runDay('stay');

// ---------- trading ----------

/** `refused`: the server answered with a refusal the caller may show where the action was asked (a dialog). */
export type ActionResult = { ok: true; message: string } | { ok: false; message: string; refused?: boolean };

interface ActionOptions {
  modal?: boolean;
  successType?: MessageType;
  successText?: (serverMessage: string) => string;
  /** The move as the engine knows it, when it draws no randomness: painted at once (see instantMove). */
  instant?: PredictableAction;
  /** Once the server has accepted the move (analytics hear of a trade then, never of a refused one). */
  onAccepted?: () => void;
}

/** Moves painted ahead of their answer, in the order sent (api/client sends moves one at a time, in order). */
const unanswered: { action: PredictableAction; message: string }[] = [];
/** The last state the server confirmed while moves are unanswered: what a refusal falls back to. */
let confirmed: ClientGameState | null = null;

/** Whether some moves painted at once still wait for their answer. */
export function hasUnansweredMoves(): boolean {
  return unanswered.length > 0;
}

/** `confirmed` with the moves still unanswered painted over it again, in order. */
function withUnanswered(confirmed: ClientGameState): ClientGameState {
  let view = confirmed;
  for (const m of unanswered) {
    const next = predictMove(view, m.action);
    if (next?.ok) view = next.view;
  }
  return view;
}

/** What the log says when the server's answer differs from what the page painted. */
export const correctionText = (serverText: string) => `Prices moved. The server says: ${serverText}`;

/**
 * An instant move (DESIGN.md section 9, "Predict, then confirm"): painted at once from the engine's prediction on the
 * state shown, its line in the log; the server's reply then confirms it, or corrects it (the log says so), and a
 * refusal undoes it (the log and an error say why, and the page asks whether the game moved on elsewhere). The server
 * stays the only authority: whatever it answers is what the page ends up showing. Null when the move cannot be
 * predicted now (the caller waits for the server as before).
 */
function instantMove(context: ActionContext, call: () => Promise<{ message?: string; gameState?: ClientGameState }>, opts: ActionOptions & { instant: PredictableAction }): ActionResult | null {
  const s = store();
  if (!s.gameState || s.transition || s.uiState === 'SUBMITTING') return null;
  const predicted = predictMove(s.gameState, opts.instant);
  if (!predicted?.ok) return null; // the server says why, in the dialog
  const entry = { action: opts.instant, message: predicted.message };
  if (unanswered.length === 0) confirmed = s.gameState;
  unanswered.push(entry);
  s.setGameState(predicted.view);
  const say = (message: string) => (opts.successText ? opts.successText(message) : message);
  const text = say(predicted.message);
  if (text) s.addMessage(text, opts.successType ?? 'success');
  void (async () => {
    try {
      const res = requireState(await call());
      unanswered.splice(unanswered.indexOf(entry), 1);
      confirmed = res.gameState;
      store().setGameState(withUnanswered(res.gameState));
      if ((res.message ?? '') !== predicted.message) store().addMessage(correctionText(say(res.message ?? '')), 'warning');
      opts.onAccepted?.();
    } catch (err) {
      if (unanswered.includes(entry)) unanswered.splice(unanswered.indexOf(entry), 1);
      if (confirmed) store().setGameState(withUnanswered(confirmed));
      const outcome = classifyError(err, context);
      if (isRuleRefusal(err) && outcome.kind === 'failed') {
        // refused after all: undone and said; when the game had moved on elsewhere the page shows it as it stands,
        // otherwise the refusal is shown as any other
        store().addMessage(`Undone: ${outcome.logText}`, 'error');
        if (!(await catchUp())) store().pushModal({ kind: 'error', message: outcome.message });
      } else handleApiError(err, context);
    }
  })();
  return { ok: true, message: text };
}

async function simpleAction(
  context: ActionContext,
  call: () => Promise<{ message?: string; gameState?: ClientGameState }>,
  opts: ActionOptions = {},
): Promise<ActionResult> {
  const s = store();
  if (!requireGame()) return { ok: false, message: ERROR_TEXTS.gameStateLost };
  if (opts.instant) {
    const painted = instantMove(context, call, { ...opts, instant: opts.instant });
    if (painted) return painted;
  }
  if (s.uiState === 'SUBMITTING') return { ok: false, message: '' };
  s.setUiState('SUBMITTING');
  try {
    const res = requireState(await call());
    store().setGameState(withUnanswered(res.gameState));
    store().setUiState('IDLE');
    const text = opts.successText ? opts.successText(res.message ?? '') : (res.message ?? '');
    if (text) store().addMessage(text, opts.successType ?? 'success');
    opts.onAccepted?.();
    return { ok: true, message: text };
  } catch (err) {
    store().setUiState('IDLE');
    // refused on a state this page had not seen: show the game as it stands instead of the refusal
    if (isRuleRefusal(err) && (await catchUp())) return { ok: false, message: '' };
    const outcome = handleApiError(err, context, { modal: opts.modal });
    const message =
      outcome.kind === 'failed' ? outcome.message : outcome.kind === 'audit' ? '' : outcome.message;
    return { ok: false, message, refused: outcome.kind === 'failed' };
  }
}

/** Where a refusal is shown: 'dialog' when the caller's dialog shows it (no error modal), else the error modal. */
export interface TradeOptions {
  refusalIn?: 'dialog' | 'modal';
}

/** A buy or sell, painted at once; analytics hear of it once the server has accepted it. */
function trade(action: 'buy' | 'sell', drugId: string, quantity: number, price: number, opts: TradeOptions): Promise<ActionResult> {
  return simpleAction(action, () => (action === 'buy' ? api.buy('drug', drugId, quantity) : api.sell(drugId, quantity)), {
    modal: opts.refusalIn !== 'dialog',
    instant: { type: action, drugId, quantity },
    onAccepted: () => signals.emit({ type: 'transaction', action, drugId, quantity, price }),
  });
}
export const buyDrug = (drugId: string, quantity: number, price: number, opts: TradeOptions = {}) =>
  trade('buy', drugId, quantity, price, opts);
export const sellDrug = (drugId: string, quantity: number, price: number, opts: TradeOptions = {}) =>
  trade('sell', drugId, quantity, price, opts);
export const stashDrug = (drugId: string, quantity: number) =>
  simpleAction('stash', () => api.stash(drugId, quantity), { instant: { type: 'stash', drugId, quantity } });
export const takeDrug = (drugId: string, quantity: number) =>
  simpleAction('unstash', () => api.unstash(drugId, quantity), { instant: { type: 'unstash', drugId, quantity } });
export const dumpDrug = (drugId: string, quantity: number) =>
  simpleAction('dump', () => api.dump(drugId, quantity), { instant: { type: 'dump', drugId, quantity } });

/** Shop purchases with the three success messages of SPEC.md section 2 (the engine words them). */
export function shopBuy(itemType: ShopItemType, itemId: string, itemName: string, quantity: number, opts: TradeOptions = {}) {
  return simpleAction('shopBuy', () => api.buy(itemType, itemId, quantity), {
    successText: () => purchaseMessage(itemType, itemName, quantity),
    modal: opts.refusalIn !== 'dialog',
    instant: { type: 'shopBuy', itemType, itemId, quantity: purchaseQuantity(itemType, quantity) },
  });
}

// ---------- money (field errors: no modal, the view shows the message) ----------

export const deposit = (amount: number) =>
  simpleAction('deposit', () => api.deposit(amount), { modal: false, instant: { type: 'deposit', amount } });
export const withdraw = (amount: number) =>
  simpleAction('withdraw', () => api.withdraw(amount), { modal: false, instant: { type: 'withdraw', amount } });
export const payLoan = (amount: number) =>
  simpleAction('payLoan', () => api.payLoan(amount), { modal: false, instant: { type: 'repay', amount } });
export const borrow = (amount: number, sharkId: string) =>
  simpleAction('borrow', () => api.borrow(amount, sharkId), { modal: false, instant: { type: 'borrow', sharkId, amount } });
export const borrowMax = (sharkId: string) =>
  simpleAction('borrow', () => api.borrowMax(sharkId), { modal: false, instant: { type: 'borrowMax', sharkId } });
export const heal = () => simpleAction('heal', () => api.hospitalVisit(), { instant: { type: 'heal' } });
export const equip = (itemId: string, itemType: 'weapon' | 'armor') =>
  simpleAction('equip', () => api.equip(itemId, itemType));
export const unequip = (itemType: 'weapon' | 'armor') => simpleAction('unequip', () => api.unequip(itemType));
