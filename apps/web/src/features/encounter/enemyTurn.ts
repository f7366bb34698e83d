// The enemy's turn (SPEC.md section 4, Combat turn flow): after the combat-speed delay, one `fight` call per
// living enemy (each resolves that enemy's attack on the server), showing the player's damage or Miss!, until
// the turn returns to the player or the fight ends. A failed call stalls the turn until the player retries.
import type { EncounterRequest } from '@drugwars/protocol';
import type { EncounterReply } from '../../api/client';
import { currentEncounter, type CombatDeps } from './combatDeps';
import type { CombatEffects } from './combatEffects';
import { endingOf, responseEvents, type CombatEndings } from './combatEndings';
import { combatDelayMs } from './combatRules';

export type EnemyTurn = ReturnType<typeof createEnemyTurn>;

export function createEnemyTurn(
  deps: Pick<CombatDeps, 'game' | 'ui' | 'wait' | 'encounter' | 'announce'>,
  parts: { effects: CombatEffects; endings: CombatEndings; fail: (err: unknown, retry: () => void) => void },
) {
  const { game, ui } = deps;
  const { effects, endings, fail } = parts;
  let running = false;

  async function run(): Promise<void> {
    if (running) return;
    running = true;
    ui.setState({ processing: true, stalled: false });
    try {
      for (;;) {
        const enc = currentEncounter(deps);
        if (!enc || enc.turnOrder !== 'enemy' || ui.getState().defeated || game.getState().encounterOverlay) break;
        if ((game.getState().gameState?.player.health ?? 0) <= 0) break;
        await deps.wait(combatDelayMs(game.getState().settings.combatSpeed));
        const req: EncounterRequest = { action: 'fight' };
        ui.setState({ lastAction: req });
        let res: EncounterReply;
        try {
          res = await deps.encounter(req);
        } catch (err) {
          running = false;
          fail(err, () => void run());
          ui.setState({ stalled: true });
          return;
        }
        effects.showPlayerDamage(res);
        const ending = endingOf(res);
        if (ending) {
          running = false;
          await endings.finish(ending, res);
          return;
        }
        game.getState().setGameState(res.gameState);
        if (res.gameState.encounter === null) {
          running = false;
          await endings.endWithoutOverlay(res);
          return;
        }
        // each enemy's attack is said, a wound at once, then the reply's events (an ending's line goes to the log)
        if (res.message) deps.announce(res.message, { assertive: res.playerDamage < 0 });
        game.getState().logEvents(responseEvents(res));
        game.getState().queueEvents(responseEvents(res));
      }
    } finally {
      running = false;
    }
    if (!ui.getState().defeated && !game.getState().encounterOverlay) ui.setState({ processing: false, selected: [] });
  }

  return { run, isRunning: () => running };
}
