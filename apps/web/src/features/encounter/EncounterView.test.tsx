import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { chooseTargets } from '@drugwars/engine';
import { useGameStore } from '../../store/gameStore';
import type { CombatController } from './combatController';
import { resetCombatUi, useCombatUi } from './combatUiStore';
import { resetHotkeys } from '../../components/useHotkeys';
import { EncounterView } from './EncounterView';
import { encounter, enemy, gameState } from './testFixtures';

function fakeController(): CombatController & { attack: ReturnType<typeof vi.fn> } {
  return {
    attack: vi.fn(async () => undefined),
    escape: vi.fn(async () => undefined),
    bribe: vi.fn(async () => undefined),
    surrender: vi.fn(async () => undefined),
    pay: vi.fn(async () => undefined),
    skip: vi.fn(async () => undefined),
    runEnemyTurn: vi.fn(async () => undefined),
    closeOverlay: vi.fn(async () => undefined),
    acknowledgeDeath: vi.fn(),
    ensureBestWeapon: vi.fn(async () => true),
    safetyReset: vi.fn(),
    isEnemyTurnRunning: () => false,
  };
}

function show(controller = fakeController()) {
  render(
    <MemoryRouter>
      <EncounterView controller={controller} />
    </MemoryRouter>,
  );
  return controller;
}

const button = (name: string | RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

beforeEach(() => {
  resetCombatUi();
  useGameStore.setState({ encounterOverlay: null, modals: [] });
});
afterEach(() => {
  cleanup();
  resetHotkeys();
});

describe('EncounterView', () => {
  it('shows the fight: title, intro, turn, round, enemies, player and buttons', () => {
    const gs = gameState({
      weapon: 'pistol',
      encounter: encounter({ round: 3, enemies: [enemy('e1', { health: 20, maxHealth: 100 }), enemy('e2', { isAlive: false, health: 0 })] }),
    });
    gs.player.items.ammo = { ammo_9mm: 12 };
    useGameStore.getState().setGameState(gs);
    show();
    expect(screen.getByText('ENCOUNTER!')).toBeTruthy();
    expect(screen.getByText('You encounter 2 police officers!')).toBeTruthy();
    expect(screen.getByText('YOUR TURN')).toBeTruthy();
    expect(screen.getByText('Round 3')).toBeTruthy();
    expect(screen.getByText('20/100')).toBeTruthy();
    expect(screen.getByText('DEFEATED')).toBeTruthy();
    expect(screen.getByText('100/100')).toBeTruthy();
    expect(screen.getByText('Weapon: 9mm Pistol')).toBeTruthy();
    const bar = screen.getByTestId('enemy-health-bar') as HTMLElement;
    expect(bar.style.width).toBe('150px');
    expect(button('ATTACK').disabled).toBe(false);
    expect(button('RUN').disabled).toBe(false);
    expect(button('BRIBE ($500)').disabled).toBe(false);
    expect(button('SURRENDER').disabled).toBe(false);
  });

  it('hides RUN and BRIBE when not allowed, and disables what is not affordable or allowed', () => {
    useGameStore.getState().setGameState(
      gameState({ cash: 100, encounter: encounter({ canEscape: false, canSurrender: false, bribeCost: 500 }) }),
    );
    show();
    expect(screen.queryByRole('button', { name: 'RUN' })).toBeNull();
    expect(button('BRIBE ($500)').disabled).toBe(true);
    expect(button('SURRENDER').disabled).toBe(true);
    cleanup();
    useGameStore.getState().setGameState(gameState({ encounter: encounter({ canBribe: false }) }));
    show();
    expect(screen.queryByRole('button', { name: /BRIBE/ })).toBeNull();
  });

  it('disables every action on the enemy turn and while processing', () => {
    useGameStore.getState().setGameState(gameState({ encounter: encounter({ turnOrder: 'enemy' }) }));
    show();
    expect(screen.getByText('ENEMY TURN')).toBeTruthy();
    for (const name of ['ATTACK', 'RUN', 'BRIBE ($500)', 'SURRENDER']) expect(button(name).disabled).toBe(true);
    expect((screen.getByTestId('enemy-e1') as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    useGameStore.getState().setGameState(gameState());
    show();
    expect(button('ATTACK').disabled).toBe(false);
    act(() => useCombatUi.setState({ processing: true }));
    expect(button('ATTACK').disabled).toBe(true);
  });

  it('shows fists when the equipped gun has no ammo', () => {
    useGameStore.getState().setGameState(gameState({ weapon: 'pistol' }));
    show();
    expect(screen.getByText('Weapon: Fists (9mm Pistol out of ammo)')).toBeTruthy();
  });

  it('multi-target weapon: toggles up to three enemies and attacks them', () => {
    const gs = gameState({
      weapon: 'shotgun',
      encounter: encounter({ enemies: [enemy('a'), enemy('b'), enemy('c'), enemy('d')] }),
    });
    gs.player.items.ammo = { shells: 5 };
    useGameStore.getState().setGameState(gs);
    const controller = show();
    for (const id of ['a', 'b', 'c', 'd']) fireEvent.click(screen.getByTestId(`enemy-${id}`));
    expect(screen.getByTestId('enemy-d').getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(screen.getByTestId('enemy-b'));
    fireEvent.click(button('ATTACK'));
    expect(controller.attack).toHaveBeenCalledWith(['a', 'c']);
  });

  it('area weapon: every living enemy is targeted and the attack names none (four ids would be refused)', () => {
    const enemies = [enemy('a'), enemy('b'), enemy('c'), enemy('d')];
    useGameStore.getState().setGameState(gameState({ weapon: 'grenade', encounter: encounter({ enemies }) }));
    const controller = show();
    fireEvent.click(screen.getByTestId('enemy-a'));
    expect(['a', 'b', 'c', 'd'].map((id) => screen.getByTestId(`enemy-${id}`).getAttribute('aria-pressed'))).toEqual([
      'true',
      'true',
      'true',
      'true',
    ]);
    fireEvent.click(button('ATTACK'));
    expect(controller.attack).toHaveBeenCalledWith(undefined);
    expect(chooseTargets(enemies, 'all_targets', undefined)).toEqual([0, 1, 2, 3]);
    expect(chooseTargets(enemies, 'all_targets', ['a', 'b', 'c', 'd'])).toMatchObject({ ok: false, code: 'INVALID_TARGET' });
  });

  it('attacks the clicked enemy with a single-target weapon', () => {
    useGameStore.getState().setGameState(gameState());
    const controller = show();
    fireEvent.click(screen.getByTestId('enemy-e2'));
    fireEvent.click(button('ATTACK'));
    expect(controller.attack).toHaveBeenCalledWith('e2');
  });

  it('starts clean: a processing flag left over from an abandoned encounter is cleared on mount', () => {
    useCombatUi.setState({ processing: true, defeated: true });
    useGameStore.getState().setGameState(gameState());
    show();
    expect(button('ATTACK').disabled).toBe(false);
  });

  it('runs the enemy turn by itself, except after a failed call: then a Retry button does', () => {
    useGameStore.getState().setGameState(gameState({ encounter: encounter({ turnOrder: 'enemy' }) }));
    const controller = show();
    expect(controller.runEnemyTurn).toHaveBeenCalledTimes(1);
    act(() => useCombatUi.setState({ processing: true }));
    act(() => useCombatUi.setState({ processing: false, stalled: true }));
    expect(controller.runEnemyTurn).toHaveBeenCalledTimes(1);
    fireEvent.click(button('Retry'));
    expect(controller.runEnemyTurn).toHaveBeenCalledTimes(2);
  });

  it('arms the 5 s processing-flag safety reset while an action is processing', () => {
    vi.useFakeTimers();
    try {
      useGameStore.getState().setGameState(gameState());
      const controller = show();
      act(() => useCombatUi.setState({ processing: true }));
      act(() => vi.advanceTimersByTime(4999));
      expect(controller.safetyReset).not.toHaveBeenCalled();
      act(() => vi.advanceTimersByTime(1));
      expect(controller.safetyReset).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps the newest combat log line in view', () => {
    useGameStore.getState().setGameState(gameState());
    show();
    const log = screen.getByTestId('combat-log');
    Object.defineProperty(log, 'scrollHeight', { configurable: true, value: 480 });
    act(() =>
      useGameStore.getState().setGameState(gameState({ encounter: encounter({ combatLog: ['one', 'two', 'three'] }) })),
    );
    expect(log.scrollTop).toBe(480);
  });

  it('picks the weapon once per encounter, on the player turn only', async () => {
    useGameStore.getState().setGameState(gameState({ encounter: encounter({ turnOrder: 'enemy' }) }));
    const controller = show();
    expect(controller.ensureBestWeapon).not.toHaveBeenCalled();
    await act(async () => {
      useGameStore.getState().setGameState(gameState({ encounter: encounter({ turnOrder: 'player', round: 2 }) }));
    });
    expect(controller.ensureBestWeapon).toHaveBeenCalledTimes(1);
    await act(async () => {
      useGameStore.getState().setGameState(gameState({ encounter: encounter({ turnOrder: 'enemy', round: 2 }) }));
    });
    await act(async () => {
      useGameStore.getState().setGameState(gameState({ encounter: encounter({ turnOrder: 'player', round: 3 }) }));
    });
    expect(controller.ensureBestWeapon).toHaveBeenCalledTimes(1);
  });

  it('falls back to initials when the sprite does not load', () => {
    useGameStore.getState().setGameState(
      gameState({ encounter: encounter({ enemies: [enemy('e1', { name: 'Gang Leader', sprite: 'nope' })] }) }),
    );
    show();
    // the card says the name and the health once (the picture and the initials are decoration)
    const card = screen.getByRole('button', { name: 'Gang Leader health 50/50' });
    const img = card.querySelector('img')!;
    expect(img.getAttribute('alt')).toBe('');
    expect(img.getAttribute('src')).toBe('/sprites/enemies/nope.png');
    fireEvent.error(img);
    expect(screen.getByText('GL').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByRole('button', { name: 'Gang Leader health 50/50' })).toBe(card);
  });

  it('shows the loan-shark visit with its figures and choices', () => {
    useGameStore.getState().setGameState(
      gameState({
        encounter: encounter({
          type: 'loanSharkVisit',
          enemies: [],
          message: 'Vinnie wants his money.',
          debtAmount: 1000,
          totalFees: 150,
          feeDetails: [{ label: 'Late fee', amount: 150 }],
          canPay: true,
          paymentAmount: 800,
          canSkip: true,
        }),
      }),
    );
    const controller = show();
    expect(screen.getByText('LOAN SHARK VISIT!')).toBeTruthy();
    expect(screen.getByText('Vinnie wants his money.')).toBeTruthy();
    expect(screen.getByText('Late fee: $150')).toBeTruthy();
    expect(screen.getByText('$1,150')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'ATTACK' })).toBeNull();
    fireEvent.click(button('Pay What You Can'));
    expect(controller.pay).toHaveBeenCalled();
    fireEvent.click(button('Pay Him Later'));
    expect(controller.skip).toHaveBeenCalled();
  });

  it('offers Pay Full Debt when the payment covers it, disabled unless canPay; no Pay Him Later unless canSkip', () => {
    useGameStore.getState().setGameState(
      gameState({
        encounter: encounter({ type: 'loanSharkVisit', enemies: [], debtAmount: 1000, canPay: false, paymentAmount: 1000, canSkip: false }),
      }),
    );
    show();
    expect(button('Pay Full Debt').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: 'Pay Him Later' })).toBeNull();
  });

  it('shows the result overlays with Continue, and the death overlay with Game Over', () => {
    useGameStore.getState().setGameState(gameState());
    useGameStore.setState({ encounterOverlay: { kind: 'victory', message: 'You won! Found $5 on the bodies!' } });
    const controller = show();
    expect(screen.getByText('VICTORY!')).toBeTruthy();
    fireEvent.click(button('Continue'));
    expect(controller.closeOverlay).toHaveBeenCalled();
    cleanup();
    useGameStore.setState({ encounterOverlay: { kind: 'dead', message: 'You have been killed!', cost: 'It cost you 60 health and $2,000.' } });
    show();
    expect(screen.getByText("YOU'RE DEAD!")).toBeTruthy();
    expect(screen.getByText('You have been killed!')).toBeTruthy();
    // what the fight cost, under the result
    expect(screen.getByText('It cost you 60 health and $2,000.').className).toBe('result-cost');
    expect(button('Game Over')).toBeTruthy();
  });

  it('answers A, R, B and U on the player turn only, and C on a result', () => {
    const press = (key: string) => fireEvent.keyDown(window, { key });
    useGameStore.getState().setGameState(gameState({ encounter: encounter({ turnOrder: 'enemy' }) }));
    let controller = show();
    for (const key of ['a', 'r', 'b', 'u']) press(key);
    expect(controller.attack).not.toHaveBeenCalled();
    expect(controller.escape).not.toHaveBeenCalled();
    cleanup();
    useGameStore.getState().setGameState(gameState());
    controller = show();
    expect(button('ATTACK').getAttribute('aria-keyshortcuts')).toBe('A');
    press('a');
    expect(controller.attack).toHaveBeenCalledTimes(1);
    press('r');
    expect(controller.escape).toHaveBeenCalledTimes(1);
    press('b');
    expect(controller.bribe).toHaveBeenCalledTimes(1);
    press('u');
    expect(controller.surrender).toHaveBeenCalledTimes(1);
    // not while an action is processing
    act(() => useCombatUi.setState({ processing: true }));
    press('a');
    expect(controller.attack).toHaveBeenCalledTimes(1);
    cleanup();
    useGameStore.setState({ encounterOverlay: { kind: 'victory', message: 'You won!' } });
    controller = show();
    // the result is a new screen: its heading has the focus, and C continues
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'VICTORY!' }));
    press('c');
    expect(controller.closeOverlay).toHaveBeenCalledTimes(1);
  });

  it('answers P and L in a loan-shark visit when offered', () => {
    useGameStore.getState().setGameState(
      gameState({ encounter: encounter({ type: 'loanSharkVisit', enemies: [], debtAmount: 1000, canPay: true, paymentAmount: 500, canSkip: false }) }),
    );
    const controller = show();
    fireEvent.keyDown(window, { key: 'l' });
    expect(controller.skip).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: 'p' });
    expect(controller.pay).toHaveBeenCalledTimes(1);
  });
});
