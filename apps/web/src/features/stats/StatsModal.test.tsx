import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { api } from '../../api/client';
import { useGameStore } from '../../store/gameStore';
import { gameState } from '../encounter/testFixtures';
import { actionLines, actionVerb, summaryRows } from './gameStats';
import { StatsModal } from './StatsModal';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const names = { drug: (id: string) => id.toUpperCase(), location: (id: string) => `City ${id}` };

describe('game statistics figures', () => {
  it('summary shows the fixed lines and the optional ones only when known', () => {
    const gs = gameState({ encounter: null });
    expect(summaryRows(gs).map((r) => r.label)).toEqual(['Final Score', 'Days Survived', 'Cash', 'Debt', 'Bank Balance', 'Health']);
    gs.gameHistory.actionHistory = [
      { day: 1, action: 'buy', details: { quantity: 10, drug: 'weed', total: 3000 } },
      { day: 2, action: 'sell', details: { quantity: 10, drug: 'weed', total: 5000 } },
    ];
    gs.gameHistory.locationHistory = [
      { day: 1, location: 'a' },
      { day: 2, location: 'b' },
      { day: 3, location: 'a' },
    ];
    const rows = Object.fromEntries(summaryRows(gs).map((r) => [r.label, r.value]));
    expect(rows['Drugs Bought']).toBe('10');
    expect(rows['Drugs Sold']).toBe('10');
    expect(rows['Total Profit']).toBe('$2,000');
    expect(rows['Locations Visited']).toBe('2');
    expect(rows['Health']).toBe('100%');
  });

  it('action lines are in day order, each with its verb', () => {
    const lines = actionLines(
      [
        { day: 2, action: 'travel', details: { from: 'a', to: 'b' } },
        { day: 1, action: 'buy', details: { quantity: 3, drug: 'weed', total: 900 } },
      ],
      names,
    );
    expect(lines).toEqual(['Day 1: Bought 3 WEED for $900', 'Day 2: Traveled from City a to City b']);
    expect(lines.map(actionVerb)).toEqual(['Bought', 'Traveled']);
  });
});

describe('StatsModal', () => {
  it('has the five tabs, the drug and location filters with All Locations, and a timeline of the whole game', () => {
    const gs = gameState({ encounter: null });
    gs.gameHistory.actionHistory = Array.from({ length: 40 }, (_, i) => ({
      day: i + 1,
      action: 'buy' as const,
      details: { quantity: 1, drug: 'weed', total: 100 },
    }));
    useGameStore.getState().setGameState(gs);
    vi.spyOn(api, 'history').mockResolvedValue({ success: true, history: { cash: [], debt: [], health: [], prices: {} } });
    // jsdom has no 2D canvas; the timeline then relies on its text list
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    render(<StatsModal onClose={() => undefined} />);
    for (const name of ['Summary', 'Finances', 'Health', 'Drug Prices', 'Actions']) expect(screen.getByRole('tab', { name })).toBeTruthy();
    expect(screen.getByText('Final Score')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Drug Prices' }));
    const location = screen.getByRole('combobox', { name: 'Location' }) as HTMLSelectElement;
    expect(location.options[0]!.textContent).toBe('All Locations');
    expect(screen.getByText('NO DATA AVAILABLE')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: 'Actions' }));
    // every action of the game is listed (the box scrolls), none summed up as '...and n more'
    const timeline = screen.getByRole('region', { name: 'Actions timeline' });
    expect(timeline.tabIndex).toBe(0);
    const items = within(timeline).getAllByRole('listitem');
    expect(items).toHaveLength(40);
    expect(items[39]!.textContent).toBe('Day 40: Bought 1 Weed for $100');
    expect(items[39]!.className).toBe('timeline-bought');
    expect(timeline.textContent).not.toContain('more');
  });

  it('Drug Prices reads the whole price series from /game/history (the game state carries only today)', async () => {
    useGameStore.getState().setGameState(gameState({ encounter: null }));
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const history = vi.spyOn(api, 'history').mockResolvedValue({
      success: true,
      history: { cash: [], debt: [], health: [], prices: { new_york: { weed: [{ day: 1, value: 300 }, { day: 2, value: 410 }] } } },
    });
    render(<StatsModal onClose={() => undefined} />);
    expect(history).not.toHaveBeenCalled(); // fetched only when the tab is opened
    fireEvent.click(screen.getByRole('tab', { name: 'Drug Prices' }));
    fireEvent.change(screen.getByRole('combobox', { name: 'Drug' }), { target: { value: 'weed' } });
    await waitFor(() => expect(screen.queryByText('NO DATA AVAILABLE')).toBeNull());
    expect(history).toHaveBeenCalledTimes(1);
    // A location without prices for the drug draws nothing.
    fireEvent.change(screen.getByRole('combobox', { name: 'Location' }), { target: { value: 'miami' } });
    expect(screen.getByText('NO DATA AVAILABLE')).toBeTruthy();
  });
});
