import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { stubFetch } from '../../test/fixtures';
import LeaderboardPage from './LeaderboardPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const entry = (player_name: string, score: number) => ({
  player_name,
  score,
  final_day: 30,
  date_achieved: '2026-11-02T10:00:00.000Z',
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/leaderboard']}>
      <Routes>
        <Route path="/leaderboard" element={<LeaderboardPage />} />
        <Route path="/" element={<p>title screen</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe("'MOST WANTED LIST'", () => {
  it('has the tabs Today, This Month, All Time mapped to today, monthly and top', async () => {
    const stub = stubFetch({
      'GET /api/leaderboard/today': { body: { success: true, entries: [entry('Tony', 125000), entry('', 900)] } },
      'GET /api/leaderboard/monthly': { body: { success: true, entries: [] } },
      'GET /api/leaderboard/top': { body: { success: true, entries: [entry('Frank', 5_000_000)] } },
    });
    vi.stubGlobal('fetch', stub.fn);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'MOST WANTED LIST' })).toBeTruthy();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Today', 'This Month', 'All Time']);
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
