import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OLDER_RULES_MESSAGE } from '@drugwars/engine';
import { stubFetch } from '../../test/fixtures';
import { NameEntryModal, startingName } from './NameEntryModal';

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function open() {
  const onStart = vi.fn();
  const onContinue = vi.fn();
  const onClose = vi.fn();
  render(<NameEntryModal onStart={onStart} onContinue={onContinue} onClose={onClose} />);
  const [name, seed] = screen.getAllByRole('textbox') as HTMLInputElement[];
  return { onStart, onContinue, onClose, name: name!, seed: seed! };
}

const startButton = () => screen.getByRole('button', { name: 'START NEW GAME' }) as HTMLButtonElement;

/** A stored session that the server validates: Tony, day 12 of 30. */
function storeActiveGame(): void {
  localStorage.setItem('drugwars.sessionId', 'sess-1');
  vi.stubGlobal(
    'fetch',
    stubFetch({
      'POST /api/game/validate': {
        body: { success: true, valid: true, session: { playerName: 'Tony', day: 12, maxDays: 30 } },
      },
    }).fn,
  );
}

describe('NameEntryModal', () => {
  it('validates live and disables START while the name is wrong; a blank field shows no error', () => {
    const { name } = open();
    fireEvent.change(name, { target: { value: 'a'.repeat(17) } });
    expect(screen.getByRole('alert').textContent).toBe('Name too long (max 16 characters)');
    expect(startButton().disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'bad name!' } });
    expect(screen.getByRole('alert').textContent).toBe('Use only letters, numbers, and hyphens');
    fireEvent.change(name, { target: { value: 'www-dealer' } });
    expect(screen.getByRole('alert').textContent).toBe("INVALID PLAYER NAME DUDE! DON'T BE A JERK!");
    fireEvent.change(name, { target: { value: '' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(startButton().disabled).toBe(false);
  });

  it('starts with Enter, remembers the last valid name, and sends null without a seed', () => {
    const { name, onStart } = open();
    fireEvent.change(name, { target: { value: 'Scarface' } });
    fireEvent.keyDown(name, { key: 'Enter' });
    expect(onStart).toHaveBeenCalledWith('Scarface', null);
    expect(localStorage.getItem('drugwars.playerName')).toBe('Scarface');
  });

  it("Play Again fills in the last game's name; a generated or refused one falls back to the last name typed", () => {
    localStorage.setItem('drugwars.playerName', 'Typed');
    expect(startingName('Kingpin')).toBe('Kingpin');
    expect(startingName('loser-abc123')).toBe('Typed');
    expect(startingName('  ')).toBe('Typed');
    expect(startingName(null)).toBe('Typed');
    render(<NameEntryModal onStart={vi.fn()} onContinue={vi.fn()} onClose={vi.fn()} initialName="Kingpin" />);
    expect((screen.getAllByRole('textbox')[0] as HTMLInputElement).value).toBe('Kingpin');
  });

  it('allows an empty name (the server generates one)', () => {
    const { onStart } = open();
    fireEvent.click(startButton());
    expect(onStart).toHaveBeenCalledWith('', null);
  });

  it('enables the seed only with the checkbox, filters its characters and clears it when turned off', () => {
    const { seed, onStart } = open();
    expect(seed.disabled).toBe(true);
    expect(seed.placeholder).toBe('SEED (OPTIONAL)');
    // the warning is about seeded games: it shows once the seed is asked for
    expect(screen.queryByText('Seeded games are not eligible for leaderboard')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox'));
    expect(screen.getByText('Seeded games are not eligible for leaderboard')).toBeTruthy();
    expect(seed.disabled).toBe(false);
    expect(seed.placeholder).toBe('Enter seed (16 digits)...');
    fireEvent.change(seed, { target: { value: '1234-56' } });
    fireEvent.change(seed, { target: { value: '1234-56x' } });
    expect(seed.value).toBe('1234-56');
    fireEvent.keyDown(seed, { key: 'Enter' });
    expect(onStart).toHaveBeenCalledWith('', '1234-56');
    fireEvent.click(screen.getByRole('checkbox'));
    expect(seed.value).toBe('');
  });

  it('offers the active game and asks before replacing it', async () => {
    storeActiveGame();
    const { onStart, onContinue } = open();
    expect(await screen.findByText('ACTIVE GAMES')).toBeTruthy();
    expect(screen.getByText('Day 12/30')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'CONTINUE GAME' }));
    expect(onContinue).toHaveBeenCalledWith('sess-1');
    fireEvent.click(startButton());
    expect(onStart).not.toHaveBeenCalled();
    expect(
      screen.getByText('WARNING: You have an active game. Starting a new game will delete your active game.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'NEVERMIND' }));
    expect(onStart).not.toHaveBeenCalled();
    fireEvent.click(startButton());
    fireEvent.click(screen.getByRole('button', { name: 'WHATEVER' }));
    expect(onStart).toHaveBeenCalledWith('', null);
  });

  it("DAILY RUN starts today's Daily Run with the name, ignores a typed seed, and asks before replacing an active game", async () => {
    storeActiveGame();
    const { name, seed, onStart } = open();
    await screen.findByText('ACTIVE GAMES');
    const daily = screen.getByRole('button', { name: 'DAILY RUN' }) as HTMLButtonElement;
    expect(daily.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(daily.getAttribute('aria-describedby')!)?.textContent).toMatch(/same for everybody/);
    fireEvent.change(name, { target: { value: 'bad name!' } });
    expect(daily.disabled).toBe(true);
    fireEvent.change(name, { target: { value: 'Tony' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.change(seed, { target: { value: '42' } });
    fireEvent.click(daily);
    expect(onStart).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'WHATEVER' }));
    expect(onStart).toHaveBeenCalledWith('Tony', null, { daily: true });
  });

  it('forgets a stored session that no longer validates', async () => {
    localStorage.setItem('drugwars.sessionId', 'old');
    const stub = stubFetch({ 'POST /api/game/validate': { body: { success: true, valid: false, session: null } } });
    vi.stubGlobal('fetch', stub.fn);
    open();
    await vi.waitFor(() => expect(localStorage.getItem('drugwars.sessionId')).toBeNull());
    expect(screen.queryByText('ACTIVE GAMES')).toBeNull();
  });

  it('says why a stored game of older rules cannot be continued, forgets it and still starts a new game', async () => {
    localStorage.setItem('drugwars.sessionId', 'old-rules');
    const stub = stubFetch({
      'POST /api/game/validate': { body: { success: true, valid: false, session: null, closedReason: OLDER_RULES_MESSAGE } },
    });
    vi.stubGlobal('fetch', stub.fn);
    const { onStart } = open();
    expect(await screen.findByText(OLDER_RULES_MESSAGE)).toBeTruthy();
    expect(localStorage.getItem('drugwars.sessionId')).toBeNull();
    expect(screen.queryByRole('button', { name: 'CONTINUE GAME' })).toBeNull();
    // no active game stands in the way: START begins a new one at once (no replace-your-game warning)
    fireEvent.click(startButton());
    expect(onStart).toHaveBeenCalled();
  });

  it('the active-game warning takes the focus and gives it back on NEVERMIND or Escape', async () => {
    storeActiveGame();
    const user = userEvent.setup();
    const { name, onStart } = open();
    await screen.findByText('ACTIVE GAMES');
    const focused = () => document.activeElement;
    const button = (label: string) => screen.getByRole('button', { name: label });

    await user.click(startButton());
    expect(focused()).toBe(button('WHATEVER'));
    await user.click(button('NEVERMIND'));
    expect(focused()).toBe(startButton());

    // opened with Enter in the name field: the focus goes back to the field, whose value is kept
    await user.click(name);
    await user.keyboard('x{Enter}');
    expect(focused()).toBe(button('WHATEVER'));
    await user.keyboard('{Escape}');
    expect(focused()).toBe(screen.getByLabelText('Player name'));
    expect((screen.getByLabelText('Player name') as HTMLInputElement).value).toBe('x');
    expect(onStart).not.toHaveBeenCalled();
  });
});
