import { describe, expect, it } from 'vitest';
import {
  attackTargetId,
  chooseAutoWeapon,
  combatDelayMs,
  deathOverlayDelayMs,
  encounterIntro,
  encounterTitle,
  enemyInitials,
  healthBarWidthPx,
  selectTarget,
  shakesScreen,
  victoryMessage,
  weaponInHand,
  type WeaponInfo,
} from './combatRules';
import { encounter, enemy, gameState } from './testFixtures';

describe('enemy health bar width', () => {
  it('is 60 px plus 90 px per 100 max health', () => {
    expect(healthBarWidthPx(0)).toBe(60);
    expect(healthBarWidthPx(50)).toBe(105);
    expect(healthBarWidthPx(100)).toBe(150);
  });
  it('stays within 60 to 150 px', () => {
    expect(healthBarWidthPx(150)).toBe(150);
    expect(healthBarWidthPx(400)).toBe(150);
    expect(healthBarWidthPx(-20)).toBe(60);
  });
});

describe('victory message', () => {
  it('uses the server message cut at "But wait"', () => {
    expect(
      victoryMessage({ message: 'You killed them all and found $300. But wait, the loan shark is here!', reward: 300 }),
    ).toBe('You killed them all and found $300.');
  });
  it('falls back to the reward line', () => {
    expect(victoryMessage({ message: '', reward: 1234 })).toBe('You won! Found $1,234 on the bodies!');
    expect(victoryMessage({ message: 'But wait, more cops!', reward: 50 })).toBe('You won! Found $50 on the bodies!');
  });
  it('says so when the reward is 0', () => {
    expect(victoryMessage({ message: null, reward: 0 })).toBe("You won! ...but you didn't get shit.");
  });
});

describe('targeting', () => {
  const enemies = [enemy('a'), enemy('b'), enemy('c'), enemy('d'), enemy('x', { isAlive: false, health: 0 })];
  const base = { enemies, isPlayerTurn: true };

  it('single_target selects exactly the clicked enemy', () => {
    expect(selectTarget({ ...base, targetType: 'single_target', selected: ['a'], clickedId: 'b' })).toEqual(['b']);
  });
  it('multi_target toggles up to 3 enemies', () => {
    let sel: string[] = [];
    for (const id of ['a', 'b', 'c', 'd']) sel = selectTarget({ ...base, targetType: 'multi_target', selected: sel, clickedId: id });
    expect(sel).toEqual(['a', 'b', 'c']);
    sel = selectTarget({ ...base, targetType: 'multi_target', selected: sel, clickedId: 'b' });
    expect(sel).toEqual(['a', 'c']);
    sel = selectTarget({ ...base, targetType: 'multi_target', selected: sel, clickedId: 'd' });
    expect(sel).toEqual(['a', 'c', 'd']);
  });
  it('all_targets selects every living enemy', () => {
    expect(selectTarget({ ...base, targetType: 'all_targets', selected: [], clickedId: 'a' })).toEqual(['a', 'b', 'c', 'd']);
  });
  it('ignores dead enemies and clicks outside the player turn', () => {
    expect(selectTarget({ ...base, targetType: 'single_target', selected: ['a'], clickedId: 'x' })).toEqual(['a']);
    expect(
      selectTarget({ enemies, isPlayerTurn: false, targetType: 'single_target', selected: ['a'], clickedId: 'b' }),
    ).toEqual(['a']);
  });
  it('sends one id, a list, or no pick for a weapon that hits every living enemy', () => {
    expect(attackTargetId({ targetType: 'single_target', selected: [], enemies })).toBe('a');
    expect(attackTargetId({ targetType: 'single_target', selected: ['c'], enemies })).toBe('c');
    expect(attackTargetId({ targetType: 'multi_target', selected: ['b', 'x', 'd'], enemies })).toEqual(['b', 'd']);
    expect(attackTargetId({ targetType: 'multi_target', selected: [], enemies })).toEqual(['a', 'b', 'c']);
    // an area weapon takes no pick: four ids would be refused (at most MULTI_TARGET_LIMIT), and it hits all four
    expect(attackTargetId({ targetType: 'all_targets', selected: [], enemies })).toBeUndefined();
    expect(attackTargetId({ targetType: 'single_target', selected: [], enemies: [enemies[4]!] })).toBeNull();
  });
});

describe('automatic weapon', () => {
  const catalogue: WeaponInfo[] = [
    { id: 'knife', name: 'Knife', damage: 15, targetType: 'single_target' },
    { id: 'cheap_pistol', name: 'Cheap', damage: 10, targetType: 'single_target' },
    { id: 'shotgun', name: 'Shotgun', damage: 45, targetType: 'multi_target' },
    { id: 'pistol', name: 'Pistol', damage: 30, targetType: 'single_target' },
  ];
  it('picks the owned weapon with the highest damage', () => {
    expect(chooseAutoWeapon({ knife: { quantity: 1 }, pistol: { quantity: 1 } }, catalogue)?.id).toBe('pistol');
    expect(chooseAutoWeapon({ shotgun: { quantity: 0 }, knife: { quantity: 1 } }, catalogue)?.id).toBe('knife');
  });
  it('needs damage above 10', () => {
    expect(chooseAutoWeapon({ cheap_pistol: { quantity: 1 } }, catalogue)).toBeNull();
  });
});

describe('weapon in hand', () => {
  // the engine's catalogue: the knife needs no ammo, the shotgun fires shells
  const player = (weapon: string | null, held: Record<string, number>, ammo: Record<string, number>) => {
    const p = gameState({ encounter: null, ammo }).player;
    return {
      ...p,
      equippedItems: { weapon, armor: null },
      weapons: Object.fromEntries(Object.entries(held).map(([k, q]) => [k, { quantity: q }])),
    };
  };
  it('is the equipped weapon while held and loaded, else fists', () => {
    expect(weaponInHand(player('shotgun', { shotgun: 1 }, { shells: 3 }))).toMatchObject({ id: 'shotgun', targetType: 'multi_target' });
    expect(weaponInHand(player('shotgun', { shotgun: 1 }, {}))).toMatchObject({ id: null, targetType: 'single_target', outOfAmmo: true });
    expect(weaponInHand(player('knife', {}, {}))).toMatchObject({ id: null, name: 'Fists' });
    expect(weaponInHand(player('knife', { knife: 1 }, {}))).toMatchObject({ id: 'knife' });
    expect(weaponInHand(player(null, { knife: 1 }, {})).name).toBe('Fists');
  });
});

describe('timings and labels', () => {
  it('combat delay and death overlay follow the combat speed', () => {
    expect([combatDelayMs('slow'), combatDelayMs('normal'), combatDelayMs('fast'), combatDelayMs('instant')]).toEqual([
      1500, 900, 500, 0,
    ]);
    expect(deathOverlayDelayMs('normal')).toBe(1500);
    expect(deathOverlayDelayMs('slow')).toBe(1500);
    expect(deathOverlayDelayMs('instant')).toBe(0);
  });
  it('shakes the screen only for the big weapons', () => {
    expect(['rocket_launcher', 'grenade', 'area_disruptor', 'pistol', null].map(shakesScreen)).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
  it('titles and intros', () => {
    expect(encounterTitle({ type: 'police' })).toBe('ENCOUNTER!');
    expect(encounterTitle({ type: 'loanShark' })).toBe('LOAN SHARK COMBAT!');
    expect(encounterTitle({ type: 'loanSharkVisit' })).toBe('LOAN SHARK VISIT!');
    expect(encounterIntro(encounter({ type: 'gang' }))).toBe('2 gang members attack!');
    expect(encounterIntro(encounter({ type: 'police', enemies: [enemy('a'), enemy('b'), enemy('c')] }))).toBe(
      'You encounter 3 police officers!',
    );
    expect(encounterIntro(encounter({ type: 'loanShark' }))).toBe('You encounter 2 enemies!');
    expect(encounterIntro(encounter({ type: 'police', enemies: [enemy('a')] }))).toBe('You encounter 1 police officer!');
    expect(enemyInitials('Police Sergeant')).toBe('PS');
  });
});
