import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { encounterChance, type Location } from '@drugwars/engine';
import { api } from '../../api/client';
import { useGameStore } from '../../store/gameStore';
import { makeState } from '../../test/fixtures';
import FlyToModal from '../../components/FlyToModal';
import { dangerStars } from '../../components/TravelRisk';
import { TravelView } from './TravelView';
import { travel } from '../../store/gameActions';
import { ViewHeader } from '../../components/ViewHeader';

const locations: Location[] = [
  { id: 'new_york', name: 'New York', flightPrice: 200, hasAirport: true, dangerLevel: 3 },
  { id: 'miami', name: 'Miami', flightPrice: 300, hasAirport: true, dangerLevel: 4 },
  { id: 'jersey', name: 'Jersey City', flightPrice: 50, hasAirport: false, dangerLevel: 1 },
  { id: 'la', name: 'Los Angeles', flightPrice: 900, hasAirport: true, dangerLevel: 2 },
];

beforeEach(() => {
  useGameStore.getState().resetGame();
  useGameStore.setState({ gameData: { locations } });
  useGameStore.getState().setGameState(makeState({ cash: 500 }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('dangerStars', () => {
  it('fills 5 stars by danger level', () => {
    expect(dangerStars(0)).toBe('☆☆☆☆☆');
    expect(dangerStars(3)).toBe('★★★☆☆');
    expect(dangerStars(5)).toBe('★★★★★');
  });
});

describe("TravelView ('TRAVEL TO...')", () => {
  it('has a button per other location with its name, the airport symbol and the danger stars; too dear ones disabled', () => {
    render(<TravelView />);
    expect(screen.getByRole('heading', { name: 'TRAVEL TO...' })).toBeTruthy();
    const miami = screen.getByRole('button', { name: /Miami/ }) as HTMLButtonElement;
    expect(miami.textContent).toContain('✈');
    expect(miami.textContent).toContain('Danger: ★★★★☆');
    const jersey = screen.getByRole('button', { name: /Jersey City/ }) as HTMLButtonElement;
    // how the trip is made, in the words of the log ('You traveled to Jersey City by road for $50.')
    expect(miami.querySelector('.loc-price')?.textContent).toBe('by air $300');
    expect(jersey.querySelector('.loc-price')?.textContent).toBe('by road $50');
    expect(jersey.textContent).not.toContain('✈');
    // the symbol and the stars are images with a text alternative (aria-label on a plain span is not allowed)
    expect(within(miami).getByRole('img', { name: 'airport' }).textContent).toBe('✈');
    expect(within(miami).getByRole('img', { name: 'Danger: 4 of 5' })).toBeTruthy();
    expect(within(jersey).queryByRole('img', { name: 'airport' })).toBeNull();
    expect(screen.queryByRole('button', { name: /New York/ })).toBeNull();
    expect(miami.disabled).toBe(false);
    expect((screen.getByRole('button', { name: /Los Angeles/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the heat and each city's odds of a fight tonight with what the player carries, higher with a fuller coat", () => {
    const shown = () =>
      Object.fromEntries(
        ['Miami', 'Jersey City'].map((name) => {
          const text = screen.getByRole('button', { name: new RegExp(name) }).textContent ?? '';
          return [name, Number(/Risk tonight: (\d+)%/.exec(text)![1])];
        }),
      );
    render(<TravelView />);
    const empty = shown();
    expect(screen.getByText(/^Heat: 0%/).textContent).toContain('(your pockets are clean)');
    expect(empty['Miami']).toBe(Math.round(encounterChance(4, 0) * 100));
    expect(empty['Jersey City']).toBe(Math.round(encounterChance(1, 0) * 100));
    expect(empty['Miami']!).toBeGreaterThan(empty['Jersey City']!);
    // staying in New York (danger 3) has its own odds
    expect(screen.getByText(/^Risk tonight here:/).textContent).toBe(`Risk tonight here: ${Math.round(encounterChance(3, 0) * 100)}%`);
    cleanup();
    act(() => useGameStore.getState().setGameState(makeState({ cash: 500, usedSpace: 80, coatSpace: 100 })));
    render(<TravelView />);
    const loaded = shown();
    expect(screen.getByText(/^Heat: 80%/).textContent).toContain('your load of 80 units');
    expect(loaded['Miami']).toBe(Math.round(encounterChance(4, 80) * 100));
    expect(loaded['Miami']!).toBeGreaterThan(empty['Miami']!);
    expect(loaded['Jersey City']!).toBeGreaterThan(empty['Jersey City']!);
  });

  it("staying here shows 'Sleeping...' for 800 ms, then advances the day", async () => {
    vi.useFakeTimers();
    const next = { ...makeState({ cash: 500 }), day: 3 };
    vi.spyOn(api, 'stay').mockResolvedValue({ success: true, version: 1, message: 'You slept.', gameState: next, events: [], gameOver: false });
    render(<TravelView />);
    fireEvent.click(screen.getByRole('button', { name: /Stay Here/ }));
    expect(useGameStore.getState().transition).toEqual({ message: 'Sleeping...' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(799);
    });
    expect(api.stay).not.toHaveBeenCalled();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(api.stay).toHaveBeenCalledTimes(1);
    expect(useGameStore.getState().gameState?.day).toBe(3);
  });
});

describe('FlyToModal', () => {
  it('lists every location but the current one with how the trip is made and its fare, disabled when cash is below it; flying closes it', async () => {
    vi.useFakeTimers();
    vi.spyOn(api, 'travel').mockResolvedValue({
      success: true,
      version: 1,
      message: 'You traveled to Miami by air for $300. Day 2.',
      gameState: { ...makeState(), gameOver: true },
      events: [],
      gameOver: true,
    });
    const onClose = vi.fn();
    render(<FlyToModal onClose={onClose} onFly={(id) => void travel(id)} />);
    const dialog = screen.getByRole('dialog');
    const buttons = within(dialog)
      .getAllByRole('button')
      .filter((b) => b.className.includes('location-btn')) as HTMLButtonElement[];
    const risk = (danger: number) => `Risk tonight: ${Math.round(encounterChance(danger, 0) * 100)}%`;
    expect(buttons.map((b) => [b.textContent, b.disabled])).toEqual([
      [`Miami ✈by air $300Danger: ★★★★☆${risk(4)}`, false],
      [`Jersey City by road $50Danger: ★☆☆☆☆${risk(1)}`, false],
      [`Los Angeles ✈by air $900Danger: ★★☆☆☆${risk(2)}`, true],
    ]);
    expect(within(dialog).getByText(/^Heat: 0%/)).toBeTruthy();
    fireEvent.click(buttons[0]!);
    expect(onClose).toHaveBeenCalled();
    expect(useGameStore.getState().transition).toEqual({ message: 'Traveling...', destination: 'miami' });
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1050);
    });
    expect(api.travel).toHaveBeenCalledWith('miami');
    // the day ended the game: the game screen goes to /gameover
    expect(useGameStore.getState().redirect).toBe('/gameover');
  });
});

describe('stranded and the last day', () => {
  it('with less cash than every fare, TRAVEL TO... and Fly to... say why and what is still open', () => {
    // what is still open is what this player can do now: with drugs, money in the bank and no debt, all of it
    const gs = makeState({ cash: 40, usedSpace: 4 });
    useGameStore.getState().setGameState({ ...gs, player: { ...gs.player, bank: 300, debt: 0, loanShark: null } });
    render(<TravelView />);
    const note = 'You need $50 for the cheapest fare. You can still sell drugs, withdraw from the bank, borrow, or Stay Here.';
    expect(screen.getByRole('status').textContent).toBe(note);
    cleanup();
    render(<FlyToModal onClose={vi.fn()} onFly={vi.fn()} />);
    expect(within(screen.getByRole('dialog')).getByText(note)).toBeTruthy();
    cleanup();
    // with nothing to sell, an empty bank and a loan already: only Stay Here
    useGameStore.getState().setGameState(makeState({ cash: 40 }));
    render(<TravelView />);
    expect(screen.getByRole('status').textContent).toBe('You need $50 for the cheapest fare. You can still Stay Here.');
    cleanup();
    useGameStore.getState().setGameState(makeState({ cash: 50 }));
    render(<TravelView />);
    expect(screen.queryByText(/cheapest fare/)).toBeNull();
  });

  it('on the last day Stay Here asks first; NEVERMIND keeps the game, END THE GAME ends the day', async () => {
    const stay = vi.spyOn(api, 'stay').mockResolvedValue({
      success: true,
      version: 1,
      message: 'Game over.',
      gameState: { ...makeState(), gameOver: true },
      events: [],
      gameOver: true,
    });
    useGameStore.setState({ settings: { ...useGameStore.getState().settings, travelSpeed: 'skip' } });
    useGameStore.getState().setGameState({ ...makeState(), day: 30, maxDays: 30 });
    render(<ViewHeader title="Market" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay Here' })));
    const ask = screen.getByRole('dialog', { name: 'LAST DAY' });
    // the safe answer has the focus
    expect(document.activeElement).toBe(within(ask).getByRole('button', { name: 'NEVERMIND' }));
    await act(async () => fireEvent.click(within(ask).getByRole('button', { name: 'NEVERMIND' })));
    expect(stay).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay Here' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'END THE GAME' })));
    expect(stay).toHaveBeenCalledTimes(1);
  });

  it('the day before the last one, Stay Here does not ask', async () => {
    const stay = vi.spyOn(api, 'stay').mockResolvedValue({ success: true, version: 1, message: 'Day 30.', gameState: { ...makeState(), day: 30, maxDays: 30 }, events: [], gameOver: false });
    useGameStore.setState({ settings: { ...useGameStore.getState().settings, travelSpeed: 'skip' } });
    useGameStore.getState().setGameState({ ...makeState(), day: 29, maxDays: 30 });
    render(<ViewHeader title="Market" />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Stay Here' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(stay).toHaveBeenCalledTimes(1);
  });
});
