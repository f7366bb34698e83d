import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { LOCATION_BY_ID, replayStory, type Action } from '@drugwars/engine';
import type { ReplayResponse } from '@drugwars/protocol';
import { stubFetch } from '../../test/fixtures';
import { getVisitorId } from '../../storage/local';
import ReplayPage, { netWorthChart } from './ReplayPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// A real story from the engine: a trade and a trip on day 1, then nights in Boston until the game has 5 days.
const actions: Action[] = [{ type: 'repay', amount: 1000 }, { type: 'buy', drugId: 'weed', quantity: 1 }, { type: 'travel', destination: 'boston' }, { type: 'stay' }, { type: 'stay' }, { type: 'stay' }];
const story = replayStory({ playerName: 'Tony', seed: '0000000000004242', isSeeded: false }, actions);
const last = story.days[story.days.length - 1]!;
const reply = (died = false): ReplayResponse => ({
  success: true,
  entry: {
    id: 7,
    player_name: 'Tony',
    score: last.end.netWorth,
    final_day: last.day,
    date_achieved: '2026-11-24T10:00:00.000Z',
    died,
    gameOverReason: died ? 'You were killed by the cops.' : 'Your 30 days are up.',
    replayable: true,
  },
  rulesVersion: story.rulesVersion,
  days: story.days,
});

function renderPage() {
  render(
    <MemoryRouter initialEntries={['/replay/7']}>
      <Routes>
        <Route path="/replay/:id" element={<ReplayPage />} />
        <Route path="/leaderboard" element={<p>the list</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const dayHeading = () => screen.getByRole('heading', { level: 2 }).textContent;

describe('/replay/{id}', () => {
  it('tells the game day by day; the arrow keys, Home, End and the scrubber step through it', async () => {
    const stub = stubFetch({ 'GET /api/leaderboard/entries/7/replay': { body: reply() } });
    vi.stubGlobal('fetch', stub.fn);
    renderPage();
    expect(await screen.findByRole('heading', { level: 2, name: 'Day 1: New York' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'REPLAY' })).toBeTruthy();
    // It asks as this browser's visitor, so a player sees their own Daily Run before the day is over.
    expect(stub.calls[0]!.headers['x-visitor-id']).toBe(getVisitorId());

    expect(dayHeading()).toBe('Day 1: New York');
    const day1 = within(screen.getByRole('region', { name: 'Day 1' }));
    expect(day1.getByText(story.days[0]!.steps[1]!.message)).toBeTruthy();
    expect(day1.getByText(/to Boston by road for \$100/)).toBeTruthy();
    const end = within(day1.getByLabelText('End of the day'));
    expect(end.getByText('Net worth').nextSibling?.textContent).toBe(`$${story.days[0]!.end.netWorth.toLocaleString('en-US')}`);

    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(dayHeading()).toBe(`Day 2: ${LOCATION_BY_ID.get('boston')!.name}`);
    fireEvent.keyDown(window, { key: 'End' });
    expect(dayHeading()).toBe(`Day ${last.day}: Boston`);
    fireEvent.keyDown(window, { key: 'ArrowRight' });
    expect(dayHeading()).toBe(`Day ${last.day}: Boston`);
    fireEvent.keyDown(window, { key: 'Home' });
    fireEvent.keyDown(window, { key: 'ArrowLeft' });
    expect(dayHeading()).toBe('Day 1: New York');

    const scrubber = screen.getByRole('slider', { name: 'Day' });
    fireEvent.change(scrubber, { target: { value: '3' } });
    expect(dayHeading()).toBe('Day 3: Boston');
    expect(scrubber.getAttribute('aria-valuetext')).toBe(`Day 3 of ${story.days.length}`);
    fireEvent.click(screen.getByRole('button', { name: 'Previous day' }));
    expect(dayHeading()).toBe('Day 2: Boston');

    fireEvent.click(screen.getByRole('button', { name: 'MOST WANTED LIST' }));
    expect(screen.getByText('the list')).toBeTruthy();
  });

  it("shows R.I.P. and the cause for a dead player's game", async () => {
    vi.stubGlobal('fetch', stubFetch({ 'GET /api/leaderboard/entries/7/replay': { body: reply(true) } }).fn);
    renderPage();
    expect(await screen.findByText('You were killed by the cops.')).toBeTruthy();
    expect(screen.getByText(/R\.I\.P\./)).toBeTruthy();
  });

  it("says why when there is no replay (the server's reason), and nothing else", async () => {
    const message = "This Daily Run's replays open when the day is over (midnight UTC). Come back tomorrow!";
    vi.stubGlobal(
      'fetch',
      stubFetch({ 'GET /api/leaderboard/entries/7/replay': { status: 404, body: { success: false, code: 'REPLAY_UNAVAILABLE', error: message, message } } }).fn,
    );
    renderPage();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(screen.queryByRole('slider')).toBeNull();
    await act(async () => undefined);
  });

  it('charts the net worth of every day and marks the day on show', () => {
    const chart = netWorthChart(story.days, 2);
    expect(chart.days).toEqual(story.days.map((d) => d.day));
    expect(chart.series[0]!.values).toEqual(story.days.map((d) => d.end.netWorth));
    expect(chart.series[1]!.values.filter((v) => v !== null)).toEqual([story.days[2]!.end.netWorth]);
  });
});
