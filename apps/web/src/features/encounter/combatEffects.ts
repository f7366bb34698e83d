// What the player sees between calls: damage numbers and Miss! over the combatants, hit flashes, the screen
// shake of the big weapons, and the sounds of attacks and of damage taken. Each effect clears itself.
import type { EncounterReply } from '../../api/client';
import { DAMAGE_NUMBER_LIFETIME_MS, HIT_FLASH_MS, SCREEN_SHAKE_MS } from '../../constants';
import type { CombatDeps } from './combatDeps';
import { MISS_TEXT, shakesScreen, weaponInHand } from './combatRules';
import type { FloatingText } from './combatUiStore';

export type CombatEffects = ReturnType<typeof createCombatEffects>;

export function createCombatEffects(deps: Pick<CombatDeps, 'game' | 'ui' | 'playSound'>) {
  const { ui } = deps;
  let nextFloatId = 1;

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

  /** The player's attack: a number or Miss! per target, and the weapon's sound (and shake). */
  function showAttackResults(res: EncounterReply): void {
    // the weapon in hand before this response (the last grenade leaves the player empty-handed after it); an
    // equipped gun without ammo is fists, as on the server: no gun sound, no screen shake
    const player = deps.game.getState().gameState?.player;
    const weaponId = player ? weaponInHand(player).id : null;
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

  /** One enemy's attack: the damage taken (with its sound) or Miss! over the player. */
  function showPlayerDamage(res: EncounterReply): void {
    if (res.playerDamage < 0) {
      addFloat('player', `${res.playerDamage}`, 'damage');
      flash('player');
      deps.playSound('player_damage');
    } else {
      addFloat('player', MISS_TEXT, 'miss');
    }
  }

  return { addFloat, showAttackResults, showPlayerDamage };
}
