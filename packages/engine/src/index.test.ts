// The public index carries what the server and the web app use, so nobody imports engine source files directly.
import { describe, expect, it } from 'vitest';
import * as engine from './index';
import { startGame, withPlayerFields } from './testkit';

describe('public API', () => {
  it('exports the combat constants and helpers other packages need', () => {
    expect(engine.ENEMY_SPRITES).toContain('police_officer');
    expect(engine.PLAYER_TARGET_ID).toBe('player');
    expect(engine.escapeChance(1, 0, 'police')).toBeCloseTo(0.7);
    expect(engine.DEATH_REASONS.police).toBe('You were killed by the cops.');
    expect(engine.loanSharkSound(9)).toBe('loan_shark_warning_4');
    expect(engine.visitFees(1000, 1)).toEqual([{ label: 'Late fee', amount: 50 }]);
    expect(engine.LAST_SKIPPABLE_VISIT).toBe(3);
    expect(engine.FISTS.name).toBe('Fists');
    expect(typeof engine.encounterChance).toBe('function');
    expect(typeof engine.maxEnemiesFor).toBe('function');
    expect(typeof engine.allowedActionsOf).toBe('function');
    for (const name of ['DAMAGE_SPREAD', 'ESCAPE_SUCCESS_MESSAGE', 'VICTORY_NO_REWARD_MESSAGE', 'MULTI_TARGET_LIMIT', 'MAX_HEALTH']) {
      expect(engine, name).toHaveProperty(name);
    }
  });

  it('exports the weapon in hand, the default targets and the texts the encounter screen shows', () => {
    const state = startGame();
    const pistolOnly = withPlayerFields(state, {
      weapons: { pistol: { quantity: 1 } },
      equippedItems: { weapon: 'pistol', armor: null },
      items: { ...state.player.items, ammo: {} },
    }).player;
    expect(engine.playerWeapon(pistolOnly)).toMatchObject({ name: engine.FISTS.name, weaponId: null, emptyGun: '9mm Pistol' });
    const loaded = { ...pistolOnly, items: { ...pistolOnly.items, ammo: { ammo_9mm: 5 } } };
    expect(engine.playerWeapon(loaded)).toMatchObject({ name: '9mm Pistol', weaponId: 'pistol', emptyGun: null });
    expect(engine.playerWeapon(state.player)).toMatchObject({ weaponId: null, emptyGun: null, note: null });

    const enemy = (id: string, health: number) => ({ id, name: id, sprite: 'police_officer', health, maxHealth: 50, isAlive: health > 0, damage: 5, accuracy: 0.5 });
    const enemies = [enemy('a', 0), enemy('b', 20), enemy('c', 20), enemy('d', 20), enemy('e', 20)];
    expect(enemies.map(engine.isLiving)).toEqual([false, true, true, true, true]);
    expect(engine.chooseTargets(enemies, 'single_target', undefined)).toEqual([1]);
    expect(engine.chooseTargets(enemies, 'multi_target', undefined)).toEqual([1, 2, 3]);
    expect(engine.chooseTargets(enemies, 'all_targets', ['c'])).toEqual([1, 2, 3, 4]);
    expect(engine.chooseTargets(enemies, 'multi_target', ['e', 'c'])).toEqual([4, 2]);

    expect(engine.victoryMessage(1234)).toBe('You won! Found $1,234 on the bodies!');
    expect(engine.victoryMessage(0)).toBe(engine.VICTORY_NO_REWARD_MESSAGE);
    expect(engine.bribeMessage(500)).toBe('You successfully bribed them with $500.');
  });

  it('buys weapons one at a time whatever the quantity asked, everything else as asked', () => {
    expect(engine.purchaseQuantity('weapon', 5)).toBe(1);
    expect(engine.purchaseQuantity('ammo', 5)).toBe(5);
    expect(engine.purchaseQuantity('drug', 7)).toBe(7);
  });

  it('words a purchase the way the shop does', () => {
    const state = withPlayerFields(startGame(), { cash: 100_000 });
    for (const [itemType, itemId, quantity] of [['weapon', 'pistol', 1], ['armor', 'kevlar_vest', 1], ['ammo', 'ammo_9mm', 5]] as const) {
      const result = engine.apply(state, { type: 'shopBuy', itemType, itemId, quantity });
      const name = [...engine.WEAPONS, ...engine.ARMOR, ...engine.AMMO].find((i) => i.id === itemId)!.name;
      expect(result.ok && result.message, itemId).toBe(engine.purchaseMessage(itemType, name, quantity));
    }
    expect(engine.purchaseMessage('consumable', 'Bandage', 3)).toBe('✅ Successfully purchased 3x Bandage!');
  });

  it('scores a game or its client view as cash + bank - debt', () => {
    const state = withPlayerFields(startGame(), { cash: 500, bank: 2000, debt: 700 });
    expect(engine.finalScore(engine.toClientView(state))).toBe(1800);
  });
});
