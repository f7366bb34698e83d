// The combat turn flow of SPEC.md section 4, outside React so it can be driven and tested step by step.
// The server resolves every attack; this only sequences the calls and what the player sees between them:
// the player's action, the results (damage numbers or Miss!), then on the enemy's turn one `fight` call per
// living enemy after the combat-speed delay, until the turn returns; the result overlays and their delays;
// the death sequence; and what closing an overlay does (reload the state, apply a stored follow-up).
import type { ClientGameState, Encounter, GameEvent } from '@drugwars/engine';
import { api, ApiError } from '../../api/client';
import { classifyError } from '../../api/errorCatalogue';
import type { EncounterRequest, EncounterResponse } from '../../api/types';
import {
  BRIBE_OVERLAY_DELAY_MS,
  DAMAGE_NUMBER_LIFETIME_MS,
  ESCAPE_OVERLAY_DELAY_MS,
  HIT_FLASH_MS,
  SCREEN_SHAKE_MS,
  SURRENDER_OVERLAY_DELAY_MS,
  VICTORY_OVERLAY_DELAY_MS,
} from '../../constants';
import { handleApiError, refreshState } from '../../store/gameActions';
import { useGameStore, type EncounterOverlay, type GameStore } from '../../store/gameStore';
import { playSound } from '../../audio/soundEffects';
import { trackEvent, type AnalyticsEvent } from '../../analytics/analytics';
import { currentCatalogue } from '../info/catalogue';
import {
  allEnemiesDead,
  bribedText,
  chooseAutoWeapon,
  combatDelayMs,
  deathOverlayDelayMs,
  DEAD_TEXT,
  ESCAPED_TEXT,
  FAILED_ESCAPE_TEXT,
  MISS_TEXT,
  shakesScreen,
  SURRENDERED_TEXT,
  victoryMessage,
  weaponInHand,
} from './combatRules';
import { initialCombatUi, useCombatUi, type CombatUiState, type FloatingText } from './combatUiStore';

interface StoreLike<T> {
  getState(): T;
  setState(partial: Partial<T>): void;
}

export interface CombatDeps {
  encounter(req: EncounterRequest): Promise<EncounterResponse>;
  /** GET /game/state into the store; null when it failed (the error is already handled). */
  reloadState(): Promise<ClientGameState | null>;
  equipWeapon(weaponId: string): Promise<ClientGameState>;
  game: { getState(): GameStore };
  ui: StoreLike<CombatUiState>;
  playSound(name: string): void;
  wait(ms: number): Promise<void>;
  /** The random reference shown by the API error modal. */
  randomRef(): string;
  track(event: AnalyticsEvent): Promise<void>;
}

type Ending = EncounterOverlay['kind'];

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
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  randomRef: () => `sess-${randomHex(8)}`,
  track: trackEvent,
};

/** The enemies after the given hits (used for the battlefield behind a result overlay). */
export function applyHits(encounter: Encounter, res: Pick<EncounterResponse, 'attackResults' | 'victory'>): Encounter {
  const enemies = encounter.enemies.map((enemy) => {
    const hits = res.attackResults.filter((r) => r.targetId === enemy.id && !r.wasMiss);
    const damage = hits.reduce((sum, r) => sum + r.damage, 0);
    const health = res.victory ? 0 : Math.max(0, enemy.health - damage);
    return { ...enemy, health, isAlive: enemy.isAlive && health > 0 };
  });
  return { ...encounter, enemies };
}

export function endingOf(res: EncounterResponse): Ending | null {
  if (res.playerDead || res.gameState.player.health <= 0) return 'dead';
  if (res.victory) return 'victory';
  if (res.escaped) return 'escaped';
  if (res.surrendered) return 'surrendered';
  if (res.bribed) return 'bribed';
  const enc = res.gameState.encounter;
  if (enc && enc.type !== 'loanSharkVisit' && allEnemiesDead(enc.enemies)) return 'victory';
  return null;
}

export function createCombatController(overrides: Partial<CombatDeps> = {}) {
  const deps: CombatDeps = { ...defaultCombatDeps, ...overrides };
  const { game, ui } = deps;
  let nextFloatId = 1;
  let enemyTurnRunning = false;
  /** The state an ending result brought, used if reloading fails when the overlay closes. */
  let endingState: ClientGameState | null = null;
  let endingEvents: GameEvent[] = [];

  const currentEncounter = (): Encounter | null => game.getState().gameState?.encounter ?? null;
  const speed = () => game.getState().settings.combatSpeed;

  function addFloat(target: string, text: string, kind: FloatingText['kind']): void {
    const id = nextFloatId++;
    ui.setState({ floats: [...ui.getState().floats, { id, target, text, kind }] });
    setTimeout(() => ui.setState({ floats: ui.getState().floats.filter((f) => f.id !== id) }), DAMAGE_NUMBER_LIFETIME_MS);
  }

  function flash(target: string): void {
    ui.setState({ flashing: [...ui.getState().flashing, target] });
    setTimeout(() => {
      const list = [...ui.getState().flashing];
      const at = list.indexOf(target);
      if (at >= 0) list.splice(at, 1);
      ui.setState({ flashing: list });
    }, HIT_FLASH_MS);
  }

  function shake(): void {
    ui.setState({ shaking: true });
    setTimeout(() => ui.setState({ shaking: false }), SCREEN_SHAKE_MS);
  }

  function showAttackResults(res: EncounterResponse): void {
    // the weapon in hand before this response (the last grenade leaves the player empty-handed after it); an
    // equipped gun without ammo is fists, as on the server: no gun sound, no screen shake
    const player = game.getState().gameState?.player;
    const weaponId = player ? weaponInHand(player, currentCatalogue().weapons).id : null;
    for (const r of res.attackResults) {
      if (r.wasMiss) addFloat(r.targetId, MISS_TEXT, 'miss');
      else {
        addFloat(r.targetId, `-${r.damage}`, 'damage');
        flash(r.targetId);
      }
    }
    if (weaponId) deps.playSound(weaponId);
    if (shakesScreen(weaponId)) shake();
  }

  function showPlayerDamage(res: EncounterResponse): void {
    if (res.playerDamage < 0) {
      addFloat('player', `${res.playerDamage}`, 'damage');
      flash('player');
      deps.playSound('player_damage');
    } else {
      addFloat('player', MISS_TEXT, 'miss');
    }
  }

  /** The response's events plus its follow-up event (the engine reports that one in both places: once is enough). */
  function queueResponseEvents(res: EncounterResponse): GameEvent[] {
    const events = [...(Array.isArray(res.events) ? res.events : [])];
    const extra = res.followUpEvent;
    if (extra && !events.some((e) => e.category === extra.category && e.message === extra.message)) events.push(extra);
    return events;
  }

  function overlayFor(kind: Ending, res: EncounterResponse, ended: Encounter | null): EncounterOverlay {
    switch (kind) {
      case 'dead':
        return { kind, message: DEAD_TEXT };
      case 'victory':
        return { kind, message: victoryMessage({ message: res.message, reward: res.reward ?? ended?.reward?.cash ?? 0 }) };
      case 'escaped':
        return { kind, message: ESCAPED_TEXT };
      case 'surrendered':
        return { kind, message: SURRENDERED_TEXT };
      case 'bribed':
        return { kind, message: bribedText(res.bribeAmount) };
    }
  }

  function overlayDelay(kind: Ending): number {
    switch (kind) {
      case 'dead':
        return deathOverlayDelayMs(speed());
      case 'victory':
        return VICTORY_OVERLAY_DELAY_MS;
      case 'escaped':
        return ESCAPE_OVERLAY_DELAY_MS;
      case 'surrendered':
        return SURRENDER_OVERLAY_DELAY_MS;
      case 'bribed':
        return BRIBE_OVERLAY_DELAY_MS;
    }
  }

  /** An ending result: keep the battlefield as it ended, wait the overlay's delay, then show the overlay. */
  async function finish(kind: Ending, res: EncounterResponse): Promise<void> {
    const before = ui.getState().snapshot ?? currentEncounter();
    const ended = before ? applyHits(before, res) : null;
    ui.setState({ snapshot: ended, followUp: res.followUpEncounter ?? null, defeated: kind === 'dead' });
    endingState = res.gameState;
    endingEvents = queueResponseEvents(res);
    if (kind === 'dead') deps.playSound('game_over');
    else if (kind === 'victory') deps.playSound('superb');
    // busted: giving up to the police is the game's only trip to jail (SPEC.md section 9's 'jail' effect)
    else if (kind === 'surrendered' && before?.type === 'police') deps.playSound('jail');
    await deps.wait(overlayDelay(kind));
    const g = game.getState();
    // overlay first, so the game screen keeps the encounter view mounted when the new state has no encounter
    g.setEncounterOverlay(overlayFor(kind, res, ended));
    if (kind === 'dead') {
      // The game screen leaves for /gameover as soon as the state says gameOver; the YOU'RE DEAD! overlay comes
      // first, so until its button is pressed the store only learns that health is 0.
      g.setGameState({ ...res.gameState, gameOver: false, encounter: g.gameState?.encounter ?? null });
      if (res.message) g.addMessage(res.message, 'danger');
      return;
    }
    // the state now: cash found, items lost, bribe paid
    g.setGameState(res.gameState);
    if (res.message) g.addMessage(res.message.split('But wait')[0]!.trim() || res.message, 'info');
  }

  function fail(err: unknown, retry: () => void): void {
    ui.setState({ processing: false });
    const outcome = classifyError(err, 'encounter');
    if (outcome.kind === 'audit' || outcome.kind === 'sessionLost') {
      handleApiError(err, 'encounter');
      return;
    }
    const g = game.getState();
    g.addMessage(outcome.kind === 'failed' ? outcome.logText : outcome.message, 'error');
    g.pushModal({ kind: 'apiError', sessionRef: deps.randomRef(), retry });
  }

  /** Combat analytics (SPEC.md section 3: combat data is action and outcome); sent in the background. */
  function track(action: string, outcome: string): void {
    void deps.track({ type: 'combat', category: 'combat', action, data: { action, outcome } });
  }

  /** The player's action on their turn (fight with targets, escape, bribe, surrender) or a visit's pay/skip. */
  async function act(req: EncounterRequest): Promise<void> {
    const encounter = currentEncounter();
    const state = ui.getState();
    if (!encounter || state.processing || state.defeated) return;
    const isVisit = encounter.type === 'loanSharkVisit';
    if (!isVisit && encounter.turnOrder !== 'player') return;
    ui.setState({ processing: true, lastAction: req });
    let res: EncounterResponse;
    try {
      res = await deps.encounter(req);
    } catch (err) {
      fail(err, () => void act(req));
      return;
    }
    const ending0 = isVisit ? null : endingOf(res);
    track(req.action, ending0 ?? (res.gameState.encounter ? 'continue' : 'ended'));
    if (isVisit) return finishVisit(res);
    if (req.action === 'fight') showAttackResults(res);
    if (req.action === 'escape' && !res.escaped && !res.playerDead) addFloat('center', FAILED_ESCAPE_TEXT, 'info');
    const ending = endingOf(res);
    if (ending) return finish(ending, res);
    const g = game.getState();
    g.setGameState(res.gameState);
    if (res.gameState.encounter === null) return endWithoutOverlay(res);
    g.queueEvents(queueResponseEvents(res));
    if (res.gameState.encounter.turnOrder === 'enemy') return runEnemyTurn();
    ui.setState({ processing: false, selected: [] });
  }

  /**
   * The enemy's turn: after the combat-speed delay, one fight call per living enemy (each resolves that
   * enemy's attack on the server), showing the player's damage or Miss!, until the turn returns.
   */
  async function runEnemyTurn(): Promise<void> {
    if (enemyTurnRunning) return;
    enemyTurnRunning = true;
    ui.setState({ processing: true, stalled: false });
    try {
      for (;;) {
        const enc = currentEncounter();
        if (!enc || enc.turnOrder !== 'enemy' || ui.getState().defeated || game.getState().encounterOverlay) break;
        if ((game.getState().gameState?.player.health ?? 0) <= 0) break;
        await deps.wait(combatDelayMs(speed()));
        const req: EncounterRequest = { action: 'fight' };
        ui.setState({ lastAction: req });
        let res: EncounterResponse;
        try {
          res = await deps.encounter(req);
        } catch (err) {
          enemyTurnRunning = false;
          fail(err, () => void runEnemyTurn());
          ui.setState({ stalled: true });
          return;
        }
        showPlayerDamage(res);
        const ending = endingOf(res);
        if (ending) {
          enemyTurnRunning = false;
          await finish(ending, res);
          return;
        }
        game.getState().setGameState(res.gameState);
        game.getState().queueEvents(queueResponseEvents(res));
        if (res.gameState.encounter === null) {
          enemyTurnRunning = false;
          await endWithoutOverlay(res);
          return;
        }
      }
    } finally {
      enemyTurnRunning = false;
    }
    if (!ui.getState().defeated && !game.getState().encounterOverlay) ui.setState({ processing: false, selected: [] });
  }

  /** Pay / skip of a loan-shark visit: no overlay; the visit ends (or turns into the follow-up). */
  async function finishVisit(res: EncounterResponse): Promise<void> {
    const g = game.getState();
    if (res.message) g.addMessage(res.message, res.playerDead ? 'danger' : 'info');
    if (res.playerDead || res.gameState.player.health <= 0) return finish('dead', res);
    let state = res.gameState;
    if (!state.encounter && res.followUpEncounter) state = { ...state, encounter: res.followUpEncounter };
    g.setGameState(state);
    g.queueEvents(queueResponseEvents(res));
    ui.setState({ ...initialCombatUi });
    if (!state.encounter) g.processPendingEvents();
  }

  async function endWithoutOverlay(res: EncounterResponse): Promise<void> {
    const g = game.getState();
    if (res.message) g.addMessage(res.message, 'info');
    g.queueEvents(queueResponseEvents(res));
    ui.setState({ ...initialCombatUi });
    g.processPendingEvents();
  }

  /**
   * Closing a result overlay: reload the state, apply the stored follow-up encounter (a loan-shark visit,
   * for example), and let the pending events show once no encounter is left.
   */
  async function closeOverlay(): Promise<void> {
    const followUp = ui.getState().followUp;
    const events = endingEvents;
    endingEvents = [];
    const reloaded = await deps.reloadState();
    const g = game.getState();
    let state = reloaded ?? endingState ?? g.gameState;
    endingState = null;
    if (state && !state.encounter && followUp && !state.gameOver) state = { ...state, encounter: followUp };
    if (state) g.setGameState(state);
    ui.setState({ ...initialCombatUi });
    g.setEncounterOverlay(null);
    g.queueEvents(events);
    if (state?.encounter) {
      // a follow-up loan-shark visit announces itself with its warning sound
      const sound = events.find((e) => e.soundEffect && e.encounter)?.soundEffect;
      if (sound) deps.playSound(sound);
    } else g.processPendingEvents();
  }

  /** The death overlay's Game Over button: the final state (gameOver) goes to the store for the game-over page. */
  function acknowledgeDeath(): void {
    const g = game.getState();
    const final = endingState;
    endingState = null;
    endingEvents = [];
    if (final) g.setGameState(final);
    ui.setState({ ...initialCombatUi });
    g.setEncounterOverlay(null);
  }

  /**
   * The automatic weapon (SPEC.md section 4, Targeting): equip the owned weapon with the highest damage above 10
   * if it is not the one equipped. Only where the state allows equip now: the engine allows it in a fight on the
   * player's turn (it costs no turn) and refuses it on the enemy's. The action buttons wait while it is equipped,
   * so an attack never races the equip. Returns false when it could not ask yet (to try again on the player's turn).
   */
  async function ensureBestWeapon(): Promise<boolean> {
    const gs = game.getState().gameState;
    if (!gs || !gs.allowedActions.includes('equip')) return false;
    const state = ui.getState();
    if (state.processing || state.defeated) return false;
    const best = chooseAutoWeapon(gs.player.weapons, currentCatalogue().weapons);
    if (!best || gs.player.equippedItems.weapon === best.id) return true;
    ui.setState({ processing: true });
    try {
      const next = await deps.equipWeapon(best.id);
      game.getState().setGameState(next);
    } catch (err) {
      // combat goes on with the weapon in hand; the log says why
      const msg = err instanceof ApiError ? err.message : '';
      game.getState().addMessage(msg || 'Failed to equip item', 'error');
    } finally {
      ui.setState({ processing: false });
    }
    return true;
  }

  /** The processing flag stuck on the player's turn resets (called by the view's 5 s safety timer). */
  function safetyReset(): void {
    const enc = currentEncounter();
    if (ui.getState().processing && !enemyTurnRunning && (!enc || enc.turnOrder === 'player' || enc.type === 'loanSharkVisit')) {
      ui.setState({ processing: false });
    }
  }

  return {
    attack: (targetId: string | string[]) => act({ action: 'fight', targetId }),
    escape: () => act({ action: 'escape' }),
    bribe: () => act({ action: 'bribe' }),
    surrender: () => act({ action: 'surrender' }),
    pay: () => act({ action: 'pay' }),
    skip: () => act({ action: 'skip' }),
    runEnemyTurn,
    closeOverlay,
    acknowledgeDeath,
    ensureBestWeapon,
    safetyReset,
    isEnemyTurnRunning: () => enemyTurnRunning,
  };
}

export type CombatController = ReturnType<typeof createCombatController>;
