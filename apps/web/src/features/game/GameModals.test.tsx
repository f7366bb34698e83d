import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { introEvents, newGame, type GameEvent } from '@drugwars/engine';
import { ACKNOWLEDGE_TEXTS } from '../../constants';
import { useGameStore } from '../../store/gameStore';
import { event, makeState } from '../../test/fixtures';
import { GameModals, introDebtLine } from './GameModals';

function renderModals() {
  return render(
    <MemoryRouter>
      <GameModals />
    </MemoryRouter>,
  );
}

// The page is a lazy chunk: loaded once here, so a busy machine's first transform is not inside a findBy's wait.
beforeAll(async () => {
  await import('../howto/HowToPlayModal');
});

beforeEach(() => {
  localStorage.clear();
  useGameStore.getState().resetGame();
  useGameStore.getState().setGameState(makeState());
});
afterEach(cleanup);

function startedGame(edit: (state: ReturnType<typeof newGame>) => void = () => undefined): GameEvent {
  const state = newGame({ playerName: 'Tester', seed: '0000000000000042', isSeeded: true });
  edit(state);
  return introEvents(state)[0]!;
}

describe('game_intro modal', () => {
  it("has the game's title, the story split on blank lines, the debt line and Let's Go!", () => {
    const intro = startedGame();
    useGameStore.getState().pushModal({ kind: 'intro', event: intro });
    renderModals();
    const dialog = screen.getByRole('dialog', { name: 'DRUG WARS' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    // the title paragraph is the modal's title, not repeated as story text
    expect(dialog.querySelectorAll('p')[0]?.textContent).toMatch(/^You're a small-time hustler/);
    expect(screen.getByText(/You have 30 days to make as much money/)).toBeTruthy();
    expect(screen.getByText(/^You owe \$1,000 to .+, due in 7 days$/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: "Let's Go!" }));
    expect(useGameStore.getState().modals).toEqual([]);
  });

  it('points a new player to How to play once: shown until this intro is closed, then never again', async () => {
    useGameStore.getState().pushModal({ kind: 'intro', event: startedGame() });
    renderModals();
    const dialog = screen.getByRole('dialog', { name: 'DRUG WARS' });
    expect(dialog.textContent).toContain('New here?');
    // "Let's Go!" keeps the opening focus: Enter still starts the game
    expect(document.activeElement?.textContent).toBe("Let's Go!");
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'How to play' }));
    });
    expect(await screen.findByRole('dialog', { name: 'HOW TO PLAY' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Got it' }));
    expect(screen.queryByRole('dialog', { name: 'HOW TO PLAY' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: "Let's Go!" }));
    expect(localStorage.getItem('drugwars.howToPlaySeen')).toBe('true');
    cleanup();
    useGameStore.getState().pushModal({ kind: 'intro', event: startedGame() });
    renderModals();
    expect(screen.getByRole('dialog', { name: 'DRUG WARS' }).textContent).not.toContain('New here?');
  });

  it('the pointer is remembered even when the player starts without reading it', () => {
    useGameStore.getState().pushModal({ kind: 'intro', event: startedGame() });
    renderModals();
    fireEvent.click(screen.getByRole('button', { name: "Let's Go!" }));
    expect(localStorage.getItem('drugwars.howToPlaySeen')).toBe('true');
  });

  it('reads right for one day: no "1 days"', () => {
    const intro = startedGame((state) => {
      state.player.maxDays = 1;
      state.player.loanShark = { ...state.player.loanShark!, dueDay: state.player.day + 1 };
    });
    useGameStore.getState().pushModal({ kind: 'intro', event: intro });
    renderModals();
    const text = screen.getByRole('dialog').textContent ?? '';
    expect(text).toContain('You have 1 day to make');
    expect(screen.getByText(/^You owe \$1,000 to .+, due in 1 day$/)).toBeTruthy();
    expect(text).not.toMatch(/\b1 days\b/);
  });

  it('adds the debt line from the state when the story leaves it out, with the right plural', () => {
    expect(introDebtLine(1000, 'Vinnie', 7)).toBe('You owe $1,000 to Vinnie, due in 7 days');
    expect(introDebtLine(1000, 'Vinnie', 1)).toBe('You owe $1,000 to Vinnie, due in 1 day');
    useGameStore.getState().pushModal({ kind: 'intro', event: event('game_intro', 'DRUG WARS\n\nWelcome.') });
    renderModals();
    // makeState: day 2, due on day 8
    expect(screen.getByText('You owe $1,000 to Vinnie, due in 6 days')).toBeTruthy();
  });
});

describe('event modals', () => {
  it.each([
    ['price_change', 'WORD ON THE STREET'],
    ['rumor', 'RUMORS'],
    ['received_item', 'LUCKY FIND'],
    ['lost_item', 'BAD NEWS'],
  ] as const)('%s is titled %s, with one paragraph per blank-line block and an acknowledge text', (category, title) => {
    const s = useGameStore.getState();
    s.queueEvents([event(category, 'First part.\n\nSecond part.'), event(category, 'Another one.')]);
    s.processPendingEvents();
    renderModals();
    const dialog = screen.getByRole('dialog', { name: title });
    expect([...dialog.querySelectorAll('p')].map((p) => p.textContent)).toEqual([
      'First part.',
      'Second part.',
      'Another one.',
    ]);
    const buttons = [...dialog.querySelectorAll('button')].map((b) => b.textContent);
    expect(buttons).toHaveLength(1);
    expect(ACKNOWLEDGE_TEXTS).toContain(buttons[0]);
    fireEvent.click(dialog.querySelector('button')!);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the next queued modal after the first is closed, in priority order', () => {
    const s = useGameStore.getState();
    s.queueEvents([event('rumor', 'r'), event('received_item', 'found')]);
    s.processPendingEvents();
    renderModals();
    expect(screen.getByRole('dialog', { name: 'LUCKY FIND' })).toBeTruthy();
    fireEvent.click(screen.getByRole('dialog').querySelector('button')!);
    expect(screen.getByRole('dialog', { name: 'RUMORS' })).toBeTruthy();
  });
});

describe('other modals', () => {
  it('RANK PROMOTION! names the rank, the inventory, max days, the next requirement and Continue Playing', () => {
    useGameStore.getState().pushModal({
      kind: 'promotion',
      event: event('rank_promotion', 'Promoted'),
      data: {
        newRank: { name: 'Hustler', level: 2, inventoryName: 'Backpack', inventorySize: 150, maxDays: 40 },
        nextRank: { cashRequirement: 50000 },
      },
    });
    renderModals();
    const dialog = screen.getByRole('dialog', { name: 'RANK PROMOTION!' });
    expect(dialog.textContent).toContain('Hustler');
    expect(dialog.textContent).toContain('Backpack (150 units)');
    expect(dialog.textContent).toContain('40');
    expect(dialog.textContent).toContain('$50,000');
    fireEvent.click(screen.getByRole('button', { name: 'Continue Playing' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("ERROR shows the message, or 'Game state is invalid, please try again.' without one", () => {
    useGameStore.getState().pushModal({ kind: 'error', message: '' });
    renderModals();
    expect(screen.getByRole('dialog', { name: 'ERROR' }).textContent).toContain(
      'Game state is invalid, please try again.',
    );
  });

  it('the API error modal shows the session reference and retries the last action', () => {
    const retry = vi.fn();
    useGameStore.getState().pushModal({ kind: 'apiError', sessionRef: 'sess-abc123', retry });
    renderModals();
    expect(screen.getByText(/sess-abc123/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(useGameStore.getState().modals).toEqual([]);
  });
});
