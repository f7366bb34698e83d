import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { api } from '../../api/client';
import { useGameStore } from '../../store/gameStore';
import { gameState } from '../encounter/testFixtures';
import { InfoView } from './InfoView';
import type * as Hooks from '../../components/hooks';

// jsdom has touch support, which the game takes for a phone: each test says which layout it shows
const layout = vi.hoisted(() => ({ mobile: false }));
vi.mock('../../components/hooks', async (original) => ({
  ...(await original<typeof Hooks>()),
  useIsMobile: () => layout.mobile,
}));

function show(view: 'world_prices' | 'other_stashes' | 'shipment_tracking' | 'charts') {
  return render(
    <MemoryRouter>
      <InfoView view={view} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useGameStore.setState({ gameData: {} });
  layout.mobile = false;
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('info views', () => {
  it('World Drug Prices: a card per location, the current one highlighted', () => {
    const gs = gameState({ encounter: null });
    gs.marketInfo = [{ id: 'weed', name: 'Weed', price: 300, previousPrice: 300, quantity: 40, trend: 'normal' }];
    gs.worldPrices = { new_york: { weed: 300 }, miami: { weed: 280, cocaine: 15000 } };
    useGameStore.getState().setGameState(gs);
    show('world_prices');
    expect(screen.getByTestId('prices-new_york').className).toContain('current');
    expect(screen.getByTestId('prices-miami').className).not.toContain('current');
    expect(screen.getByText('$15,000')).toBeTruthy();
  });

  it("World Drug Prices: here, only what today's market sells, at today's price", () => {
    const gs = gameState({ encounter: null });
    gs.location = 'new_york';
    gs.marketInfo = [
      { id: 'weed', name: 'Weed', price: 310, previousPrice: 300, quantity: 40, trend: 'normal' },
      { id: 'acid', name: 'Acid', price: 2500, previousPrice: 2400, quantity: 0, trend: 'normal' },
    ];
    // the state's row for the city here holds every drug's price, those not for sale too
    gs.worldPrices = { new_york: { weed: 310, acid: 2500, cocaine: 16000 }, miami: { weed: 280 } };
    useGameStore.getState().setGameState(gs);
    show('world_prices');
    const here = screen.getByTestId('prices-new_york');
    expect(here.querySelectorAll('tbody tr')).toHaveLength(1);
    expect(here.textContent).toContain('Weed');
    expect(here.textContent).not.toContain('Acid');
    expect(here.textContent).not.toContain('Cocaine');
  });

  it('World Drug Prices on a phone: one drug across every city in a table, the city here marked', () => {
    layout.mobile = true;
    const gs = gameState({ encounter: null });
    gs.location = 'new_york';
    gs.day = 4;
    gs.marketInfo = [{ id: 'weed', name: 'Weed', price: 310, previousPrice: 300, quantity: 40, trend: 'normal' }];
    gs.worldPrices = { new_york: { weed: 310 }, miami: { weed: 280, cocaine: 15000 }, boston: { cocaine: 17000 } };
    gs.worldPricesDay = { new_york: 4, miami: 2, boston: 3 };
    useGameStore.getState().setGameState(gs);
    show('world_prices');
    expect(screen.queryByTestId('prices-miami')).toBeNull();
    fireEvent.change(screen.getByRole('combobox', { name: 'Drug' }), { target: { value: 'cocaine' } });
    const rows = screen.getAllByRole('row').slice(1).map((r) => r.textContent);
    expect(rows).toEqual(['New Yorknoneyou are here', 'Miami$15,000seen day 2, 2 days ago', 'Boston$17,000seen day 3, 1 day ago']);
  });

  it('World Drug Prices says how old each hint is: live here, the day it was seen elsewhere', () => {
    const gs = gameState({ encounter: null });
    gs.day = 6;
    gs.worldPrices = { new_york: { weed: 300 }, miami: { weed: 280 }, boston: { weed: 500 } };
    gs.worldPricesDay = { new_york: 6, miami: 2, boston: 5 };
    useGameStore.getState().setGameState(gs);
    show('world_prices');
    expect(screen.getByTestId('prices-new_york').querySelector('h3')!.textContent).toBe('New York (You are here)');
    expect(screen.getByTestId('prices-miami').querySelector('h3')!.textContent).toBe('Miami (seen day 2, 4 days ago)');
    expect(screen.getByTestId('prices-boston').querySelector('h3')!.textContent).toBe('Boston (seen day 5, 1 day ago)');
    expect(screen.getByText(/Only your market is live/)).toBeTruthy();
  });

  it('Other Stashes: other cities with something stashed, or the empty text', () => {
    const gs = gameState({ encounter: null });
    gs.player.stash = { new_york: { weed: { quantity: 5 } }, miami: { weed: { quantity: 0 } } };
    useGameStore.getState().setGameState(gs);
    show('other_stashes');
    expect(screen.getByText('You have no drugs stashed in other cities.')).toBeTruthy();
    cleanup();
    gs.player.stash = { new_york: { weed: { quantity: 5 } }, miami: { weed: { quantity: 7 } } };
    useGameStore.getState().setGameState({ ...gs });
    show('other_stashes');
    expect(screen.getByText('Miami')).toBeTruthy();
    expect(screen.getByText('7')).toBeTruthy();
    expect(screen.queryByText('5')).toBeNull();
  });

  it('Shipment Tracking: rows with status classes, or No active shipments', async () => {
    useGameStore.getState().setGameState(gameState({ encounter: null }));
    const status = vi.spyOn(api, 'shippingStatus').mockResolvedValue({
      success: true,
      shipments: [
        { id: 's1', drugName: 'Weed', quantity: 10, destination: 'Miami', company: 'FedUps', status: 'lost', daysRemaining: 0 },
        { id: 's2', drugName: 'Weed', quantity: 4, destination: 'Boston', company: 'FedUps', status: 'in transit', daysRemaining: 2 },
      ],
    });
    show('shipment_tracking');
    await waitFor(() => expect(screen.getByText('lost').className).toContain('status-lost'));
    expect(screen.getByText('in transit').className).toContain('status-in-transit');
    cleanup();
    status.mockResolvedValue({ success: true, shipments: [] });
    show('shipment_tracking');
    await waitFor(() => expect(screen.getByText('No active shipments')).toBeTruthy());
  });

  it('Charts: tabs, the drug dropdown with the legend toggle, and NO DATA AVAILABLE', async () => {
    useGameStore.getState().setGameState(gameState({ encounter: null }));
    vi.spyOn(api, 'history').mockResolvedValue({
      success: true,
      history: { cash: [], debt: [], health: [], prices: {} },
    });
    show('charts');
    await waitFor(() => expect(screen.getByText('NO DATA AVAILABLE')).toBeTruthy());
    for (const label of ['Your Cash', 'Your Debt', 'Your Health']) expect(screen.getByRole('tab', { name: label })).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Drug Prices' }));
    expect(screen.getByRole('combobox')).toBeTruthy();
    const toggle = screen.getByRole('button', { name: 'Hide Legend' });
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Show Legend' })).toBeTruthy();
  });
});
