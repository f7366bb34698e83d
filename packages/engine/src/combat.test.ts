import { describe, expect, it } from 'vitest';
import {
  DEATH_REASONS,
  ESCAPE_SUCCESS_MESSAGE,
  PLAYER_TARGET_ID,
  VICTORY_NO_REWARD_MESSAGE,
  createLoanSharkVisit,
  encounterChance,
  encounterRisk,
  escapeChance,
  goonChaseFee,
  heatOf,
  maxEnemiesFor,
  resolveEncounter,
  rollEncounter,
  tollMessage,
  visitFees,
  visitPayment,
} from './combat';
import { bribeCostFor, ENEMY_SPRITES, HEAVY_HEAT } from './combatEnemies';
import { syncMachine } from './machine';
import { newGame } from './newGame';
import { Rng } from './rng';
import { settle } from './state';
import type { ApplyOk, ApplyResult, Encounter, EncounterAction, Enemy, GameState, Player } from './types';

// ---------- helpers ----------

/**
 * A stand-in for the PRNG that answers from a script, so a test can say "this attack hits, that one misses"
 * instead of hunting for seeds. chance() pops the next boolean (default true); int() pops 'min', 'max' or a
 * number clamped into range (default 'max').
 */
class ScriptedRng {
  constructor(
    private readonly chances: boolean[] = [],
    private readonly ints: ('min' | 'max' | number)[] = [],
    private readonly defaultChance = true,
  ) {}
  chance(): boolean {
    return this.chances.length > 0 ? this.chances.shift()! : this.defaultChance;
  }
  int(min: number, max: number): number {
    const v = this.ints.length > 0 ? this.ints.shift()! : 'max';
    if (v === 'min') return min;
    if (v === 'max') return max;
    return Math.min(max, Math.max(min, v));
  }
  float(): number {
    return 0.5;
  }
  pick<T>(items: readonly T[]): T {
    return items[0]!;
  }
  state(): number[] {
    return [11, 22, 33, 44];
  }
}
const scripted = (chances: boolean[] = [], ints: ('min' | 'max' | number)[] = [], defaultChance = true) =>
  new ScriptedRng(chances, ints, defaultChance) as unknown as Rng;

function game(): GameState {
  return newGame({ playerName: 'Tester', seed: '0000000000000042', isSeeded: true });
}

function enemy(id: string, over: Partial<Enemy> = {}): Enemy {
  return { id, name: `Enemy ${id}`, sprite: 'police_officer', health: 30, maxHealth: 30, isAlive: true, damage: 10, accuracy: 0.5, ...over };
}

function fight(type: 'police' | 'gang' | 'loanShark', enemies: Enemy[], over: Partial<Encounter> = {}): Encounter {
  return {
    type,
    enemies,
    message: 'You encounter trouble!',
    turnOrder: 'player',
    round: 1,
    currentEnemyIndex: 0,
    combatLog: ['You encounter trouble!'],
    canEscape: true,
    canBribe: type === 'police',
    canSurrender: true,
    bribeCost: type === 'police' ? 500 : 0,
    reward: { cash: 0 },
    debtAmount: 0,
    totalFees: 0,
    feeDetails: [],
    canPay: false,
    paymentAmount: 0,
    canSkip: false,
    visitNumber: 0,
    toll: { health: 0, cash: 0, drugs: 0, debt: 0 },
    ...over,
  };
}

function withPlayerFields(state: GameState, fields: Partial<Player>): GameState {
  return { ...state, player: settle({ ...state.player, ...fields }) };
}

function inEncounter(encounter: Encounter, fields: Partial<Player> = {}, extra: Partial<GameState> = {}): GameState {
  return syncMachine({ ...withPlayerFields(game(), fields), encounter, ...extra });
}

function act(state: GameState, action: EncounterAction, rng: Rng, targetIds?: string[]): ApplyResult {
  return resolveEncounter(state, targetIds ? { type: 'encounter', action, targetIds } : { type: 'encounter', action }, rng);
}

function ok(result: ApplyResult): ApplyOk {
  if (!result.ok) throw new Error(`expected success, got ${result.code}: ${result.message}`);
  return result;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

const three = () => [enemy('a'), enemy('b'), enemy('c')];

// ---------- the player's attack ----------

describe('player attack', () => {
  it('hits with fists when no weapon is equipped: low damage, one target, then the enemies move', () => {
    const state = inEncounter(fight('gang', three()));
    const r = ok(act(state, 'fight', scripted([true], ['max'])));
    // Fists: 8 nominal, +20% at the top of the spread -> 10.
    expect(r.attack!.attackResults).toEqual([{ targetId: 'a', damage: 10, wasMiss: false }]);
    expect(r.state.encounter!.enemies.map((e) => e.health)).toEqual([20, 30, 30]);
    expect(r.state.encounter!.turnOrder).toBe('enemy');
    expect(r.state.encounter!.currentEnemyIndex).toBe(0);
    expect(r.state.encounter!.combatLog.at(-1)).toBe('You hit Enemy a for 10 damage with your fists.');
    expect(r.state.rng).toEqual([11, 22, 33, 44]);
  });

  it('misses without touching the enemy', () => {
    const state = inEncounter(fight('gang', three()));
    const r = ok(act(state, 'fight', scripted([false])));
    expect(r.attack!.attackResults).toEqual([{ targetId: 'a', damage: 0, wasMiss: true }]);
    expect(r.state.encounter!.enemies[0]!.health).toBe(30);
    expect(r.state.encounter!.combatLog.at(-1)).toBe('You missed Enemy a.');
    expect(r.state.encounter!.turnOrder).toBe('enemy');
  });

  it('keeps weapon damage within +-20% of nominal and lands hits at roughly the weapon accuracy', () => {
    // Pistol: damage 30, accuracy 0.75.
    let hits = 0;
    const seen = new Set<number>();
    for (let i = 0; i < 400; i++) {
      const state = inEncounter(fight('gang', [enemy('a', { health: 500, maxHealth: 500 })]), {
        weapons: { pistol: { quantity: 1 } },
        items: { armor: {}, ammo: { ammo_9mm: 10 }, consumables: {} },
        equippedItems: { weapon: 'pistol', armor: null },
      });
      const item = ok(act(state, 'fight', Rng.fromSeed(String(i).padStart(16, '0')))).attack!.attackResults[0]!;
      if (!item.wasMiss) {
        hits++;
        seen.add(item.damage);
        expect(item.damage).toBeGreaterThanOrEqual(24);
        expect(item.damage).toBeLessThanOrEqual(36);
      }
    }
    expect(hits).toBeGreaterThan(260);
    expect(hits).toBeLessThan(340);
    expect(seen.size).toBeGreaterThan(5);
  });

  it('kills an enemy at 0 health and counts dead cops', () => {
    const state = inEncounter(fight('police', [enemy('a', { health: 5 }), enemy('b')]));
    const r = ok(act(state, 'fight', scripted([true], ['min'])));
    const [a, b] = r.state.encounter!.enemies;
    expect(a).toMatchObject({ health: 0, isAlive: false });
    expect(b!.isAlive).toBe(true);
    expect(r.state.player.copsKilled).toBe(1);
    // The first living enemy opens the enemy turn.
    expect(r.state.encounter!.currentEnemyIndex).toBe(1);
  });
});

// ---------- targeting ----------

describe('targeting', () => {
  const armed = (weapon: string, ammo: Record<string, number> = {}) => ({
    weapons: { [weapon]: { quantity: 1 } },
    items: { armor: {}, ammo, consumables: {} },
    equippedItems: { weapon, armor: null },
  });

  it('single_target: the chosen living enemy, or the first living one by default', () => {
    const state = inEncounter(fight('gang', [enemy('a', { health: 0, isAlive: false }), enemy('b'), enemy('c')]), armed('knife'));
    expect(ok(act(state, 'fight', scripted())).attack!.attackResults.map((x) => x.targetId)).toEqual(['b']);
    expect(ok(act(state, 'fight', scripted(), ['c'])).attack!.attackResults.map((x) => x.targetId)).toEqual(['c']);
  });

  it('refuses dead, unknown and repeated targets', () => {
    const state = inEncounter(fight('gang', [enemy('a', { health: 0, isAlive: false }), enemy('b'), enemy('c')]), armed('shotgun', { shells: 5 }));
    for (const ids of [['a'], ['zzz'], ['b', 'b']]) {
      const r = act(state, 'fight', scripted(), ids);
      expect(r.ok, ids.join()).toBe(false);
      if (!r.ok) expect(r.code).toBe('INVALID_TARGET');
    }
  });

  it('multi_target: up to 3 chosen enemies; a fourth is refused; default is the first 3 living', () => {
    const four = [enemy('a'), enemy('b'), enemy('c'), enemy('d')];
    const state = inEncounter(fight('gang', four), armed('shotgun', { shells: 5 }));
    const chosen = ok(act(state, 'fight', scripted(), ['d', 'b', 'a']));
    expect(chosen.attack!.attackResults.map((x) => x.targetId)).toEqual(['d', 'b', 'a']);
    expect(chosen.state.encounter!.enemies.find((e) => e.id === 'c')!.health).toBe(30);
    const tooMany = act(state, 'fight', scripted(), ['a', 'b', 'c', 'd']);
    expect(tooMany).toMatchObject({ ok: false, code: 'INVALID_TARGET' });
    expect(ok(act(state, 'fight', scripted())).attack!.attackResults.map((x) => x.targetId)).toEqual(['a', 'b', 'c']);
  });

  it('all_targets: every living enemy, whatever was clicked', () => {
    const state = inEncounter(
      fight('gang', [enemy('a'), enemy('b', { health: 0, isAlive: false }), enemy('c'), enemy('d')]),
      armed('rocket_launcher', { rockets: 2 }),
    );
    const r = ok(act(state, 'fight', scripted([true, false, true]), ['c']));
    expect(r.attack!.attackResults).toEqual([
      { targetId: 'a', damage: 120, wasMiss: false },
      { targetId: 'c', damage: 0, wasMiss: true },
      { targetId: 'd', damage: 120, wasMiss: false },
    ]);
  });
});

// ---------- ammo and grenades ----------

describe('ammo and grenades', () => {
  it('a gun spends one round per attack, however many it hits', () => {
    const state = inEncounter(fight('gang', [enemy('a', { health: 500 }), enemy('b', { health: 500 })]), {
      weapons: { machine_gun: { quantity: 1 } },
      items: { armor: {}, ammo: { ammo_9mm: 3 }, consumables: {} },
      equippedItems: { weapon: 'machine_gun', armor: null },
    });
    const r = ok(act(state, 'fight', scripted(), ['a', 'b']));
    expect(r.attack!.attackResults).toHaveLength(2);
    expect(r.state.player.items.ammo.ammo_9mm).toBe(2);
  });

  it('the last round empties the clip; with no ammo the gun falls back to fists and says so', () => {
    const state = inEncounter(fight('gang', [enemy('a', { health: 500 }), enemy('b', { health: 500 })]), {
      weapons: { shotgun: { quantity: 1 } },
      items: { armor: {}, ammo: { shells: 1 }, consumables: {} },
      equippedItems: { weapon: 'shotgun', armor: null },
    });
    const last = ok(act(state, 'fight', scripted([true, true], ['max', 'max'])));
    expect(last.state.player.items.ammo.shells ?? 0).toBe(0);
    expect(last.attack!.attackResults.map((x) => x.damage)).toEqual([54, 54]);
    expect(last.state.encounter!.combatLog).toContain('That was your last round for the Sawed-Off Shotgun.');

    const empty = syncMachine({ ...last.state, encounter: { ...last.state.encounter!, turnOrder: 'player' } });
    const r = ok(act(empty, 'fight', scripted([true], ['max']), ['b', 'a']));
    // Fists: single target (the first chosen), 10 damage at the top of the spread.
    expect(r.attack!.attackResults).toEqual([{ targetId: 'b', damage: 10, wasMiss: false }]);
    expect(r.state.encounter!.combatLog).toContain('Your Sawed-Off Shotgun is out of ammo! You fight with your fists.');
    expect(r.state.player.equippedItems.weapon).toBe('shotgun');
  });

  it('a grenade is used up per throw and unequipped after the last one', () => {
    const state = inEncounter(fight('gang', [enemy('a', { health: 500 }), enemy('b', { health: 500 })]), {
      weapons: { grenade: { quantity: 2 } },
      equippedItems: { weapon: 'grenade', armor: null },
    });
    const first = ok(act(state, 'fight', scripted()));
    expect(first.attack!.attackResults).toHaveLength(2);
    expect(first.state.player.weapons.grenade).toEqual({ quantity: 1 });
    expect(first.state.player.equippedItems.weapon).toBe('grenade');

    const again = syncMachine({ ...first.state, encounter: { ...first.state.encounter!, turnOrder: 'player' } });
    const second = ok(act(again, 'fight', scripted()));
    expect(second.state.player.weapons.grenade).toBeUndefined();
    expect(second.state.player.equippedItems.weapon).toBeNull();
    expect(second.state.encounter!.combatLog).toContain('That was your last grenade.');
  });
});

// ---------- the enemy's turn ----------

describe("enemy's turn", () => {
  it('each fight call is one living enemy attacking; dead ones are skipped; then the round advances', () => {
    const enc = fight('gang', [enemy('a'), enemy('b', { health: 0, isAlive: false }), enemy('c')], { turnOrder: 'enemy', round: 3 });
    const state = inEncounter(enc);
    const first = ok(act(state, 'fight', scripted([true], ['max'])));
    // Enemy damage 10 -> 12 at the top of the spread, no armor.
    expect(first.attack!).toMatchObject({ playerDamage: -12, playerDead: false });
    expect(first.attack!.attackResults).toEqual([{ targetId: PLAYER_TARGET_ID, damage: 12, wasMiss: false }]);
    expect(first.state.player.health).toBe(88);
    expect(first.state.encounter).toMatchObject({ turnOrder: 'enemy', currentEnemyIndex: 2, round: 3 });

    const second = ok(act(first.state, 'fight', scripted([false])));
    expect(second.attack!).toMatchObject({ playerDamage: -0, playerDead: false });
    expect(second.attack!.attackResults[0]!.wasMiss).toBe(true);
    expect(second.state.player.health).toBe(88);
    expect(second.state.encounter).toMatchObject({ turnOrder: 'player', currentEnemyIndex: 0, round: 4 });
    expect(second.state.encounter!.combatLog.slice(-2)).toEqual(['Enemy a hits you for 12 damage!', 'Enemy c misses you!']);
  });

  it('armor takes its protection off every hit, but a hit always does at least 1', () => {
    const enc = fight('gang', [enemy('a'), enemy('b')], { turnOrder: 'enemy' });
    const kevlar = inEncounter(enc, { items: { armor: { kevlar_vest: { quantity: 1 } }, ammo: {}, consumables: {} }, equippedItems: { weapon: null, armor: 'kevlar_vest' } });
    expect(ok(act(kevlar, 'fight', scripted([true], ['max']))).state.player.health).toBe(100 - (12 - 8));
    const riot = inEncounter(enc, { items: { armor: { riot_suit: { quantity: 1 } }, ammo: {}, consumables: {} }, equippedItems: { weapon: null, armor: 'riot_suit' } });
    const r = ok(act(riot, 'fight', scripted([true], ['max'])));
    expect(r.state.player.health).toBe(99);
    expect(r.attack!.playerDamage).toBe(-1);
  });

  it('on the enemy turn only fight is allowed', () => {
    const state = inEncounter(fight('police', [enemy('a')], { turnOrder: 'enemy' }));
    for (const action of ['escape', 'bribe', 'surrender'] as const) {
      expect(act(state, action, scripted())).toMatchObject({ ok: false, code: 'ACTION_NOT_ALLOWED' });
    }
  });

  it('death ends the game with the reason of who did it', () => {
    for (const type of ['police', 'gang', 'loanShark'] as const) {
      const state = inEncounter(fight(type, [enemy('a'), enemy('b')], { turnOrder: 'enemy' }), { health: 5 }, { pendingEncounter: fight('gang', [enemy('x')]) });
      const r = ok(act(state, 'fight', scripted([true], ['max'])));
      expect(r.state.player.health).toBe(0);
      expect(r.state.gameOver).toBe(true);
      expect(r.state.gameOverReason).toBe(DEATH_REASONS[type]);
      expect(r.state.currentState).toBe('GAME_OVER');
      expect(r.state.encounter).toBeNull();
      expect(r.state.pendingEncounter).toBeNull();
      expect(r.attack).toMatchObject({ playerDead: true, playerDamage: -12 });
      expect(act(r.state, 'fight', scripted())).toMatchObject({ ok: false, code: 'GAME_OVER' });
    }
    expect(DEATH_REASONS.police).toBe('You were killed by the cops.');
  });

  it('death costs the cash on you (the bank keeps what is in it)', () => {
    const state = inEncounter(fight('gang', [enemy('a')], { turnOrder: 'enemy' }), { health: 5, cash: 7_500, bank: 3_000, debt: 1_000 });
    const r = ok(act(state, 'fight', scripted([true], ['max'])));
    expect(r.message).toBe('Enemy a hits you for 12 damage! You have been killed! They took $7,500 off your body.');
    expect(r.state.player).toMatchObject({ cash: 0, bank: 3_000, debt: 1_000, score: 2_000 });
    expect(r.attack!.toll).toEqual({ health: 5, cash: 7_500, drugs: 0, debt: 0 });
  });

  it('says what an encounter cost in one sentence', () => {
    expect(tollMessage({ health: 0, cash: 0, drugs: 0, debt: 0 })).toBe('It cost you nothing.');
    expect(tollMessage({ health: 23, cash: 0, drugs: 0, debt: 0 })).toBe('It cost you 23 health.');
    expect(tollMessage({ health: 0, cash: 1500, drugs: 1, debt: 0 })).toBe('It cost you $1,500 and 1 unit of drugs.');
    expect(tollMessage({ health: 23, cash: 1500, drugs: 40, debt: 2000 })).toBe('It cost you 23 health, $1,500, 40 units of drugs and $2,000 more debt.');
  });

  it('keeps a running toll of the health a fight cost, carried by the encounter and reported with each action', () => {
    let s = inEncounter(fight('gang', [enemy('a'), enemy('b')], { turnOrder: 'enemy' }));
    const first = ok(act(s, 'fight', scripted([true], ['max']))); // a hits for 12
    expect(first.attack!.toll).toEqual({ health: 12, cash: 0, drugs: 0, debt: 0 });
    expect(first.state.encounter!.toll).toEqual(first.attack!.toll);
    s = first.state;
    const second = ok(act(s, 'fight', scripted([true], ['min']))); // b hits for 8
    expect(second.attack!.toll).toEqual({ health: 20, cash: 0, drugs: 0, debt: 0 });
    expect(second.state.encounter!.toll.health).toBe(20);
    expect(s.encounter!.toll.health).toBe(12); // the earlier state is untouched
  });
});

// ---------- victory ----------

describe('victory', () => {
  it('pays the reward, counts the cops and ends the encounter', () => {
    const state = inEncounter(fight('police', [enemy('a', { health: 3 }), enemy('b', { health: 0, isAlive: false })], { reward: { cash: 750 } }), {
      copsKilled: 4,
    });
    const r = ok(act(state, 'fight', scripted()));
    expect(r.attack).toMatchObject({ victory: true, reward: 750 });
    expect(r.message).toBe('You hit Enemy a for 10 damage with your fists. Enemy a goes down! You won! Found $750 on the bodies!');
    expect(r.state.player.cash).toBe(state.player.cash + 750);
    expect(r.state.player.score).toBe(r.state.player.cash + r.state.player.bank - r.state.player.debt);
    expect(r.state.player.copsKilled).toBe(5);
    expect(r.state.encounter).toBeNull();
    expect(r.state.currentState).toBe('NORMAL');
  });

  it("says so when the bodies had nothing, and gang kills are not cop kills", () => {
    const state = inEncounter(fight('gang', [enemy('a', { health: 1 })], { reward: { cash: 0 } }));
    const r = ok(act(state, 'fight', scripted()));
    expect(r.attack).toMatchObject({ victory: true, reward: 0, message: expect.stringContaining(VICTORY_NO_REWARD_MESSAGE) });
    expect(r.state.player.cash).toBe(state.player.cash);
    expect(r.state.player.copsKilled).toBe(0);
  });

  it("beating the loan shark's goons does not forgive the debt", () => {
    const state = inEncounter(fight('loanShark', [enemy('a', { health: 1 })], { canBribe: false, bribeCost: 0 }));
    const r = ok(act(state, 'fight', scripted()));
    expect(r.attack!.victory).toBe(true);
    expect(r.state.player.debt).toBe(state.player.debt);
    expect(r.state.player.loanShark).toEqual(state.player.loanShark);
    expect(r.state.encounter).toBeNull();
  });

  it('promotes a waiting encounter and reports it as the follow-up', () => {
    const visitBase = withPlayerFields(game(), { debt: 1000 });
    const visit = createLoanSharkVisit({ ...visitBase, loanSharkVisits: 1 }, scripted());
    const state = inEncounter(fight('police', [enemy('a', { health: 1 })], { reward: { cash: 100 } }), {}, { pendingEncounter: visit });
    const r = ok(act(state, 'fight', scripted()));
    expect(r.attack!.followUpEncounter).toEqual(visit);
    expect(r.attack!.followUpEvent).toMatchObject({ category: 'loan_shark', soundEffect: 'loan_shark_warning_2', message: visit.message });
    expect(r.events).toEqual([r.attack!.followUpEvent]);
    expect(r.message).toContain('Found $100 on the bodies! But wait...');
    expect(r.state.encounter).toEqual(visit);
    expect(r.state.pendingEncounter).toBeNull();
    expect(r.state.currentState).toBe('LOAN_SHARK_VISIT');
  });
});

// ---------- escape, bribe, surrender ----------

describe('escape', () => {
  it('success ends the encounter (and brings on a waiting one)', () => {
    const pending = fight('loanShark', [enemy('g')], { canBribe: false });
    const state = inEncounter(fight('gang', three()), {}, { pendingEncounter: pending });
    const r = ok(act(state, 'escape', scripted([true])));
    expect(r.attack).toMatchObject({ escaped: true, success: true });
    expect(r.message).toContain(ESCAPE_SUCCESS_MESSAGE);
    expect(r.state.encounter).toEqual(pending);
    expect(r.state.currentState).toBe('COMBAT_LOAN_SHARK');
  });

  it("failure hands the turn to the enemies", () => {
    const state = inEncounter(fight('gang', [enemy('a', { health: 0, isAlive: false }), enemy('b')]));
    const r = ok(act(state, 'escape', scripted([false])));
    expect(r.attack).toMatchObject({ escaped: false, success: false });
    expect(r.message).toContain('FAILED ESCAPE');
    expect(r.state.encounter).toMatchObject({ turnOrder: 'enemy', currentEnemyIndex: 1 });
  });

  it('with drugs on you, may cost part of the biggest stack: the more you carry, the likelier', () => {
    const loaded = { inventory: { weed: { quantity: 60, totalCost: 36_000 }, acid: { quantity: 10, totalCost: 27_000 } } };
    // escape succeeds, the drop roll hits, 20% of the 60 Weed fall out
    const r = ok(act(inEncounter(fight('police', three()), loaded), 'escape', scripted([true, true], [20])));
    expect(r.message).toBe(`${ESCAPE_SUCCESS_MESSAGE} But you dropped 12 Weed on the way.`);
    expect(r.state.player.inventory).toEqual({ weed: { quantity: 48, totalCost: 28_800 }, acid: { quantity: 10, totalCost: 27_000 } });
    expect(r.attack!.toll).toEqual({ health: 0, cash: 0, drugs: 12, debt: 0 });
    // the drop roll misses: the load is safe
    const clean = ok(act(inEncounter(fight('police', three()), loaded), 'escape', scripted([true, false])));
    expect(clean.message).toBe(ESCAPE_SUCCESS_MESSAGE);
    expect(clean.state.player.usedSpace).toBe(70);
    // with nothing on you there is nothing to drop (and no drop roll)
    expect(ok(act(inEncounter(fight('gang', three())), 'escape', scripted([true], [30]))).message).toBe(ESCAPE_SUCCESS_MESSAGE);
  });

  it("from the shark's goons costs a chase fee on the debt when it works", () => {
    expect(goonChaseFee(1000)).toBe(250);
    expect(goonChaseFee(20_000)).toBe(2_000);
    const state = inEncounter(fight('loanShark', [enemy('g')], { canBribe: false, bribeCost: 0 }), { debt: 20_000 });
    const r = ok(act(state, 'escape', scripted([true])));
    expect(r.state.player.debt).toBe(22_000);
    expect(r.message).toBe(`${ESCAPE_SUCCESS_MESSAGE} Vinnie "The Knuckles" adds $2,000 to your debt for the chase.`);
    expect(r.attack!.toll).toEqual({ health: 0, cash: 0, drugs: 0, debt: 2_000 });
  });

  it('is refused when the encounter does not allow it', () => {
    const state = inEncounter(fight('gang', three(), { canEscape: false }));
    expect(act(state, 'escape', scripted())).toMatchObject({ ok: false, code: 'ACTION_NOT_ALLOWED' });
  });

  it('gets harder with more enemies, more danger, a heavier load and against goons, within 10%..85%', () => {
    expect(escapeChance(1, 0, 'police')).toBeCloseTo(0.7);
    expect(escapeChance(4, 5, 'gang')).toBeCloseTo(0.26);
    expect(escapeChance(1, 0, 'loanShark')).toBeCloseTo(0.5);
    expect(escapeChance(4, 5, 'loanShark')).toBe(0.1);
    expect(escapeChance(1, 0, 'police', 100)).toBeCloseTo(0.5);
    expect(escapeChance(1, 0, 'police', 50)).toBeCloseTo(0.6);
    expect(escapeChance(4, 5, 'gang', 100)).toBe(0.1);
    expect(escapeChance(2, 3, 'gang')).toBeLessThan(escapeChance(1, 3, 'gang'));
  });
});

describe('bribe', () => {
  it('pays the cops off when affordable', () => {
    const state = inEncounter(fight('police', three(), { bribeCost: 800 }), { cash: 1000 });
    const r = ok(act(state, 'bribe', scripted()));
    expect(r.attack).toMatchObject({ bribed: true, bribeAmount: 800 });
    expect(r.message).toBe('You successfully bribed them with $800.');
    expect(r.state.player.cash).toBe(200);
    expect(r.attack!.toll).toEqual({ health: 0, cash: 800, drugs: 0, debt: 0 });
    expect(r.state.encounter).toBeNull();
  });

  it('is refused when unaffordable (a 400 money refusal), for gangs, or when the cops will not take it (not allowed)', () => {
    expect(act(inEncounter(fight('police', three(), { bribeCost: 800 }), { cash: 799 }), 'bribe', scripted())).toMatchObject({
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
      message: "You can't afford the $800 bribe!",
    });
    expect(act(inEncounter(fight('gang', three(), { canBribe: true, bribeCost: 10 })), 'bribe', scripted())).toMatchObject({
      ok: false,
      code: 'ACTION_NOT_ALLOWED',
    });
    expect(act(inEncounter(fight('police', three(), { canBribe: false })), 'bribe', scripted())).toMatchObject({
      ok: false,
      code: 'ACTION_NOT_ALLOWED',
    });
  });
});

describe('surrender', () => {
  const loaded = {
    cash: 1000,
    inventory: { weed: { quantity: 20, totalCost: 6000 }, cocaine: { quantity: 5, totalCost: 75000 } },
  };

  it('the police confiscate every drug and may fine you', () => {
    const state = inEncounter(fight('police', three()), loaded);
    const fined = ok(act(state, 'surrender', scripted([true], [20])));
    expect(fined.attack).toMatchObject({ surrendered: true });
    expect(fined.state.player.inventory).toEqual({});
    expect(fined.state.player.usedSpace).toBe(0);
    expect(fined.state.player.cash).toBe(800);
    expect(fined.message).toBe('You surrendered and lost some items. The cops took all your drugs (25 units) and fined you $200.');
    expect(fined.state.encounter).toBeNull();
    // the bill of the whole encounter: what an earlier round cost, plus the load and the fine
    expect(fined.attack!.toll).toEqual({ health: 0, cash: 200, drugs: 25, debt: 0 });
    const hurt = inEncounter(fight('police', three(), { toll: { health: 14, cash: 0, drugs: 0, debt: 0 } }), loaded);
    expect(ok(act(hurt, 'surrender', scripted([true], [20]))).attack!.toll).toEqual({ health: 14, cash: 200, drugs: 25, debt: 0 });
    const notFined = ok(act(state, 'surrender', scripted([false])));
    expect(notFined.state.player.cash).toBe(1000);
  });

  it('a gang takes the drugs and 20-50% of the cash', () => {
    const state = inEncounter(fight('gang', three()), loaded);
    expect(ok(act(state, 'surrender', scripted([], ['min']))).state.player.cash).toBe(800);
    expect(ok(act(state, 'surrender', scripted([], ['max']))).state.player.cash).toBe(500);
  });

  it("the shark's goons take your cash toward the debt and rough you up (never fatally)", () => {
    const state = inEncounter(fight('loanShark', three(), { canBribe: false }), { cash: 300, debt: 1000, health: 12 });
    const r = ok(act(state, 'surrender', scripted([], ['max'])));
    expect(r.state.player).toMatchObject({ cash: 0, debt: 700, health: 1 });
    expect(r.attack!.toll).toEqual({ health: 11, cash: 0, drugs: 0, debt: 0 });
    const broke = inEncounter(fight('loanShark', three(), { canBribe: false }), { cash: 0, debt: 1000, health: 50 });
    expect(ok(act(broke, 'surrender', scripted([], ['min']))).message).toBe(
      'You surrendered and lost some items. The goons found no cash on you and roughed you up. You still owe $1,000.',
    );
    const rich = inEncounter(fight('loanShark', three(), { canBribe: false }), { cash: 5000, debt: 1000 }, { loanSharkVisits: 4 });
    const paid = ok(act(rich, 'surrender', scripted([], ['min'])));
    expect(paid.state.player).toMatchObject({ cash: 4000, debt: 0, loanShark: null, health: 90 });
    expect(paid.state.loanSharkVisits).toBe(0);
  });

  it('is refused when not allowed', () => {
    expect(act(inEncounter(fight('gang', three(), { canSurrender: false })), 'surrender', scripted())).toMatchObject({
      ok: false,
      code: 'ACTION_NOT_ALLOWED',
    });
  });
});

// ---------- loan-shark visits ----------

describe('loan-shark visits', () => {
  const owing = (visitsSoFar: number, fields: Partial<Player> = {}) =>
    ({ ...withPlayerFields(game(), { debt: 2000, cash: 5000, ...fields }), loanSharkVisits: visitsSoFar }) as GameState;

  it('visits 1-3 are talks with rising fees that can be put off', () => {
    const visits = [0, 1, 2].map((n) => createLoanSharkVisit(owing(n), scripted()));
    expect(visits.map((v) => v.visitNumber)).toEqual([1, 2, 3]);
    expect(visits.every((v) => v.type === 'loanSharkVisit' && v.canSkip && v.canPay && v.enemies.length === 0)).toBe(true);
    expect(visits.map((v) => v.totalFees)).toEqual([100, 450, 1050]);
    expect(visits[2]!.feeDetails).toEqual([
      { label: 'Late fee', amount: 300 },
      { label: 'Collection fee', amount: 500 },
      { label: 'Kneecap insurance', amount: 250 },
    ]);
    for (const v of visits) {
      expect(v.debtAmount).toBe(2000);
      expect(v.paymentAmount).toBe(2000 + v.totalFees);
      expect(v.totalFees).toBe(v.feeDetails.reduce((s, f) => s + f.amount, 0));
      expect(v.message).toContain('Vinnie');
    }
    expect(createLoanSharkVisit(owing(0, { cash: 0 }), scripted()).canPay).toBe(false);
    expect(visitFees(100, 1)).toEqual([{ label: 'Late fee', amount: 50 }]);
  });

  it("visit 4 and later are fights with the shark's goons", () => {
    const visit4 = createLoanSharkVisit(owing(3), Rng.fromSeed('0000000000000001'));
    expect(visit4).toMatchObject({ type: 'loanShark', visitNumber: 4, canSkip: false, canPay: false, canBribe: false, canEscape: true });
    expect(visit4.enemies).toHaveLength(2);
    expect(visit4.reward).toEqual({ cash: 0 });
    expect(visit4.message).toContain('You encounter 2 enemies!');
    const visit6 = createLoanSharkVisit(owing(5), Rng.fromSeed('0000000000000001'));
    expect(visit6.enemies).toHaveLength(4);
    expect(visit6.enemies[0]!.sprite).toBe('loan_shark_enforcer');
    const state = syncMachine({ ...owing(3), encounter: visit4 });
    expect(state.currentState).toBe('COMBAT_LOAN_SHARK');
    expect(act(state, 'skip', scripted())).toMatchObject({ ok: false, code: 'ACTION_NOT_ALLOWED' });
    expect(act(state, 'pay', scripted())).toMatchObject({ ok: false, code: 'ACTION_NOT_ALLOWED' });
  });

  it('paying in full clears the loan and ends the visit', () => {
    const base = owing(0);
    const visit = createLoanSharkVisit(base, scripted());
    const r = ok(act(syncMachine({ ...base, encounter: visit, loanSharkVisits: 1 }), 'pay', scripted()));
    expect(r.state.player).toMatchObject({ cash: 5000 - 2100, debt: 0, loanShark: null });
    expect(r.state.loanSharkVisits).toBe(0);
    expect(r.state.encounter).toBeNull();
    expect(r.state.currentState).toBe('NORMAL');
    expect(r.message).toContain("You're debt free!");
  });

  it('a partial payment covers the fees first, then the debt, and ends the visit', () => {
    const base = owing(1, { cash: 1000 });
    const visit = createLoanSharkVisit(base, scripted()); // fees 450
    const r = ok(act(syncMachine({ ...base, encounter: visit, loanSharkVisits: 2 }), 'pay', scripted()));
    expect(r.state.player).toMatchObject({ cash: 0, debt: 2000 - 550 });
    expect(r.state.player.loanShark).not.toBeNull();
    expect(r.state.loanSharkVisits).toBe(2);
    expect(r.state.encounter).toBeNull();
    expect(r.message).toBe('You paid Vinnie "The Knuckles" $1,000. You still owe $1,450.');

    const pennies = owing(1, { cash: 100 });
    const small = ok(act(syncMachine({ ...pennies, encounter: createLoanSharkVisit(pennies, scripted()) }), 'pay', scripted()));
    expect(small.state.player).toMatchObject({ cash: 0, debt: 2000 });
  });

  it("'You can pay' is min(cash, debt + fees); paying is possible with any cash", () => {
    // full cash: 5,000 on hand, 2,000 + 100 needed
    const rich = createLoanSharkVisit(owing(0), scripted());
    expect(rich).toMatchObject({ debtAmount: 2000, totalFees: 100, paymentAmount: 2100, canPay: true });
    // exactly enough
    expect(createLoanSharkVisit(owing(0, { cash: 2100 }), scripted())).toMatchObject({ paymentAmount: 2100, canPay: true });
    // short: 1,580 on hand against 2,000 + 450
    const short = createLoanSharkVisit(owing(1, { cash: 1580 }), scripted());
    expect(short).toMatchObject({ debtAmount: 2000, totalFees: 450, paymentAmount: 1580, canPay: true });
    // broke
    expect(createLoanSharkVisit(owing(0, { cash: 0 }), scripted())).toMatchObject({ paymentAmount: 0, canPay: false });
    expect(visitPayment(1, 2000, 100)).toEqual({ canPay: true, paymentAmount: 1 });
  });

  it('full-cash pay: pays exactly paymentAmount (fees, then the whole debt) and clears the loan', () => {
    const base = owing(2, { cash: 4000 });
    const visit = createLoanSharkVisit(base, scripted()); // visit 3: fees 300 + 500 + 250
    expect(visit.paymentAmount).toBe(3050);
    const r = ok(act(syncMachine({ ...base, encounter: visit, loanSharkVisits: 3 }), 'pay', scripted()));
    expect(r.state.player).toMatchObject({ cash: 4000 - visit.paymentAmount, debt: 0, loanShark: null });
    expect(r.state.loanSharkVisits).toBe(0);
    expect(r.message).toBe('You paid Vinnie "The Knuckles" $3,050. "Pleasure doing business with you." You\'re debt free!');
  });

  it('short-cash pay: pays all the cash (= paymentAmount), fees first, and leaves the rest of the debt', () => {
    const base = owing(1, { cash: 1580 });
    const visit = createLoanSharkVisit(base, scripted()); // visit 2: fees 200 + 250 = 450
    expect(visit.paymentAmount).toBe(1580);
    const r = ok(act(syncMachine({ ...base, encounter: visit, loanSharkVisits: 2 }), 'pay', scripted()));
    // 450 of the 1,580 pays the fees, 1,130 the debt
    expect(r.state.player).toMatchObject({ cash: 0, debt: 2000 - 1130 });
    expect(r.state.player.loanShark).not.toBeNull();
    expect(r.state.loanSharkVisits).toBe(2);
    expect(r.state.encounter).toBeNull();
    expect(r.message).toBe('You paid Vinnie "The Knuckles" $1,580. You still owe $870.');
  });

  it('a visit waiting behind a fight shows what the player can pay once the fight is over', () => {
    const base = owing(0, { cash: 300 });
    const visit = createLoanSharkVisit(base, scripted());
    expect(visit).toMatchObject({ paymentAmount: 300, canPay: true });
    // the gang is beaten and had $1,000 on them: 1,300 on hand when the shark steps in
    const state = inEncounter(fight('gang', [enemy('a', { health: 1 })], { reward: { cash: 1000 } }), { debt: 2000, cash: 300 }, {
      pendingEncounter: visit,
    });
    const r = ok(act(state, 'fight', scripted([true])));
    expect(r.state.player.cash).toBe(1300);
    expect(r.state.encounter).toMatchObject({ type: 'loanSharkVisit', paymentAmount: 1300, canPay: true, totalFees: 100 });
    expect(r.attack!.followUpEncounter).toEqual(r.state.encounter);
    expect(r.state.currentState).toBe('LOAN_SHARK_VISIT');
    // surrendering to a gang with no cash left: nothing to pay with
    const broke = inEncounter(fight('gang', three()), { debt: 2000, cash: 0 }, { pendingEncounter: createLoanSharkVisit(base, scripted()) });
    const gaveUp = ok(act(broke, 'surrender', scripted()));
    expect(gaveUp.state.encounter).toMatchObject({ type: 'loanSharkVisit', paymentAmount: 0, canPay: false });
  });

  it('paying with no cash is refused as a money refusal', () => {
    const base = owing(0, { cash: 0 });
    expect(act(syncMachine({ ...base, encounter: createLoanSharkVisit(base, scripted()) }), 'pay', scripted())).toMatchObject({
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
    });
  });

  it('skip puts him off with a warning and changes no money', () => {
    const base = owing(2);
    const r = ok(act(syncMachine({ ...base, encounter: createLoanSharkVisit(base, scripted()) }), 'skip', scripted()));
    expect(r.state.encounter).toBeNull();
    expect(r.state.player.cash).toBe(5000);
    expect(r.state.player.debt).toBe(2000);
    expect(r.message).toContain('bringing friends');
  });

  it('fight actions are refused during a visit, and visit actions during a fight', () => {
    const base = owing(0);
    const visiting = syncMachine({ ...base, encounter: createLoanSharkVisit(base, scripted()) });
    for (const action of ['fight', 'escape', 'bribe', 'surrender'] as const) {
      expect(act(visiting, action, scripted())).toMatchObject({ ok: false, code: 'ACTION_NOT_ALLOWED' });
    }
    const fighting = inEncounter(fight('police', three()));
    for (const action of ['pay', 'skip'] as const) {
      expect(act(fighting, action, scripted())).toMatchObject({ ok: false, code: 'ACTION_NOT_ALLOWED' });
    }
    expect(act(game(), 'fight', scripted())).toMatchObject({ ok: false, code: 'ACTION_NOT_ALLOWED' });
  });
});

// ---------- rolling encounters ----------

describe('rollEncounter', () => {
  const at = (location: string, day: number) => ({ ...game(), location, day });

  it('follows the danger level and the heat: 2% a day empty in a safe city, 17% empty and 55% with a full coat in the worst', () => {
    expect(encounterChance(0)).toBeCloseTo(0.02);
    expect(encounterChance(5)).toBeCloseTo(0.17);
    expect(encounterChance(5, 100)).toBeCloseTo(0.55);
    expect(encounterChance(1, 100)).toBeCloseTo(0.19);
    expect(encounterChance(3, 50)).toBeCloseTo(0.11 + 0.13);
    const rng = Rng.fromSeed('0000000000000777');
    const count = (state: GameState) => {
      let n = 0;
      for (let i = 0; i < 4000; i++) if (rollEncounter(state, rng)) n++;
      return n / 4000;
    };
    const full = (state: GameState) => withPlayerFields(state, { inventory: { weed: { quantity: 100, totalCost: 60_000 } } });
    expect(count(at('detroit', 10))).toBeGreaterThan(0.14); // danger 5, empty
    expect(count(at('detroit', 10))).toBeLessThan(0.2);
    expect(count(full(at('detroit', 10)))).toBeGreaterThan(0.5); // danger 5, a full coat
    expect(count(full(at('detroit', 10)))).toBeLessThan(0.6);
    expect(count(at('boston', 10))).toBeGreaterThan(0.03); // danger 1, empty: 5%
    expect(count(at('boston', 10))).toBeLessThan(0.07);
    expect(count(full(at('boston', 10)))).toBeGreaterThan(0.16); // danger 1, full: 19%
    expect(count(full(at('boston', 10)))).toBeLessThan(0.22);
  });

  it('gives the travel screens the odds for each city with what the player carries now (encounterRisk, heatOf)', () => {
    const empty = game();
    expect(heatOf(empty.player)).toBe(0);
    expect(encounterRisk(empty, 'detroit')).toBeCloseTo(encounterChance(5));
    const half = withPlayerFields(empty, { inventory: { weed: { quantity: 50, totalCost: 30_000 } } });
    expect(heatOf(half.player)).toBe(50);
    expect(encounterRisk(half, 'detroit')).toBeCloseTo(encounterChance(5, 50));
    expect(encounterRisk(half, 'san_francisco')).toBeLessThan(encounterRisk(half, 'detroit'));
    expect(encounterRisk(half, 'nowhere')).toBeCloseTo(encounterChance(0, 50));
  });

  it('sends bigger and tougher police after a heavy load', () => {
    expect(maxEnemiesFor(1, 0)).toBe(1);
    expect(maxEnemiesFor(1, 0, HEAVY_HEAT)).toBe(2);
    expect(maxEnemiesFor(13, 5, 100)).toBe(4);
    const rng = Rng.fromSeed('0000000000000321');
    const kinds = (state: GameState) => {
      const seen = new Set<string>();
      for (let i = 0; i < 3000; i++) {
        const e = rollEncounter(state, rng);
        if (e?.type === 'police') for (const x of e.enemies) seen.add(x.sprite);
      }
      return seen;
    };
    const heavy = withPlayerFields(at('new_york', 7), { inventory: { weed: { quantity: 80, totalCost: 48_000 } } });
    expect(kinds(at('new_york', 7)).has('swat_officer')).toBe(false);
    expect(kinds(heavy).has('swat_officer')).toBe(true);
  });

  it('asks a bribe that grows with the load the cops let through', () => {
    expect(bribeCostFor(2, 10, 1000)).toBe(800);
    expect(bribeCostFor(2, 10, 1000, 50_000)).toBe(10_800);
    expect(bribeCostFor(1, 1, 100_000)).toBe(10_000);
  });

  it('makes well-formed police and gang fights with 1-4 enemies scaled by day and danger', () => {
    const rng = Rng.fromSeed('0000000000000123');
    const found: Encounter[] = [];
    for (let i = 0; found.length < 300 && i < 20000; i++) {
      const e = rollEncounter(at(i % 2 ? 'detroit' : 'new_york', 1 + (i % 30)), rng);
      if (e) found.push(e);
    }
    expect(new Set(found.map((e) => e.type))).toEqual(new Set(['police', 'gang']));
    for (const e of found) {
      expect(e.enemies.length).toBeGreaterThanOrEqual(1);
      expect(e.enemies.length).toBeLessThanOrEqual(4);
      expect(new Set(e.enemies.map((x) => x.id)).size).toBe(e.enemies.length);
      expect(new Set(e.enemies.map((x) => x.name)).size).toBe(e.enemies.length);
      for (const x of e.enemies) {
        expect(ENEMY_SPRITES).toContain(x.sprite);
        expect(x.health).toBe(x.maxHealth);
        expect(Number.isInteger(x.health) && x.health > 0).toBe(true);
      }
      expect(e).toMatchObject({ turnOrder: 'player', round: 1, currentEnemyIndex: 0, canEscape: true, canSurrender: true, canSkip: false });
      expect(e.combatLog).toEqual([e.message]);
      expect(Number.isInteger(e.reward!.cash) && e.reward!.cash >= 0).toBe(true);
      if (e.type === 'police') {
        expect(e.canBribe).toBe(true);
        expect(e.bribeCost).toBeGreaterThan(0);
        expect(e.message).toMatch(/^You encounter \d police officers?!$/);
      } else {
        expect(e.canBribe).toBe(false);
        expect(e.message).toMatch(/^\d gang members? attacks?!$/);
      }
    }
    const counts = found.map((e) => e.enemies.length);
    expect(Math.max(...counts)).toBe(4);
  });

  it('keeps early fights in a safe city small and late fights in Detroit tougher', () => {
    const rng = Rng.fromSeed('0000000000000999');
    const early: Encounter[] = [];
    const late: Encounter[] = [];
    for (let i = 0; i < 6000; i++) {
      const a = rollEncounter(at('san_francisco', 1), rng);
      if (a) early.push(a);
      const b = rollEncounter(at('detroit', 28), rng);
      if (b) late.push(b);
    }
    expect(Math.max(...early.map((e) => e.enemies.length))).toBe(1);
    const hp = (list: Encounter[]) => list.flatMap((e) => e.enemies).reduce((s, x) => s + x.maxHealth, 0) / list.flatMap((e) => e.enemies).length;
    expect(hp(late)).toBeGreaterThan(hp(early) + 12);
  });

  it('never rolls after the game is over', () => {
    const rng = scripted([true, true, true]);
    expect(rollEncounter({ ...at('detroit', 5), gameOver: true }, rng)).toBeNull();
  });
});

// ---------- purity ----------

describe('purity', () => {
  const busy = () =>
    inEncounter(fight('police', three(), { reward: { cash: 300 }, bribeCost: 400 }), {
      weapons: { shotgun: { quantity: 1 } },
      items: { armor: {}, ammo: { shells: 4 }, consumables: {} },
      equippedItems: { weapon: 'shotgun', armor: null },
    });

  it('is deterministic: the same state and PRNG state give the same result', () => {
    const run = () => {
      let state = busy();
      const out: ApplyResult[] = [];
      for (let i = 0; i < 12 && state.encounter; i++) {
        const r = resolveEncounter(state, { type: 'encounter', action: 'fight' }, Rng.fromState(state.rng));
        out.push(r);
        if (!r.ok) break;
        state = r.state;
      }
      return out;
    };
    const a = run();
    expect(a.length).toBeGreaterThan(2);
    expect(JSON.stringify(run())).toBe(JSON.stringify(a));
  });

  it('never mutates its input', () => {
    let state = deepFreeze(busy());
    for (const [action, ids] of [
      ['fight', ['a', 'b']],
      ['fight', undefined],
      ['fight', undefined],
      ['fight', undefined],
      ['escape', undefined],
      ['surrender', undefined],
    ] as const) {
      const before = JSON.stringify(state);
      const r = act(state, action, Rng.fromState(state.rng), ids ? [...ids] : undefined);
      expect(JSON.stringify(state)).toBe(before);
      if (r.ok && r.state.encounter) state = deepFreeze(r.state);
    }
    const visitBase = deepFreeze(syncMachine({ ...withPlayerFields(game(), { debt: 900 }), encounter: createLoanSharkVisit(withPlayerFields(game(), { debt: 900 }), scripted()) }));
    const before = JSON.stringify(visitBase);
    ok(act(visitBase, 'pay', scripted()));
    ok(act(visitBase, 'skip', scripted()));
    expect(JSON.stringify(visitBase)).toBe(before);
  });

  it('keeps every number an integer through a long random fight', () => {
    let state = busy();
    for (let i = 0; i < 40 && state.encounter; i++) {
      const r = ok(resolveEncounter(state, { type: 'encounter', action: 'fight' }, Rng.fromState(state.rng)));
      state = r.state;
      const p = state.player;
      for (const n of [p.cash, p.health, p.copsKilled, ...(state.encounter?.enemies.map((e) => e.health) ?? [])]) {
        expect(Number.isInteger(n)).toBe(true);
      }
      expect(p.health).toBeGreaterThanOrEqual(0);
    }
  });
});

// ---------- through the dispatcher ----------

describe('through apply()', () => {
  it('stores the advanced PRNG state and keeps the state machine in step', async () => {
    const { apply } = await import('./apply');
    const state = inEncounter(fight('gang', [enemy('a', { health: 500 }), enemy('b', { health: 500 })]));
    expect(state.currentState).toBe('COMBAT');
    const first = ok(apply(state, { type: 'encounter', action: 'fight' }));
    expect(first.state.rng).not.toEqual(state.rng);
    expect(first.state.encounter!.turnOrder).toBe('enemy');
    // Replaying the same action from the same state gives the same state.
    expect(JSON.stringify(ok(apply(state, { type: 'encounter', action: 'fight' })).state)).toBe(JSON.stringify(first.state));
    // Trading is refused mid-fight; once the fight ends the machine is back in NORMAL.
    expect(apply(first.state, { type: 'buy', drugId: 'weed', quantity: 1 })).toMatchObject({ ok: false, code: 'ACTION_NOT_ALLOWED' });
    const gaveUp = ok(apply(state, { type: 'encounter', action: 'surrender' }));
    expect(gaveUp.state.currentState).toBe('NORMAL');
    expect(gaveUp.state.allowedActions).toContain('travel');
  });
});

// ---------- changing equipment mid-fight ----------

describe('equip and unequip in a fight', () => {
  const armed: Partial<Player> = {
    weapons: { knife: { quantity: 1 }, pistol: { quantity: 1 } },
    equippedItems: { weapon: 'knife', armor: 'kevlar_vest' },
    items: { armor: { kevlar_vest: { quantity: 1 } }, ammo: { ammo_9mm: 10 }, consumables: {} },
  };

  it("is allowed on the player's turn in COMBAT and COMBAT_LOAN_SHARK, and costs no turn", async () => {
    const { apply } = await import('./apply');
    for (const type of ['police', 'gang', 'loanShark'] as const) {
      const state = inEncounter(fight(type, three(), { round: 2 }), armed);
      expect(state.currentState).toBe(type === 'loanShark' ? 'COMBAT_LOAN_SHARK' : 'COMBAT');
      expect(state.allowedActions).toEqual(['encounter', 'equip', 'unequip', 'end']);
      const equipped = ok(apply(state, { type: 'equip', itemType: 'weapon', itemId: 'pistol' }));
      expect(equipped.message).toBe('Equipped 9mm Pistol.');
      expect(equipped.state.player.equippedItems.weapon).toBe('pistol');
      // the turn, the round, the fight and the PRNG are untouched
      expect(equipped.state.encounter).toBe(state.encounter);
      expect(equipped.state.rng).toEqual(state.rng);
      expect(equipped.state.currentState).toBe(state.currentState);
      expect(equipped.state.allowedActions).toEqual(state.allowedActions);
      const bare = ok(apply(equipped.state, { type: 'unequip', itemType: 'armor' }));
      expect(bare.state.player.equippedItems).toEqual({ weapon: 'pistol', armor: null });
      expect(bare.state.encounter).toBe(state.encounter);
      // the next attack is made with the new weapon, still on the player's turn
      const attack = ok(apply(bare.state, { type: 'encounter', action: 'fight' }));
      expect(attack.state.encounter!.combatLog.join(' ')).not.toContain('your fists');
      expect(attack.state.player.items.ammo['ammo_9mm']).toBe(9);
    }
  });

  it("is refused on the enemy's turn with ACTION_NOT_ALLOWED, and allowedActions leaves it out", async () => {
    const { apply } = await import('./apply');
    for (const type of ['police', 'loanShark'] as const) {
      const state = inEncounter(fight(type, three(), { turnOrder: 'enemy' }), armed);
      expect(state.allowedActions).toEqual(['encounter', 'end']);
      const refusal = {
        ok: false,
        code: 'ACTION_NOT_ALLOWED',
        message: "You can't change your equipment on the enemy's turn. Wait for your turn!",
      };
      expect(apply(state, { type: 'equip', itemType: 'weapon', itemId: 'pistol' })).toEqual(refusal);
      expect(apply(state, { type: 'unequip', itemType: 'weapon' })).toEqual(refusal);
    }
  });

  it('allowedActions follows the turn as the fight goes on', async () => {
    const { apply } = await import('./apply');
    const state = inEncounter(fight('gang', [enemy('a', { health: 500 })]), armed);
    const attacked = ok(apply(state, { type: 'encounter', action: 'fight' })).state;
    expect(attacked.encounter!.turnOrder).toBe('enemy');
    expect(attacked.allowedActions).toEqual(['encounter', 'end']);
    const answered = ok(apply(attacked, { type: 'encounter', action: 'fight' })).state;
    expect(answered.encounter!.turnOrder).toBe('player');
    expect(answered.allowedActions).toEqual(['encounter', 'equip', 'unequip', 'end']);
  });

  it('is still refused during a loan-shark visit, and the usual equip checks apply in a fight', async () => {
    const { apply } = await import('./apply');
    const base = { ...withPlayerFields(game(), { debt: 2000, cash: 5000, ...armed }), loanSharkVisits: 0 } as GameState;
    const visiting = syncMachine({ ...base, encounter: createLoanSharkVisit(base, scripted()) });
    expect(visiting.allowedActions).toEqual(['encounter', 'end']);
    expect(apply(visiting, { type: 'equip', itemType: 'weapon', itemId: 'pistol' })).toEqual({
      ok: false,
      code: 'ACTION_NOT_ALLOWED',
      message: 'Deal with the loan shark first!',
    });
    const fighting = inEncounter(fight('police', three()), armed);
    expect(apply(fighting, { type: 'equip', itemType: 'weapon', itemId: 'shotgun' })).toMatchObject({ ok: false, code: 'NOT_OWNED' });
    expect(apply(fighting, { type: 'equip', itemType: 'weapon', itemId: 'knife' })).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
  });
});
