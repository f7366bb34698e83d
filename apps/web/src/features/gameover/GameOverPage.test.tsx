import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation, useParams } from 'react-router';
import { OLDER_RULES_MESSAGE, type ClientGameState } from '@drugwars/engine';
import { useGameStore } from '../../store/gameStore';
import { makeState, stubFetch } from '../../test/fixtures';
import { readPlayAgain } from '../../lib/playAgain';
import GameOverPage from './GameOverPage';

function over(edit: Partial<ClientGameState> = {}): ClientGameState {
  const gs = makeState({ cash: 5000 });
  return { ...gs, gameOver: true, currentState: 'GAME_OVER', gameOverReason: 'Your 30 days are up.', ...edit };
}

function ReplayStub() {
  return <p>replay {useParams().id}</p>;
}

const filedEntry = {
  id: 1,
  player_name: 'Tester',
  score: 4000,
  final_day: 30,
  date_achieved: '2026-11-24T10:00:00.000Z',
  died: false,
  gameOverReason: 'Your 30 days are up.',
  replayable: true,
};

function TitleStub() {
  const name = readPlayAgain(useLocation().state);
  return <p>{name === null ? 'title screen' : `title screen, play again as ${name}`}</p>;
}

function LeaderboardStub() {
  return <p>leaderboard {useLocation().search}</p>;
}

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/gameover']}>
      <Routes>
        <Route path="/gameover" element={<GameOverPage />} />
        <Route path="/" element={<TitleStub />} />
        <Route path="/leaderboard" element={<LeaderboardStub />} />
        <Route path="/game" element={<p>game screen</p>} />
        <Route path="/replay/:id" element={<ReplayStub />} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('drugwars.sessionId', 's1');
  useGameStore.getState().resetGame();
  useGameStore.getState().setSession('s1');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("'GAME OVER'", () => {
  it('shows the reason, the final score and the player, submits the score and says so', async () => {
    const stub = stubFetch({ 'POST /api/leaderboard/submit': { body: { success: true, entry: filedEntry, board: 'ranked', dailyDate: null, place: 3, allTimePlace: 9 } } });
    vi.stubGlobal('fetch', stub.fn);
    useGameStore.getState().setGameState(over());
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'GAME OVER' })).toBeTruthy();
    expect(screen.getByText('Your 30 days are up.')).toBeTruthy();
    expect(screen.getByText('Final Score: $4,000')).toBeTruthy();
    expect(screen.getByText('Tester')).toBeTruthy();
    expect(await screen.findByText('Score submitted to leaderboard!')).toBeTruthy();
    expect(stub.calls.filter((c) => c.url === '/api/leaderboard/submit')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'View Game Stats' })).toBeTruthy();
  });

  it("a ranked game says its place today and of all time; the list link ends the session and opens today's list", async () => {
    const stub = stubFetch({
      'POST /api/leaderboard/submit': { body: { success: true, entry: filedEntry, board: 'ranked', dailyDate: null, place: 3, allTimePlace: 17 } },
      'POST /api/game/end-session': { body: { success: true } },
    });
    vi.stubGlobal('fetch', stub.fn);
    useGameStore.getState().setGameState(over());
    renderPage();
    const places = await screen.findByRole('list', { name: 'Your place' });
    expect(places.textContent).toBe("#3 on today's Most Wanted List#17 of all time");
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'See the Most Wanted List' }));
    });
    expect(stub.calls.map((c) => c.url)).toContain('/api/game/end-session');
    expect(localStorage.getItem('drugwars.sessionId')).toBeNull();
    expect(screen.getByText('leaderboard')).toBeTruthy();
  });

  it("a Daily Run says its place on the day's board and links to that board; practice has no place", async () => {
    const filed = { success: true, board: 'daily', dailyDate: '2026-11-24', place: 2, allTimePlace: null, entry: filedEntry };
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/leaderboard/submit': { body: filed }, 'POST /api/game/end-session': { body: { success: true } } }).fn);
    useGameStore.getState().setGameState(over());
    renderPage();
    expect((await screen.findByRole('list', { name: 'Your place' })).textContent).toBe('#2 on the Daily Run of 2026-11-24');
    expect(screen.queryByText(/of all time/)).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('link', { name: 'See the Most Wanted List' }));
    });
    expect(screen.getByText('leaderboard ?tab=daily&date=2026-11-24')).toBeTruthy();
  });

  it('Play Again ends the session and opens the title with the name for the name entry', async () => {
    const stub = stubFetch({
      'POST /api/leaderboard/submit': { body: { success: true, entry: filedEntry, board: 'ranked', dailyDate: null, place: 1, allTimePlace: 1 } },
      'POST /api/game/end-session': { body: { success: true } },
    });
    vi.stubGlobal('fetch', stub.fn);
    const gs = over();
    useGameStore.getState().setGameState({ ...gs, player: { ...gs.player, name: 'Kingpin' } });
    renderPage();
    await screen.findByText('Score submitted to leaderboard!');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Play Again' }));
    });
    expect(stub.calls.map((c) => c.url)).toContain('/api/game/end-session');
    expect(localStorage.getItem('drugwars.sessionId')).toBeNull();
    expect(screen.getByText('title screen, play again as Kingpin')).toBeTruthy();
  });

  it('a filed game offers Share (the text result and its replay link, copied) and Watch Replay', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const filed = { success: true, board: 'daily', dailyDate: '2026-11-24', place: 12, entry: { ...filedEntry, id: 99, score: 4000, final_day: 30 } };
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/leaderboard/submit': { body: filed } }).fn);
    const gs = over();
    useGameStore.getState().setGameState({ ...gs, player: { ...gs.player, copsKilled: 3 } });
    renderPage();
    expect(await screen.findByText('Score submitted to the Daily Run of 2026-11-24!')).toBeTruthy();
    const text = `DRUG WARS Daily 2026-11-24: $4,000, day 30, 3 cops down, #12 today\n${window.location.origin}/replay/99`;
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Share' }));
    });
    expect(writeText).toHaveBeenCalledWith(text);
    expect(screen.getByRole('button', { name: '✓ Copied' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Watch Replay' }));
    expect(screen.getByText('replay 99')).toBeTruthy();
  });

  it('a second Daily Run of the day says it is practice (still shared and replayable)', async () => {
    const filed = { success: true, board: 'practice', dailyDate: '2026-11-24', place: null, entry: { ...filedEntry, id: 5 } };
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/leaderboard/submit': { body: filed } }).fn);
    useGameStore.getState().setGameState(over());
    renderPage();
    expect(await screen.findByText('Practice run: only your first finished Daily Run of the day goes on the board.')).toBeTruthy();
    expect(screen.getByText(/\(practice\)/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Watch Replay' })).toBeTruthy();
  });

  it("says 'Failed to submit score to leaderboard' when the submit fails; the default reason is 'Game ended'", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/leaderboard/submit': { status: 409, body: { success: false, code: 'X', error: 'no', message: 'no' } } }).fn);
    useGameStore.getState().setGameState(over({ gameOverReason: null }));
    renderPage();
    expect(screen.getByText('Game ended')).toBeTruthy();
    expect(await screen.findByText('Failed to submit score to leaderboard')).toBeTruthy();
  });

  it('a finished game of older rules keeps its page and says why it cannot be listed (no failure line, no audit)', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const refusal = { success: false, code: 'RULES_CHANGED', error: OLDER_RULES_MESSAGE, message: OLDER_RULES_MESSAGE };
    vi.stubGlobal('fetch', stubFetch({ 'POST /api/leaderboard/submit': { status: 410, body: refusal } }).fn);
    useGameStore.getState().setGameState(over());
    renderPage();
    expect(await screen.findByText(OLDER_RULES_MESSAGE)).toBeTruthy();
    expect(screen.queryByText('Failed to submit score to leaderboard')).toBeNull();
    expect(screen.getByText('Final Score: $4,000')).toBeTruthy();
    expect(useGameStore.getState().auditFailure).toBe(false);
  });

  it('a seeded game is not eligible and submits nothing', async () => {
    const stub = stubFetch({});
    vi.stubGlobal('fetch', stub.fn);
    useGameStore.getState().setGameState(over({ isSeeded: true, formattedSeed: '0000-0000-0000-0042' }));
    renderPage();
    await act(async () => undefined);
    expect(screen.getByText('Seeded game - Not eligible for leaderboard')).toBeTruthy();
    expect(stub.calls).toEqual([]);
  });

  it('Main Menu ends the session, forgets the stored id and goes to /', async () => {
    const stub = stubFetch({
      'POST /api/leaderboard/submit': { body: { success: true, entry: filedEntry, board: 'ranked', dailyDate: null, place: 3 } },
      'POST /api/game/end-session': { body: { success: true } },
    });
    vi.stubGlobal('fetch', stub.fn);
    useGameStore.getState().setGameState(over());
    renderPage();
    await screen.findByText('Score submitted to leaderboard!');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Main Menu' }));
    });
    expect(stub.calls.map((c) => c.url)).toContain('/api/game/end-session');
    expect(localStorage.getItem('drugwars.sessionId')).toBeNull();
    expect(screen.getByText('title screen')).toBeTruthy();
  });

  it('a reload submits again: "already on the list" still reads as submitted', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({
        'POST /api/leaderboard/submit': {
          status: 409,
          body: { success: false, code: 'ALREADY_SUBMITTED', error: 'dup', message: 'This game is already on the Most Wanted List.' },
        },
      }).fn,
    );
    useGameStore.getState().setGameState(over());
    renderPage();
    expect(await screen.findByText('Score submitted to leaderboard!')).toBeTruthy();
  });

  it('an audit failure on submit opens the audit modal on the title and forgets the session', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'POST /api/leaderboard/submit': { status: 403, body: { success: false, code: 'AUDIT_FAILURE', error: 'x', message: 'x' } } }).fn,
    );
    useGameStore.getState().setGameState(over());
    renderPage();
    expect(await screen.findByText('title screen')).toBeTruthy();
    expect(localStorage.getItem('drugwars.sessionId')).toBeNull();
  });

  it('after a reload it loads the state first; a game that is not over goes back to the game screen', async () => {
    const stub = stubFetch({ 'GET /api/game/state': { body: { success: true, gameState: makeState() } } });
    vi.stubGlobal('fetch', stub.fn);
    renderPage();
    expect(await screen.findByText('game screen')).toBeTruthy();
    expect(stub.calls.map((c) => c.url)).toEqual(['/api/game/state']); // nothing submitted, nothing ended
  });

  it('a mid-game state in the store is checked with the server before anything is submitted', async () => {
    const stub = stubFetch({
      'GET /api/game/state': { body: { success: true, gameState: over() } },
      'POST /api/leaderboard/submit': { body: { success: true, entry: filedEntry, board: 'ranked', dailyDate: null, place: 3 } },
    });
    vi.stubGlobal('fetch', stub.fn);
    useGameStore.getState().setGameState(makeState());
    renderPage();
    expect(await screen.findByText('Score submitted to leaderboard!')).toBeTruthy();
    expect(stub.calls.map((c) => c.url)).toEqual(['/api/game/state', '/api/leaderboard/submit']);
  });

  it('no game to load: back to the title with nothing left queued', async () => {
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /api/game/state': { status: 404, body: { success: false, code: 'SESSION_NOT_FOUND', error: 'Session not found or expired', message: 'Session not found or expired' } } }).fn,
    );
    renderPage();
    expect(await screen.findByText('title screen')).toBeTruthy();
    expect(useGameStore.getState().modals).toEqual([]);
  });
});
