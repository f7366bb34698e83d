import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClientGameState } from '@drugwars/engine';
import { ApiError } from '../../api/client';
import type { EncounterRequest } from '@drugwars/protocol';
import type { EncounterReply } from '../../api/client';
import { useGameStore } from '../../store/gameStore';
import { createCombatController } from './combatController';
import { resetCombatUi, useCombatUi } from './combatUiStore';
import { encounter, enemy, gameState, response } from './testFixtures';

type Reply = EncounterReply | Error;

function setup(replies: Reply[], opts: { speed?: 'slow' | 'normal' | 'fast' | 'instant'; reload?: ClientGameState | null } = {}) {
  const calls: EncounterRequest[] = [];
  const sounds: string[] = [];
  const tracked: unknown[] = [];
  const queue = [...replies];
  const controller = createCombatController({
    encounter: async (req) => {
      calls.push(req);
      const next = queue.shift();
      if (!next) throw new Error('no reply queued');
      if (next instanceof Error) throw next;
      return next;
    },
    reloadState: vi.fn(async () => opts.reload ?? null),
    equipWeapon: vi.fn(async () => gameState()),
    playSound: (name) => sounds.push(name),
    randomRef: () => 'sess-test',
    track: async (event) => {
      tracked.push(event);
    },
  });
  useGameStore.getState().setCombatSpeed(opts.speed ?? 'normal');
  return { controller, calls, sounds, tracked };
}

const enemyTurn = (overrides: Partial<ReturnType<typeof encounter>> = {}) =>
  encounter({ turnOrder: 'enemy', ...overrides });

beforeEach(() => {
  vi.useFakeTimers();
  resetCombatUi();
  useGameStore.setState({ modals: [], pendingEvents: [], messages: [], encounterOverlay: null });
  useGameStore.getState().setGameState(gameState());
});
afterEach(() => {
  vi.useRealTimers();
});

describe('player attack', () => {
  it('shows damage numbers and Miss! per target', async () => {
    const { controller, calls } = setup([
      response({
        gameState: gameState(),
        attackResults: [
          { targetId: 'e1', damage: 12, wasMiss: false },
          { targetId: 'e2', damage: 0, wasMiss: true },
        ],
      }),
    ]);
    await controller.attack(['e1', 'e2']);
    expect(calls).toEqual([{ action: 'fight', targetId: ['e1', 'e2'] }]);
    const floats = useCombatUi.getState().floats.map((f) => [f.target, f.text]);
    expect(floats).toEqual([
      ['e1', '-12'],
      ['e2', 'Miss!'],
    ]);
    expect(useCombatUi.getState().flashing).toEqual(['e1']);
    await vi.advanceTimersByTimeAsync(300);
    expect(useCombatUi.getState().flashing).toEqual([]);
    await vi.advanceTimersByTimeAsync(1199);
    expect(useCombatUi.getState().floats).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(useCombatUi.getState().floats).toHaveLength(0);
    expect(useCombatUi.getState().processing).toBe(false);
  });

  it('shakes the screen for 300 ms with a grenade, not with a pistol, and plays the weapon sound', async () => {
    useGameStore.getState().setGameState(gameState({ weapon: 'grenade' }));
    const g = setup([response({ gameState: gameState({ weapon: null }), attackResults: [{ targetId: 'e1', damage: 0, wasMiss: true }] })]);
    await g.controller.attack('e1');
    expect(useCombatUi.getState().shaking).toBe(true);
    expect(g.sounds).toContain('grenade');
    await vi.advanceTimersByTimeAsync(300);
    expect(useCombatUi.getState().shaking).toBe(false);

    resetCombatUi();
    useGameStore.getState().setGameState(gameState({ weapon: 'pistol', ammo: { ammo_9mm: 5 } }));
    const p = setup([response({ gameState: gameState({ weapon: 'pistol', ammo: { ammo_9mm: 4 } }), attackResults: [{ targetId: 'e1', damage: 9, wasMiss: false }] })]);
    await p.controller.attack('e1');
    expect(useCombatUi.getState().shaking).toBe(false);
    expect(p.sounds).toContain('pistol');
    expect(p.tracked).toEqual([{ type: 'combat', category: 'combat', action: 'fight', data: { action: 'fight', outcome: 'continue' } }]);
  });

  it('an equipped rocket launcher without rockets is fists: no shake and no rocket sound', async () => {
    useGameStore.getState().setGameState(gameState({ weapon: 'rocket_launcher' }));
    const empty = setup([response({ gameState: gameState({ weapon: 'rocket_launcher' }), attackResults: [{ targetId: 'e1', damage: 8, wasMiss: false }] })]);
    await empty.controller.attack('e1');
    expect(useCombatUi.getState().shaking).toBe(false);
    expect(empty.sounds).not.toContain('rocket_launcher');

    resetCombatUi();
    useGameStore.getState().setGameState(gameState({ weapon: 'rocket_launcher', ammo: { rockets: 2 } }));
    const loaded = setup([response({ gameState: gameState({ weapon: 'rocket_launcher', ammo: { rockets: 1 } }), attackResults: [{ targetId: 'e1', damage: 60, wasMiss: false }] })]);
    await loaded.controller.attack('e1');
    expect(useCombatUi.getState().shaking).toBe(true);
    expect(loaded.sounds).toContain('rocket_launcher');
  });

  it('does nothing while processing or on the enemy turn', async () => {
    const { controller, calls } = setup([]);
    useGameStore.getState().setGameState(gameState({ encounter: enemyTurn() }));
    useCombatUi.setState({ processing: true });
    await controller.attack('e1');
    useCombatUi.setState({ processing: false });
    await controller.escape();
    expect(calls).toEqual([]);
  });

  it('then runs the enemy turn after the combat delay, one fight per living enemy, until the turn returns', async () => {
    const afterAttack = gameState({ encounter: enemyTurn() });
    const afterFirst = gameState({ encounter: enemyTurn({ currentEnemyIndex: 1 }), health: 90 });
    const afterSecond = gameState({ encounter: encounter({ round: 2 }), health: 90 });
    const { controller, calls, sounds } = setup([
      response({ gameState: afterAttack, attackResults: [{ targetId: 'e1', damage: 5, wasMiss: false }] }),
      response({ gameState: afterFirst, playerDamage: -10 }),
      response({ gameState: afterSecond, playerDamage: 0 }),
    ]);
    const done = controller.attack('e1');
    await vi.advanceTimersByTimeAsync(899);
    expect(calls).toHaveLength(1);
    expect(useCombatUi.getState().processing).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    expect(calls[1]).toEqual({ action: 'fight' });
    expect(useCombatUi.getState().floats.filter((f) => f.target === 'player').map((f) => f.text)).toEqual(['-10']);
    expect(sounds).toContain('player_damage');
    await vi.advanceTimersByTimeAsync(900);
    await done;
    expect(calls).toHaveLength(3);
    expect(useCombatUi.getState().floats.filter((f) => f.target === 'player').map((f) => f.text)).toEqual([
      '-10',
      'Miss!',
    ]);
    expect(useGameStore.getState().gameState?.encounter?.round).toBe(2);
    expect(useCombatUi.getState().processing).toBe(false);
  });

  it('uses no delay on instant and the slow delay on slow', async () => {
    const fast = setup(
      [
        response({ gameState: gameState({ encounter: enemyTurn() }) }),
        response({ gameState: gameState({ encounter: encounter() }) }),
      ],
      { speed: 'instant' },
    );
    void fast.controller.attack('e1');
    await vi.advanceTimersByTimeAsync(0);
    expect(fast.calls).toHaveLength(2);

    resetCombatUi();
    useGameStore.getState().setGameState(gameState());
    const slow = setup(
      [
        response({ gameState: gameState({ encounter: enemyTurn() }) }),
        response({ gameState: gameState({ encounter: encounter() }) }),
      ],
      { speed: 'slow' },
    );
    void slow.controller.attack('e1');
    await vi.advanceTimersByTimeAsync(1499);
    expect(slow.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(slow.calls).toHaveLength(2);
  });
});

/** The cost line of an encounter that cost nothing (the fixtures' responses carry an empty toll). */
const NOTHING = 'It cost you nothing.';

describe('endings', () => {
  it('victory shows the overlay after 500 ms with the cut server message', async () => {
    const won = gameState({ encounter: null, cash: 2300 });
    const { controller, sounds } = setup([
      response({ gameState: won, victory: true, reward: 300, message: 'You found $300. But wait, the loan shark!' }),
    ]);
    void controller.attack('e1');
    await vi.advanceTimersByTimeAsync(499);
    expect(useGameStore.getState().encounterOverlay).toBeNull();
    // the battlefield is kept (enemies marked dead) while the overlay waits
    expect(useCombatUi.getState().snapshot?.enemies.every((e) => !e.isAlive)).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(useGameStore.getState().encounterOverlay).toEqual({ kind: 'victory', message: 'You found $300.', cost: NOTHING });
    expect(sounds).toContain('superb');
  });

  it('victory is triggered when every enemy is dead even without the flag', async () => {
    const dead = encounter({ enemies: [enemy('e1', { health: 0, isAlive: false }), enemy('e2', { health: 0, isAlive: false })] });
    const { controller } = setup([response({ gameState: gameState({ encounter: dead }), reward: 0 })]);
    void controller.attack('e1');
    await vi.advanceTimersByTimeAsync(500);
    expect(useGameStore.getState().encounterOverlay).toEqual({
      kind: 'victory',
      message: "You won! ...but you didn't get shit.",
      cost: NOTHING,
    });
  });

  it('death plays the game-over sound, then the overlay after 1500 ms', async () => {
    const { controller, sounds } = setup([
      response({ gameState: gameState({ encounter: enemyTurn() }) }),
      response({
        gameState: { ...gameState({ encounter: null, health: 0 }), gameOver: true, gameOverReason: 'Shot by cops' },
        playerDamage: -40,
        playerDead: true,
        toll: { health: 100, cash: 2000, drugs: 0, debt: 0 },
      }),
    ]);
    void controller.attack('e1');
    await vi.advanceTimersByTimeAsync(900);
    expect(sounds).toContain('game_over');
    expect(useCombatUi.getState().defeated).toBe(true);
    await vi.advanceTimersByTimeAsync(1499);
    expect(useGameStore.getState().encounterOverlay).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(useGameStore.getState().encounterOverlay).toEqual({ kind: 'dead', message: 'You have been killed!', cost: 'It cost you 100 health and $2,000.' });
    // the game screen would leave for /gameover on gameOver: that waits for the overlay's button
    expect(useGameStore.getState().gameState?.gameOver).toBe(false);
    expect(useGameStore.getState().gameState?.player.health).toBe(0);
    controller.acknowledgeDeath();
    expect(useGameStore.getState().gameState?.gameOver).toBe(true);
    expect(useGameStore.getState().gameState?.gameOverReason).toBe('Shot by cops');
    expect(useGameStore.getState().encounterOverlay).toBeNull();
  });

  it('death overlay comes at once on instant', async () => {
    const { controller } = setup(
      [response({ gameState: gameState({ health: 0 }), playerDead: true })],
      { speed: 'instant' },
    );
    void controller.surrender();
    await vi.advanceTimersByTimeAsync(0);
    expect(useGameStore.getState().encounterOverlay?.kind).toBe('dead');
  });

  it('escape: overlay after 1000 ms; failure floats FAILED ESCAPE! and the enemy turn follows', async () => {
    const ok = setup([response({ gameState: gameState({ encounter: null }), escaped: true })]);
    void ok.controller.escape();
    await vi.advanceTimersByTimeAsync(999);
    expect(useGameStore.getState().encounterOverlay).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(useGameStore.getState().encounterOverlay).toEqual({ kind: 'escaped', message: 'You successfully escaped!', cost: NOTHING });

    resetCombatUi();
    useGameStore.setState({ encounterOverlay: null });
    useGameStore.getState().setGameState(gameState());
    const failed = setup([
      response({ gameState: gameState({ encounter: enemyTurn() }) }),
      response({ gameState: gameState({ encounter: encounter() }) }),
    ]);
    void failed.controller.escape();
    await vi.advanceTimersByTimeAsync(0);
    expect(useCombatUi.getState().floats.map((f) => [f.target, f.text])).toEqual([['center', 'FAILED ESCAPE!']]);
    await vi.advanceTimersByTimeAsync(900);
    expect(failed.calls.map((c) => c.action)).toEqual(['escape', 'fight']);
  });

  it('surrender and bribe overlays after 500 ms with their texts', async () => {
    const s = setup([
      response({ gameState: gameState({ encounter: null }), surrendered: true, toll: { health: 14, cash: 300, drugs: 40, debt: 0 } }),
    ]);
    void s.controller.surrender();
    await vi.advanceTimersByTimeAsync(500);
    // what the whole encounter cost: the hits taken before, the load and the fine
    expect(useGameStore.getState().encounterOverlay).toEqual({
      kind: 'surrendered',
      message: 'You surrendered and lost some items.',
      cost: 'It cost you 14 health, $300 and 40 units of drugs.',
    });
    // giving up to the police means jail; to a gang it does not
    expect(s.sounds).toEqual(['jail']);
    resetCombatUi();
    useGameStore.setState({ encounterOverlay: null });
    useGameStore.getState().setGameState(gameState({ encounter: encounter({ type: 'gang' }) }));
    const g = setup([response({ gameState: gameState({ encounter: null }), surrendered: true })]);
    void g.controller.surrender();
    await vi.advanceTimersByTimeAsync(500);
    expect(g.sounds).not.toContain('jail');
    resetCombatUi();
    useGameStore.setState({ encounterOverlay: null });
    useGameStore.getState().setGameState(gameState());
    const b = setup([
      response({ gameState: gameState({ encounter: null }), bribed: true, bribeAmount: 1500, toll: { health: 0, cash: 1500, drugs: 0, debt: 0 } }),
    ]);
    void b.controller.bribe();
    await vi.advanceTimersByTimeAsync(499);
    expect(useGameStore.getState().encounterOverlay).toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(useGameStore.getState().encounterOverlay).toEqual({
      kind: 'bribed',
      message: 'You successfully bribed them with $1,500.',
      cost: 'It cost you $1,500.',
    });
  });

  it('closing the overlay reloads the state and applies the stored follow-up encounter', async () => {
    const visit = encounter({ type: 'loanSharkVisit', enemies: [], debtAmount: 1000, canPay: true, paymentAmount: 1000 });
    const reloaded = gameState({ encounter: null, cash: 2300 });
    const followUpEvent = { message: 'The loan shark is here.', type: 'warning' as const, category: 'loan_shark' as const, soundEffect: 'loan_shark_warning_2', encounter: { type: 'loanSharkVisit' as const } };
    const { controller, sounds } = setup(
      [
        response({
          gameState: gameState({ encounter: null }),
          victory: true,
          reward: 300,
          followUpEncounter: visit,
          followUpEvent,
          events: [followUpEvent],
        }),
      ],
      { reload: reloaded },
    );
    void controller.attack('e1');
    await vi.advanceTimersByTimeAsync(500);
    await controller.closeOverlay();
    const gs = useGameStore.getState().gameState;
    expect(gs?.player.cash).toBe(2300);
    expect(gs?.encounter?.type).toBe('loanSharkVisit');
    expect(sounds).toContain('loan_shark_warning_2');
    // the follow-up event arrives in events and followUpEvent: queued once
    expect(useGameStore.getState().pendingEvents).toHaveLength(1);
    expect(useGameStore.getState().encounterOverlay).toBeNull();
    expect(useCombatUi.getState().snapshot).toBeNull();
  });
});

describe('automatic weapon', () => {
  it('equips the best owned weapon in a fight on the player turn (equip allowed), never on the enemy turn', async () => {
    let finish: (gs: ClientGameState) => void = () => undefined;
    const equipWeapon = vi.fn(() => new Promise<ClientGameState>((resolve) => (finish = resolve)));
    const controller = createCombatController({ equipWeapon, playSound: () => undefined });
    const enemyTurn = gameState({ weapon: 'knife', encounter: encounter({ turnOrder: 'enemy' }) });
    enemyTurn.player.weapons.pistol = { quantity: 1 };
    useGameStore.getState().setGameState(enemyTurn); // the engine leaves equip out on the enemy's turn
    expect(await controller.ensureBestWeapon()).toBe(false);
    expect(equipWeapon).not.toHaveBeenCalled();

    const playerTurn = { ...enemyTurn, encounter: encounter(), allowedActions: ['encounter', 'equip', 'unequip', 'end'] as ClientGameState['allowedActions'] };
    useGameStore.getState().setGameState(playerTurn);
    const asked = controller.ensureBestWeapon();
    expect(equipWeapon).toHaveBeenCalledWith('pistol');
    // the action buttons wait for the equip, so an attack cannot race it
    expect(useCombatUi.getState().processing).toBe(true);
    finish({ ...gameState({ weapon: 'pistol' }), allowedActions: playerTurn.allowedActions });
    expect(await asked).toBe(true);
    expect(useCombatUi.getState().processing).toBe(false);
    expect(useGameStore.getState().gameState?.player.equippedItems.weapon).toBe('pistol');
    // already the best: nothing to ask
    expect(await controller.ensureBestWeapon()).toBe(true);
    expect(equipWeapon).toHaveBeenCalledTimes(1);
  });

  it('a refused equip is logged and the flag still clears', async () => {
    const equipWeapon = vi.fn(async () => {
      throw new ApiError({ status: 409, code: 'ACTION_NOT_ALLOWED', message: "You can't change your equipment on the enemy's turn. Wait for your turn!" });
    });
    const controller = createCombatController({ equipWeapon, playSound: () => undefined });
    const gs = { ...gameState({ weapon: 'knife' }), allowedActions: ['encounter', 'equip', 'unequip', 'end'] as ClientGameState['allowedActions'] };
    gs.player.weapons.pistol = { quantity: 1 };
    useGameStore.getState().setGameState(gs);
    await controller.ensureBestWeapon();
    expect(useCombatUi.getState().processing).toBe(false);
    expect(useGameStore.getState().messages.at(-1)?.text).toContain("You can't change your equipment");
  });
});

describe('errors and safety', () => {
  it('a failed call resets the flag and opens the API error modal whose retry repeats the action', async () => {
    const { controller, calls } = setup([
      new ApiError({ status: 409, code: 'ACTION_NOT_ALLOWED', message: 'Not now.' }),
      response({ gameState: gameState() }),
    ]);
    await controller.attack('e2');
    expect(useCombatUi.getState().processing).toBe(false);
    const modal = useGameStore.getState().modals[0];
    expect(modal?.kind).toBe('apiError');
    if (modal?.kind !== 'apiError') throw new Error('no modal');
    expect(modal.sessionRef).toBe('sess-test');
    modal.retry?.();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([
      { action: 'fight', targetId: 'e2' },
      { action: 'fight', targetId: 'e2' },
    ]);
  });

  it('a failed enemy-turn call stalls the turn until the retry', async () => {
    const { controller, calls } = setup([
      response({ gameState: gameState({ encounter: enemyTurn() }) }),
      new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'down' }),
      response({ gameState: gameState({ encounter: encounter({ round: 2 }) }) }),
    ]);
    void controller.attack('e1');
    await vi.advanceTimersByTimeAsync(900);
    expect(calls).toHaveLength(2);
    expect(useCombatUi.getState()).toMatchObject({ stalled: true, processing: false });
    const modal = useGameStore.getState().modals.at(-1);
    if (modal?.kind !== 'apiError') throw new Error('no api error modal');
    modal.retry?.();
    expect(useCombatUi.getState().stalled).toBe(false);
    await vi.advanceTimersByTimeAsync(900);
    expect(calls).toHaveLength(3);
    expect(useGameStore.getState().gameState?.encounter?.round).toBe(2);
  });

  it('a session error opens the Session Connection Lost modal instead', async () => {
    const { controller } = setup([new ApiError({ status: 404, code: 'SESSION_NOT_FOUND', message: 'Session not found or expired' })]);
    await controller.attack('e1');
    expect(useGameStore.getState().modals.map((m) => m.kind)).toEqual(['sessionLost']);
  });

  it('the safety reset clears a stuck flag on the player turn only', () => {
    const { controller } = setup([]);
    useCombatUi.setState({ processing: true });
    controller.safetyReset();
    expect(useCombatUi.getState().processing).toBe(false);
    useGameStore.getState().setGameState(gameState({ encounter: enemyTurn() }));
    useCombatUi.setState({ processing: true });
    controller.safetyReset();
    expect(useCombatUi.getState().processing).toBe(true);
  });
});
