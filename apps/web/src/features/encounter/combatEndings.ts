// How an encounter ends on screen: the battlefield kept as it ended, the result overlay after its delay
// (VICTORY!, ESCAPED!, ...), the death sequence, and what closing an overlay does (reload the state, apply a
// stored follow-up encounter, let the day's events show). Also the endings without an overlay (a visit paid
// or put off, a fight the server closed by itself).
import {
  ESCAPE_SUCCESS_MESSAGE,
  KILLED_MESSAGE,
  SURRENDER_MESSAGE,
  bribeMessage,
  tollMessage,
  type ClientGameState,
  type ClientEncounter,
  type ClientGameEvent,
} from '@drugwars/engine';
import type { EncounterReply } from '../../api/client';
import {
  BRIBE_OVERLAY_DELAY_MS,
  ESCAPE_OVERLAY_DELAY_MS,
  SURRENDER_OVERLAY_DELAY_MS,
  VICTORY_OVERLAY_DELAY_MS,
  type CombatSpeed,
} from '../../constants';
import type { EncounterOverlay } from '../../store/gameStore';
import { currentEncounter, type CombatDeps } from './combatDeps';
import { allEnemiesDead, deathOverlayDelayMs, victoryMessage } from './combatRules';
import { initialCombatUi } from './combatUiStore';

export type Ending = EncounterOverlay['kind'];

/** The enemies after the given hits (used for the battlefield behind a result overlay). */
export function applyHits(encounter: ClientEncounter, res: Pick<EncounterReply, 'attackResults' | 'victory'>): ClientEncounter {
  const enemies = encounter.enemies.map((enemy) => {
    const hits = res.attackResults.filter((r) => r.targetId === enemy.id && !r.wasMiss);
    const damage = hits.reduce((sum, r) => sum + r.damage, 0);
    const health = res.victory ? 0 : Math.max(0, enemy.health - damage);
    return { ...enemy, health, isAlive: enemy.isAlive && health > 0 };
  });
  return { ...encounter, enemies };
}

export function endingOf(res: EncounterReply): Ending | null {
  if (res.playerDead || res.gameState.player.health <= 0) return 'dead';
  if (res.victory) return 'victory';
  if (res.escaped) return 'escaped';
  if (res.surrendered) return 'surrendered';
  if (res.bribed) return 'bribed';
  const enc = res.gameState.encounter;
  if (enc && enc.type !== 'loanSharkVisit' && allEnemiesDead(enc.enemies)) return 'victory';
  return null;
}

/** The response's events plus its follow-up event (the engine reports that one in both places: once is enough). */
export function responseEvents(res: EncounterReply): ClientGameEvent[] {
  const events = [...(Array.isArray(res.events) ? res.events : [])];
  const extra = res.followUpEvent;
  if (extra && !events.some((e) => e.category === extra.category && e.message === extra.message)) events.push(extra);
  return events;
}

function overlayFor(kind: Ending, res: EncounterReply, ended: ClientEncounter | null): EncounterOverlay {
  return { kind, message: overlayMessage(kind, res, ended), cost: tollMessage(res.toll) };
}

function overlayMessage(kind: Ending, res: EncounterReply, ended: ClientEncounter | null): string {
  switch (kind) {
    case 'dead':
      return KILLED_MESSAGE;
    case 'victory':
      return victoryMessage({ message: res.message, reward: res.reward ?? ended?.reward?.cash ?? 0 });
    case 'escaped':
      return ESCAPE_SUCCESS_MESSAGE;
    case 'surrendered':
      return SURRENDER_MESSAGE;
    case 'bribed':
      return bribeMessage(res.bribeAmount);
  }
}

function overlayDelay(kind: Ending, speed: CombatSpeed): number {
  switch (kind) {
    case 'dead':
      return deathOverlayDelayMs(speed);
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

export type CombatEndings = ReturnType<typeof createCombatEndings>;

export function createCombatEndings(deps: Pick<CombatDeps, 'game' | 'ui' | 'playSound' | 'wait' | 'reloadState'>) {
  const { game, ui } = deps;
  /** The state an ending result brought, used if reloading fails when the overlay closes. */
  let endingState: ClientGameState | null = null;
  let endingEvents: ClientGameEvent[] = [];

  /** An ending result: keep the battlefield as it ended, wait the overlay's delay, then show the overlay. */
  async function finish(kind: Ending, res: EncounterReply): Promise<void> {
    const before = ui.getState().snapshot ?? currentEncounter(deps);
    const ended = before ? applyHits(before, res) : null;
    ui.setState({ snapshot: ended, followUp: res.followUpEncounter ?? null, defeated: kind === 'dead' });
    endingState = res.gameState;
    endingEvents = responseEvents(res);
    if (kind === 'dead') deps.playSound('game_over');
    else if (kind === 'victory') deps.playSound('superb');
    // busted: giving up to the police is the game's only trip to jail (SPEC.md section 9's 'jail' effect)
    else if (kind === 'surrendered' && before?.type === 'police') deps.playSound('jail');
    await deps.wait(overlayDelay(kind, game.getState().settings.combatSpeed));
    const g = game.getState();
    // overlay first, so the game screen keeps the encounter view mounted when the new state has no encounter
    g.setEncounterOverlay(overlayFor(kind, res, ended));
    if (kind === 'dead') {
      // The game screen leaves for /gameover as soon as the state says gameOver; the YOU'RE DEAD! overlay comes
      // first, so until its button is pressed the store only learns that health is 0.
      g.setGameState({ ...res.gameState, gameOver: false, encounter: g.gameState?.encounter ?? null });
      if (res.message) g.addMessage(res.message, 'danger', { assertive: true });
      g.logEvents(endingEvents);
      return;
    }
    // the state now: cash found, items lost, bribe paid
    g.setGameState(res.gameState);
    if (res.message) g.addMessage(res.message.split('But wait')[0]!.trim() || res.message, 'info');
    // the reply's events are said after its line, and shown once the overlay is closed
    g.logEvents(endingEvents);
  }

  /** Pay / skip of a loan-shark visit: no overlay; the visit ends (or turns into the follow-up). */
  async function finishVisit(res: EncounterReply): Promise<void> {
    const g = game.getState();
    if (res.message) g.addMessage(res.message, res.playerDead ? 'danger' : 'info');
    if (res.playerDead || res.gameState.player.health <= 0) return finish('dead', res);
    let state = res.gameState;
    if (!state.encounter && res.followUpEncounter) state = { ...state, encounter: res.followUpEncounter };
    g.setGameState(state);
    g.logEvents(responseEvents(res));
    g.queueEvents(responseEvents(res));
    ui.setState({ ...initialCombatUi });
    if (!state.encounter) g.processPendingEvents();
  }

  /** The server ended the fight without a result to show: the log line, and the day's events. */
  async function endWithoutOverlay(res: EncounterReply): Promise<void> {
    const g = game.getState();
    if (res.message) g.addMessage(res.message, 'info');
    g.logEvents(responseEvents(res));
    g.queueEvents(responseEvents(res));
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

  return { finish, finishVisit, endWithoutOverlay, closeOverlay, acknowledgeDeath };
}
