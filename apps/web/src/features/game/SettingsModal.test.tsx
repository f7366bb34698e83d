import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { useGameStore } from '../../store/gameStore';
import { makeState, stubFetch } from '../../test/fixtures';
import { SettingsModal } from './SettingsModal';

function Where() {
  const loc = useLocation();
  return <span data-testid="where">{loc.pathname}</span>;
}

function open() {
  const onClose = vi.fn();
  render(
    <MemoryRouter initialEntries={['/game?id=s1']}>
      <Routes>
        <Route path="/game" element={<SettingsModal onClose={onClose} />} />
        <Route path="/" element={<p>title</p>} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
  return { onClose };
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('drugwars.sessionId', 's1');
  const s = useGameStore.getState();
  s.resetGame();
  s.setSession('s1');
  s.setGameState(makeState());
  s.setSoundEnabled(true);
  s.setCombatSpeed('normal');
  s.setTravelSpeed('normal');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("'Game Settings'", () => {
  it('picks the travel speed NORMAL, FAST or SKIP, NORMAL by default, remembered locally', () => {
    localStorage.removeItem('drugwars.travelSpeed');
    open();
    const group = screen.getByRole('group', { name: 'Travel speed' });
    const pressed = () => Array.from(group.querySelectorAll('[aria-pressed="true"]')).map((b) => b.textContent);
    expect(pressed()).toEqual(['NORMAL']);
    fireEvent.click(screen.getByRole('button', { name: 'SKIP' }));
    expect(pressed()).toEqual(['SKIP']);
    expect(localStorage.getItem('drugwars.travelSpeed')).toBe('skip');
    expect(useGameStore.getState().settings.travelSpeed).toBe('skip');
  });

  it('toggles sound ON/OFF and picks SLOW, NORMAL, FAST or INSTANT, remembered locally', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Game Settings' })).toBeTruthy();
    const sound = screen.getByRole('button', { name: 'Sound' });
    expect(sound.textContent).toBe('ON');
    fireEvent.click(sound);
    expect(sound.textContent).toBe('OFF');
    expect(localStorage.getItem('drugwars.soundEnabled')).toBe('false');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(
      expect.arrayContaining(['SLOW', 'NORMAL', 'FAST', 'INSTANT', 'Quit Game']),
    );
    fireEvent.click(screen.getByRole('button', { name: 'INSTANT' }));
    expect(useGameStore.getState().settings.combatSpeed).toBe('instant');
    expect(localStorage.getItem('drugwars.combatSpeed')).toBe('instant');
  });

  it('Quit Game asks first; CANCEL stays, OK goes to / and keeps the session to resume', () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Quit Game' }));
    expect(screen.getByText('This will return to the title screen. You can resume this game later.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'CANCEL' }));
    expect(screen.getByRole('dialog', { name: 'Game Settings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Quit Game' }));
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(localStorage.getItem('drugwars.sessionId')).toBe('s1');
  });

  it('New Game asks first; NEVERMIND stays, YEAH ends the session and goes to /', async () => {
    const stub = stubFetch({ 'POST /api/game/end-session': { body: { success: true } } });
    vi.stubGlobal('fetch', stub.fn);
    open();
    fireEvent.click(screen.getByRole('button', { name: 'New Game' }));
    expect(screen.getByText("You'll lose all your progress, dude. You sure?")).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'NEVERMIND' }));
    expect(screen.getByRole('dialog', { name: 'Game Settings' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'New Game' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'YEAH' }));
    });
    expect(stub.calls.map((c) => c.url)).toEqual(['/api/game/end-session']);
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(localStorage.getItem('drugwars.sessionId')).toBeNull();
    expect(useGameStore.getState().gameState).toBeNull();
  });

  it('a confirmation takes the focus and gives it back to its button on CANCEL, NEVERMIND or Escape', async () => {
    const user = userEvent.setup();
    function Host() {
      const [open, setOpen] = useState(false);
      return (
        <MemoryRouter initialEntries={['/game?id=s1']}>
          <button type="button" onClick={() => setOpen(true)}>
            Settings
          </button>
          {open && <SettingsModal onClose={() => setOpen(false)} />}
        </MemoryRouter>
      );
    }
    render(<Host />);
    const focused = () => document.activeElement;
    const button = (name: string) => screen.getByRole('button', { name });
    await user.click(button('Settings'));

    await user.click(button('Quit Game'));
    expect(focused()).toBe(button('OK'));
    await user.click(button('CANCEL'));
    expect(focused()).toBe(button('Quit Game'));

    await user.keyboard('{Enter}');
    expect(focused()).toBe(button('OK'));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Game Settings' })).toBeTruthy();
    expect(focused()).toBe(button('Quit Game'));

    await user.click(button('New Game'));
    expect(focused()).toBe(button('YEAH'));
    await user.click(button('NEVERMIND'));
    expect(focused()).toBe(button('New Game'));

    // the settings still return the focus to their own opener
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(focused()).toBe(button('Settings'));
  });
});
