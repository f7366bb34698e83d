import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { stubFetch } from '../../test/fixtures';
import type { LeaderboardEntryData } from '@drugwars/protocol';
import LeaderboardPage, { utcToday } from './LeaderboardPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

let nextId = 1;
const entry = (player_name: string, score: number, more: Partial<LeaderboardEntryData> = {}): LeaderboardEntryData => ({
  id: nextId++,
  player_name,
  score,
  final_day: 30,
  date_achieved: '2026-11-02T10:00:00.000Z',
  died: false,
  gameOverReason: 'Your 30 days are up.',
  replayable: false,
  ...more,
});

function renderPage(path = '/leaderboard') {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/leaderboard" element={<LeaderboardPage />} />
        <Route path="/" element={<p>title screen</p>} />
        <Route path="/replay/:id" element={<p>replay page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("'MOST WANTED LIST'", () => {
  it('has the tabs Today, This Month, All Time mapped to today, monthly and top, and DAILY RUN', async () => {
    const stub = stubFetch({
      'GET /api/leaderboard/today': { body: { success: true, entries: [entry('Tony', 125000), entry('', 900)] } },
      'GET /api/leaderboard/monthly': { body: { success: true, entries: [] } },
      'GET /api/leaderboard/top': { body: { success: true, entries: [entry('Frank', 5_000_000)] } },
    });
    vi.stubGlobal('fetch', stub.fn);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'MOST WANTED LIST' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Today', 'This Month', 'All Time', 'DAILY RUN']);
    const rows = await screen.findAllByRole('row');
    expect(within(rows[0]!).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['#', 'Name', 'Score', 'Day', 'Date']);
    await screen.findByText('Tony');
    expect(within(screen.getAllByRole('row')[1]!).getAllByRole('cell').map((c) => c.textContent)).toEqual([
      '1',
      'Tony',
      '$125,000',
      '30',
      '2026-11-02',
    ]);
    expect(screen.getByText('Anonymous')).toBeTruthy(); // an empty name
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'This Month' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'All Time' }));
    });
    expect(await screen.findByText('$5,000,000')).toBeTruthy();
    expect(stub.calls.map((c) => c.url)).toEqual([
      '/api/leaderboard/today',
      '/api/leaderboard/monthly',
      '/api/leaderboard/top',
    ]);
  });

  it("a row's name opens its replay when it has one; a dead player's row says R.I.P. and how", async () => {
    const stub = stubFetch({
      'GET /api/leaderboard/today': {
        body: {
          success: true,
          entries: [
            entry('Tony', 125000, { id: 41, replayable: true }),
            entry('Manny', 900, { id: 42, died: true, gameOverReason: 'You were killed by the cops.' }),
          ],
        },
      },
    });
    vi.stubGlobal('fetch', stub.fn);
    renderPage();
    const tony = await screen.findByRole('link', { name: 'Tony' });
    expect(tony.getAttribute('href')).toBe('/replay/41');
    expect(screen.queryByRole('link', { name: 'Manny' })).toBeNull();
    const manny = within(screen.getAllByRole('row')[2]!).getAllByRole('cell')[1]!;
    expect(manny.textContent).toBe('Manny R.I.P. You were killed by the cops.');
    // The board is asked as this browser (a player's own Daily Run replays open early).
    expect(stub.calls[0]!.headers['x-visitor-id']).toBe(localStorage.getItem('drugwars.visitorId'));
    fireEvent.click(tony);
    expect(screen.getByText('replay page')).toBeTruthy();
  });

  it("DAILY RUN shows today's Daily Run board, a date picker for past days, and a past day's seed", async () => {
    const stub = stubFetch({
      'GET /api/leaderboard/today': { body: { success: true, entries: [] } },
      'GET /api/leaderboard/daily': { body: { success: true, date: '2026-11-24', seed: null, entries: [entry('Early', 5000)] } },
      'GET /api/leaderboard/daily?date=2026-11-20': {
        body: { success: true, date: '2026-11-20', seed: '1234-5678-9012-3456', entries: [entry('Past', 7000, { replayable: true })] },
      },
    });
    vi.stubGlobal('fetch', stub.fn);
    renderPage();
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: 'DAILY RUN' }));
    });
    expect(await screen.findByText('Early')).toBeTruthy();
    const picker = screen.getByLabelText('Day (UTC)') as HTMLInputElement;
    expect(picker.type).toBe('date');
    expect(picker.value).toBe('2026-11-24');
    expect(picker.max).toBe(utcToday());
    expect(screen.queryByText(/^Seed:/)).toBeNull();
    await act(async () => {
      fireEvent.change(picker, { target: { value: '2026-11-20' } });
    });
    expect(await screen.findByRole('link', { name: 'Past' })).toBeTruthy();
    expect(screen.getByText('Seed: 1234-5678-9012-3456')).toBeTruthy();
    expect(stub.calls.map((c) => c.url)).toEqual(['/api/leaderboard/today', '/api/leaderboard/daily', '/api/leaderboard/daily?date=2026-11-20']);
  });

  it('?tab=daily&date= opens that Daily Run board at once (the Game Over link); an unknown tab is Today', async () => {
    const stub = stubFetch({
      'GET /api/leaderboard/daily?date=2026-11-20': { body: { success: true, date: '2026-11-20', seed: null, entries: [entry('Linked', 7000)] } },
      'GET /api/leaderboard/today': { body: { success: true, entries: [] } },
    });
    vi.stubGlobal('fetch', stub.fn);
    renderPage('/leaderboard?tab=daily&date=2026-11-20');
    expect(await screen.findByText('Linked')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'DAILY RUN' }).getAttribute('aria-selected')).toBe('true');
    cleanup();
    renderPage('/leaderboard?tab=nonsense&date=yesterday');
    await act(async () => undefined);
    expect(stub.calls.map((c) => c.url)).toEqual(['/api/leaderboard/daily?date=2026-11-20', '/api/leaderboard/today']);
  });

  it('a load failure is only logged; BACK TO MENU returns to the title', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.stubGlobal('fetch', stubFetch({}).fn);
    renderPage();
    await act(async () => undefined);
    expect(warn).toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'BACK TO MENU' }));
    expect(screen.getByText('title screen')).toBeTruthy();
  });
});
