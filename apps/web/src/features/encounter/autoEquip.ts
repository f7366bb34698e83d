// The automatic weapon (SPEC.md section 4, Targeting): at the start of a fight the owned weapon with the highest
// damage above 10 is equipped if it is not the one in hand.
import { ApiError } from '../../api/client';
import { currentCatalogue } from '../../store/useCatalogue';
import type { CombatDeps } from './combatDeps';
import { chooseAutoWeapon } from './combatRules';

/**
 * Equips the best weapon, only where the state allows equip now: the engine allows it in a fight on the
 * player's turn (it costs no turn) and refuses it on the enemy's. The action buttons wait while it is equipped,
 * so an attack never races the equip. Returns false when it could not ask yet (to try again on the player's turn).
 */
export async function ensureBestWeapon(deps: Pick<CombatDeps, 'game' | 'ui' | 'equipWeapon'>): Promise<boolean> {
  const { game, ui } = deps;
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
