// Equipment (SPEC.md section 2): the equipped weapon (damage) and armor (protection) with Unequip, and every
// owned weapon and armor with Equip (disabled for the one already equipped) and its description. Every gun says the
// ammo it fires and the rounds the player has (the engine's gunAmmo on the loaded catalogue).
import { useState } from 'react';
import { gunAmmo, type Ammo, type Player, type Weapon } from '@drugwars/engine';
import { ViewHeader } from '../../components/ViewHeader';
import { equip, unequip } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';
import './inventory.css';

export const EQUIP_FAILED_TEXT = 'Failed to equip item';
export const UNEQUIP_FAILED_TEXT = 'Failed to unequip item';
export const NO_EQUIPMENT_TEXT =
  "You don't have any equipment. Visit the Shopping area to buy weapons and armor.";

type Slot = 'weapon' | 'armor';

/** A gun's ammo line ('9mm Rounds: 0', flagged when empty), nothing for a weapon that needs none. */
function AmmoNote({ weapon, player, ammo }: { weapon: Weapon; player: Player; ammo: readonly Ammo[] }) {
  const a = gunAmmo(weapon, player, ammo);
  if (!a) return null;
  return (
    <span className={`ammo-note ${a.rounds === 0 ? 'warning-text' : ''}`}>
      {' '}
      {a.name}: {a.rounds}
      {a.rounds === 0 && ' (out of ammo)'}
    </span>
  );
}

export function EquipmentView() {
  const player = useGameStore((s) => s.gameState?.player ?? null);
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING');
  const { weapons, armor, ammo } = useCatalogue();
  const [error, setError] = useState<string | null>(null);
  if (!player) return null;

  const ownedWeapons = weapons.filter((w) => (player.weapons[w.id]?.quantity ?? 0) > 0);
  const ownedArmor = armor.filter((a) => (player.items.armor[a.id]?.quantity ?? 0) > 0);
  const equippedWeapon = weapons.find((w) => w.id === player.equippedItems.weapon) ?? null;
  const equippedArmor = armor.find((a) => a.id === player.equippedItems.armor) ?? null;

  const onEquip = async (itemId: string, itemType: Slot) => {
    setError(null);
    const res = await equip(itemId, itemType);
    if (!res.ok) setError(EQUIP_FAILED_TEXT);
  };
  const onUnequip = async (itemType: Slot) => {
    setError(null);
    const res = await unequip(itemType);
    if (!res.ok) setError(UNEQUIP_FAILED_TEXT);
  };

  const empty = ownedWeapons.length === 0 && ownedArmor.length === 0 && !equippedWeapon && !equippedArmor;

  return (
    <div className="inventory-view equipment-view">
      <ViewHeader title="Equipment" />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {empty ? (
        <p className="empty">{NO_EQUIPMENT_TEXT}</p>
      ) : (
        <>
          <section className="equipped">
            <h3>Equipped</h3>
            <div className="equipped-row">
              <span>
                Weapon:{' '}
                {equippedWeapon ? (
                  <>
                    {equippedWeapon.name} (Damage: {equippedWeapon.damage})
                    <AmmoNote weapon={equippedWeapon} player={player} ammo={ammo} />
                  </>
                ) : (
                  'None'
                )}
              </span>
              {equippedWeapon && (
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={busy}
                  aria-label={`Unequip ${equippedWeapon.name}`}
                  onClick={() => void onUnequip('weapon')}
                >
                  Unequip
                </button>
              )}
            </div>
            <div className="equipped-row">
              <span>
                Armor:{' '}
                {equippedArmor ? (
                  <>
                    {equippedArmor.name} (Protection: {equippedArmor.protection})
                  </>
                ) : (
                  'None'
                )}
              </span>
              {equippedArmor && (
                <button
                  type="button"
                  className="btn btn-small"
                  disabled={busy}
                  aria-label={`Unequip ${equippedArmor.name}`}
                  onClick={() => void onUnequip('armor')}
                >
                  Unequip
                </button>
              )}
            </div>
          </section>
          {ownedWeapons.length > 0 && (
            <section>
              <h3>Weapons</h3>
              <ul className="item-list">
                {ownedWeapons.map((w) => (
                  <li key={w.id} className="item-row">
                    <div>
                      <strong>{w.name}</strong> (Damage: {w.damage})
                      {(player.weapons[w.id]?.quantity ?? 0) > 1 && <> x{player.weapons[w.id]?.quantity}</>}
                      <AmmoNote weapon={w} player={player} ammo={ammo} />
                      <div className="item-description">{w.description}</div>
                    </div>
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={busy || player.equippedItems.weapon === w.id}
                      aria-label={`Equip ${w.name}`}
                      onClick={() => void onEquip(w.id, 'weapon')}
                    >
                      Equip
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {ownedArmor.length > 0 && (
            <section>
              <h3>Armor</h3>
              <ul className="item-list">
                {ownedArmor.map((a) => (
                  <li key={a.id} className="item-row">
                    <div>
                      <strong>{a.name}</strong> (Protection: {a.protection})
                      <div className="item-description">{a.description}</div>
                    </div>
                    <button
                      type="button"
                      className="btn btn-small"
                      disabled={busy || player.equippedItems.armor === a.id}
                      aria-label={`Equip ${a.name}`}
                      onClick={() => void onEquip(a.id, 'armor')}
                    >
                      Equip
                    </button>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </>
      )}
    </div>
  );
}

export default EquipmentView;
