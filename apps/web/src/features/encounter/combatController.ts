// The combat turn flow of SPEC.md section 4, outside React so it can be driven and tested step by step. The
// server resolves every attack; this sequences the calls and what the player sees between them. The jobs live
// in their own files: combatEffects (numbers, flashes, shake, sounds), combatEndings (result overlays, death,
// closing), enemyTurn (the loop of enemy attacks), autoEquip (the automatic weapon); this file is the player's
// side (their action on their turn, a visit's pay or skip), failures, analytics, and the controller itself.
import type { EncounterRequest } from '@drugwars/protocol';
import type { EncounterReply } from '../../api/client';
import { FAILED_ESCAPE_MESSAGE } from '@drugwars/engine';
import { classifyError } from '../../api/errorCatalogue';
import { handleApiError } from '../../store/gameActions';
import { ensureBestWeapon } from './autoEquip';
import { currentEncounter, defaultCombatDeps, type CombatDeps } from './combatDeps';
import { createCombatEffects } from './combatEffects';
import { createCombatEndings, endingOf, responseEvents } from './combatEndings';
import { createEnemyTurn } from './enemyTurn';

export type { CombatDeps } from './combatDeps';

export function createCombatController(overrides: Partial<CombatDeps> = {}) {
  const deps: CombatDeps = { ...defaultCombatDeps, ...overrides };
  const { game, ui } = deps;
  const effects = createCombatEffects(deps);
  const endings = createCombatEndings(deps);
  const enemyTurn = createEnemyTurn(deps, { effects, endings, fail });

  /**
   * A failed call: session and audit failures and a game of older rules go to the error catalogue; others offer
   * the API error modal.
   */
  function fail(err: unknown, retry: () => void): void {
    ui.setState({ processing: false });
    const outcome = classifyError(err, 'encounter');
    if (outcome.kind === 'audit' || outcome.kind === 'sessionLost' || outcome.kind === 'rulesChanged') {
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
    const encounter = currentEncounter(deps);
    const state = ui.getState();
    if (!encounter || state.processing || state.defeated) return;
    const isVisit = encounter.type === 'loanSharkVisit';
    if (!isVisit && encounter.turnOrder !== 'player') return;
    ui.setState({ processing: true, lastAction: req });
    let res: EncounterReply;
    try {
      res = await deps.encounter(req);
    } catch (err) {
      fail(err, () => void act(req));
      return;
    }
    const ending = isVisit ? null : endingOf(res);
    track(req.action, ending ?? (res.gameState.encounter ? 'continue' : 'ended'));
    if (isVisit) return endings.finishVisit(res);
    if (req.action === 'fight') effects.showAttackResults(res);
    if (req.action === 'escape' && !res.escaped && !res.playerDead) effects.addFloat('center', FAILED_ESCAPE_MESSAGE, 'info');
    if (ending) return endings.finish(ending, res);
    const g = game.getState();
    g.setGameState(res.gameState);
    if (res.gameState.encounter === null) return endings.endWithoutOverlay(res);
    // the round's line (the endings log theirs, and the log says them)
    if (res.message) deps.announce(res.message);
    g.logEvents(responseEvents(res));
    g.queueEvents(responseEvents(res));
    if (res.gameState.encounter.turnOrder === 'enemy') return enemyTurn.run();
    ui.setState({ processing: false, selected: [] });
  }

  /** The processing flag stuck on the player's turn resets (called by the view's 5 s safety timer). */
  function safetyReset(): void {
    const enc = currentEncounter(deps);
    if (ui.getState().processing && !enemyTurn.isRunning() && (!enc || enc.turnOrder === 'player' || enc.type === 'loanSharkVisit')) {
      ui.setState({ processing: false });
    }
  }

  return {
    /** Without a target the engine picks (every living enemy for an area weapon). */
    attack: (targetId?: string | string[]) => act(targetId === undefined ? { action: 'fight' } : { action: 'fight', targetId }),
    escape: () => act({ action: 'escape' }),
    bribe: () => act({ action: 'bribe' }),
    surrender: () => act({ action: 'surrender' }),
    pay: () => act({ action: 'pay' }),
    skip: () => act({ action: 'skip' }),
    runEnemyTurn: enemyTurn.run,
    closeOverlay: endings.closeOverlay,
    acknowledgeDeath: endings.acknowledgeDeath,
    ensureBestWeapon: () => ensureBestWeapon(deps),
    safetyReset,
    isEnemyTurnRunning: enemyTurn.isRunning,
  };
}

export type CombatController = ReturnType<typeof createCombatController>;
