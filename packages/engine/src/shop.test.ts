import { describe, expect, it } from 'vitest';
import { apply } from './apply';
import { AMMO_BY_ID, ARMOR_BY_ID, CONSUMABLE_BY_ID, WEAPON_BY_ID } from './catalogue';
import { FISTS } from './combat';
import { equipmentStats, gunAmmo, maxShopBuy, noAmmoWarning } from './shop';
import { ok, run, startGame, withPlayerFields } from './testkit';
import type { Action, GameState, RuleError } from './types';

function refused(state: GameState, action: Action): RuleError {
  const r = apply(state, action);
  if (r.ok) throw new Error(`expected a refusal, got: ${r.message}`);
  return r;
}

const rich = () => withPlayerFields(startGame(), { cash: 100_000 });

describe('shop', () => {
  it("buys a weapon with SPEC's message and equips it when nothing is equipped", () => {
    const pistol = WEAPON_BY_ID.get('pistol')!;
    const r = ok(apply(rich(), { type: 'shopBuy', itemType: 'weapon', itemId: 'pistol', quantity: 1 }));
    expect(r.message).toBe(`🔫 Successfully purchased ${pistol.name}!`);
    expect(r.state.player.cash).toBe(100_000 - pistol.price);
    expect(r.state.player.weapons).toEqual({ pistol: { quantity: 1 } });
    expect(r.state.player.equippedItems.weapon).toBe('pistol');
    // A second weapon does not replace the equipped one.
    const two = ok(apply(r.state, { type: 'shopBuy', itemType: 'weapon', itemId: 'knife', quantity: 1 })).state;
    expect(two.player.equippedItems.weapon).toBe('pistol');
    expect(refused(two, { type: 'shopBuy', itemType: 'weapon', itemId: 'pistol', quantity: 1 }).code).toBe('CARRY_LIMIT');
  });

  it('lets the player stack grenades, one purchase at a time', () => {
    const s = run(rich(), { type: 'shopBuy', itemType: 'weapon', itemId: 'grenade', quantity: 1 }, { type: 'shopBuy', itemType: 'weapon', itemId: 'grenade', quantity: 1 });
    expect(s.player.weapons['grenade']).toEqual({ quantity: 2 });
    expect(refused(s, { type: 'shopBuy', itemType: 'weapon', itemId: 'grenade', quantity: 2 }).code).toBe('INVALID_INPUT');
  });

  it("buys armor with SPEC's message", () => {
    const vest = ARMOR_BY_ID.get('kevlar_vest')!;
    const r = ok(apply(rich(), { type: 'shopBuy', itemType: 'armor', itemId: 'kevlar_vest', quantity: 1 }));
    expect(r.message).toBe(`🛡️ Successfully purchased ${vest.name}!`);
    expect(r.state.player.items.armor).toEqual({ kevlar_vest: { quantity: 1 } });
    expect(r.state.player.equippedItems.armor).toBe('kevlar_vest');
  });

  it('buys ammo and consumables by quantity up to the carry limit', () => {
    const shells = AMMO_BY_ID.get('shells')!;
    const r = ok(apply(rich(), { type: 'shopBuy', itemType: 'ammo', itemId: 'shells', quantity: 10 }));
    expect(r.message).toBe(`✅ Successfully purchased 10x ${shells.name}!`);
    expect(r.state.player.items.ammo['shells']).toBe(10);
    expect(r.state.player.cash).toBe(100_000 - 10 * shells.price);
    expect(refused(r.state, { type: 'shopBuy', itemType: 'ammo', itemId: 'shells', quantity: shells.maxCarry - 9 }).code).toBe('CARRY_LIMIT');
    expect(ok(apply(r.state, { type: 'shopBuy', itemType: 'ammo', itemId: 'shells', quantity: shells.maxCarry - 10 })).state.player.items.ammo['shells']).toBe(shells.maxCarry);
    const c = ok(apply(rich(), { type: 'shopBuy', itemType: 'consumable', itemId: 'bandages', quantity: 3 }));
    expect(c.state.player.items.consumables['bandages']).toBe(3);
  });

  it('refuses what the player cannot afford, unknown items and bad quantities', () => {
    const poor = startGame();
    expect(refused(poor, { type: 'shopBuy', itemType: 'weapon', itemId: 'area_disruptor', quantity: 1 }).code).toBe('INSUFFICIENT_FUNDS');
    expect(refused(poor, { type: 'shopBuy', itemType: 'consumable', itemId: 'fake_id', quantity: 2 })).toMatchObject({
      code: 'INSUFFICIENT_FUNDS',
      message: "You can't afford that much!",
    });
    expect(refused(poor, { type: 'shopBuy', itemType: 'weapon', itemId: 'lightsaber', quantity: 1 }).code).toBe('UNKNOWN_ITEM');
    expect(refused(poor, { type: 'shopBuy', itemType: 'ammo', itemId: 'shells', quantity: 0 }).code).toBe('INVALID_INPUT');
    expect(refused(poor, { type: 'shopBuy', itemType: 'drug' as never, itemId: 'weed', quantity: 1 }).code).toBe('INVALID_INPUT');
  });
});

describe('equipment', () => {
  const armed = () =>
    run(
      rich(),
      { type: 'shopBuy', itemType: 'weapon', itemId: 'knife', quantity: 1 },
      { type: 'shopBuy', itemType: 'weapon', itemId: 'shotgun', quantity: 1 },
      { type: 'shopBuy', itemType: 'armor', itemId: 'leather_jacket', quantity: 1 },
    );

  it('equips owned items and unequips them', () => {
    const s = ok(apply(armed(), { type: 'equip', itemType: 'weapon', itemId: 'shotgun' })).state;
    expect(s.player.equippedItems).toEqual({ weapon: 'shotgun', armor: 'leather_jacket' });
    const bare = run(s, { type: 'unequip', itemType: 'weapon' }, { type: 'unequip', itemType: 'armor' });
    expect(bare.player.equippedItems).toEqual({ weapon: null, armor: null });
    expect(refused(bare, { type: 'unequip', itemType: 'weapon' }).code).toBe('NOT_OWNED');
  });

  it('refuses equipping what is not owned or already equipped', () => {
    expect(refused(armed(), { type: 'equip', itemType: 'weapon', itemId: 'pistol' }).code).toBe('NOT_OWNED');
    expect(refused(armed(), { type: 'equip', itemType: 'weapon', itemId: 'knife' }).code).toBe('INVALID_INPUT');
    expect(refused(armed(), { type: 'equip', itemType: 'armor', itemId: 'riot_suit' }).code).toBe('NOT_OWNED');
  });

  it('reports the equipped stats, with fists when unarmed', () => {
    expect(equipmentStats(startGame())).toEqual({ weapon: null, armor: null, damage: FISTS.damage, protection: 0, accuracy: FISTS.accuracy, ammo: null });
    const s = run(armed(), { type: 'equip', itemType: 'weapon', itemId: 'shotgun' }, { type: 'shopBuy', itemType: 'ammo', itemId: 'shells', quantity: 7 });
    const stats = equipmentStats(s);
    expect(stats.weapon?.id).toBe('shotgun');
    expect(stats.damage).toBe(WEAPON_BY_ID.get('shotgun')!.damage);
    expect(stats.protection).toBe(ARMOR_BY_ID.get('leather_jacket')!.protection);
    expect(stats.ammo).toBe(7);
    expect(equipmentStats(armed()).ammo).toBeNull(); // knife
  });

  it("says which ammo a gun fires and how many rounds the player has; a bought gun without rounds is warned of", () => {
    const pistol = WEAPON_BY_ID.get('pistol')!;
    const knife = WEAPON_BY_ID.get('knife')!;
    const bought = ok(apply(rich(), { type: 'shopBuy', itemType: 'weapon', itemId: 'pistol', quantity: 1 })).state;
    expect(gunAmmo(pistol, bought.player)).toEqual({ id: 'ammo_9mm', name: '9mm Rounds', rounds: 0 });
    expect(gunAmmo(knife, bought.player)).toBeNull();
    expect(noAmmoWarning(pistol, bought.player)).toBe(
      'Your 9mm Pistol fires 9mm Rounds and you have none: buy some under Shopping, Ammo, or you fight with your fists.',
    );
    expect(noAmmoWarning(knife, bought.player)).toBeNull();
    const loaded = ok(apply(bought, { type: 'shopBuy', itemType: 'ammo', itemId: 'ammo_9mm', quantity: 12 })).state;
    expect(gunAmmo(pistol, loaded.player)?.rounds).toBe(12);
    expect(noAmmoWarning(pistol, loaded.player)).toBeNull();
    // the same figures from a catalogue the caller passes (the web's loaded lists)
    expect(gunAmmo(pistol, loaded.player, [{ id: 'ammo_9mm', name: 'Nines', price: 1, maxCarry: 9 }])?.name).toBe('Nines');
  });
});

describe('maxShopBuy', () => {
  const ammo22 = AMMO_BY_ID.get('ammo_22')!;
  const withAmmo = (cash: number, held: number) =>
    withPlayerFields(startGame(), { cash, items: { ...startGame().player.items, ammo: held > 0 ? { ammo_22: held } : {} } });

  it('caps ammo at the room left under Max Carry when the cash affords more', () => {
    const s = withAmmo(ammo22.price * (ammo22.maxCarry * 2 + 20), 0);
    expect(maxShopBuy(s, 'ammo', 'ammo_22')).toBe(ammo22.maxCarry);
    const held = withAmmo(ammo22.price * (ammo22.maxCarry * 2 + 20), 30);
    expect(maxShopBuy(held, 'ammo', 'ammo_22')).toBe(ammo22.maxCarry - 30);
    // the maximum is accepted and one more is refused with the carry limit
    ok(apply(held, { type: 'shopBuy', itemType: 'ammo', itemId: 'ammo_22', quantity: ammo22.maxCarry - 30 }));
    expect(refused(held, { type: 'shopBuy', itemType: 'ammo', itemId: 'ammo_22', quantity: ammo22.maxCarry - 29 }).code).toBe('CARRY_LIMIT');
  });

  it('caps ammo at what the cash affords when that is less, and is 0 when full or broke', () => {
    const s = withAmmo(ammo22.price * 7 + ammo22.price - 1, 0);
    expect(maxShopBuy(s, 'ammo', 'ammo_22')).toBe(7);
    expect(maxShopBuy(withAmmo(1_000_000, ammo22.maxCarry), 'ammo', 'ammo_22')).toBe(0);
    expect(maxShopBuy(withAmmo(0, 0), 'ammo', 'ammo_22')).toBe(0);
  });

  it('lets consumables go as far as the cash, one weapon or armor piece at a time, nothing unknown', () => {
    const s = withPlayerFields(startGame(), { cash: 1000 });
    const drink = CONSUMABLE_BY_ID.get('energy_drink')!;
    expect(maxShopBuy(s, 'consumable', 'energy_drink')).toBe(Math.floor(1000 / drink.price));
    expect(maxShopBuy(rich(), 'weapon', 'pistol')).toBe(1);
    const owned = run(rich(), { type: 'shopBuy', itemType: 'weapon', itemId: 'pistol', quantity: 1 });
    expect(maxShopBuy(owned, 'weapon', 'pistol')).toBe(0);
    expect(maxShopBuy(withPlayerFields(startGame(), { cash: 0 }), 'armor', 'kevlar_vest')).toBe(0);
    expect(maxShopBuy(rich(), 'ammo', 'no_such_ammo')).toBe(0);
  });
});
