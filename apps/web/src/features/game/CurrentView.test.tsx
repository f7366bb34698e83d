// Every view of the navigation opens with its content once the game screen's idle work has run: its chunk is
// in (no Suspense fallback) and what it shows beyond the state was asked ahead (no 'Loading...').
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Suspense } from 'react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { api } from '../../api/client';
import { preloadAll } from '../../components/lazyWithPreload';
import { useGameStore } from '../../store/gameStore';
import { keptHistory, keptSharks, prefetchViewData, resetViewData } from '../../store/viewData';
import { shark } from '../../test/fixtures';
import { gameState } from '../encounter/testFixtures';
import { CurrentView } from './CurrentView';
import { NAV_ITEMS } from './Navigation';

function show(item: (typeof NAV_ITEMS)['places'][number]) {
  if (item.tab) useGameStore.setState({ inventoryTab: item.tab });
  return render(
    <MemoryRouter>
      <Suspense fallback={<p>FALLBACK</p>}>
        <CurrentView view={item.view} />
      </Suspense>
    </MemoryRouter>,
  );
}

beforeEach(() => {
  resetViewData();
  const gs = gameState({ encounter: null });
  gs.player = { ...gs.player, debt: 0, loanShark: null };
  // as a game reply has it: the prices last seen in every city (World Drug Prices reads them from the state)
  gs.worldPrices = { new_york: { weed: 300 }, miami: { weed: 280 } };
  gs.worldPricesDay = { new_york: 1, miami: 1 };
  useGameStore.getState().setSession('session-1');
  useGameStore.getState().setGameState(gs);
  vi.spyOn(api, 'loanSharks').mockResolvedValue([shark]);
  // the other calls the views make are answered too (Shipping and Shipment Tracking fill in behind their content)
  vi.spyOn(api, 'shippingCompanies').mockResolvedValue({ success: true, companies: [] });
  vi.spyOn(api, 'shippingStatus').mockResolvedValue({ success: true, shipments: [] });
  vi.spyOn(api, 'history').mockResolvedValue({
    success: true,
    history: { cash: [{ day: 1, value: 2000 }], debt: [], health: [], prices: {} },
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('views open with their content', () => {
  it('after the preload and the prefetch, no view of the navigation shows a fallback or Loading...', async () => {
    await preloadAll();
    prefetchViewData();
    await vi.waitFor(() => expect(keptSharks()).not.toBeNull());
    await vi.waitFor(() => expect(keptHistory()).not.toBeNull());
    const items = Object.values(NAV_ITEMS).flat();
    expect(items.length).toBeGreaterThanOrEqual(12);
    for (const item of items) {
      show(item);
      expect({ view: item.view, fallback: screen.queryByText('FALLBACK') }).toEqual({ view: item.view, fallback: null });
      expect({ view: item.view, loading: screen.queryByText(/Loading/) }).toEqual({ view: item.view, loading: null });
      await act(async () => undefined);
      cleanup();
    }
  });

  it("Finances shows the offers asked ahead at once, and still asks on entry (SPEC.md: 'loaded on entry')", async () => {
    prefetchViewData();
    await vi.waitFor(() => expect(keptSharks()).not.toBeNull());
    expect(api.loanSharks).toHaveBeenCalledTimes(1);
    await preloadAll();
    show({ label: 'Finances', view: 'finances' });
    expect(screen.getByText('Borrow from Vinnie')).toBeTruthy();
    await act(async () => undefined);
    expect(api.loanSharks).toHaveBeenCalledTimes(2);
  });

  it('nothing kept for one game is shown in another', async () => {
    prefetchViewData();
    await vi.waitFor(() => expect(keptHistory()).not.toBeNull());
    const gs = useGameStore.getState().gameState!;
    useGameStore.getState().setGameState({ ...gs, day: gs.day + 1 });
    expect(keptHistory()).not.toBeNull();
    useGameStore.getState().setSession('session-2');
    expect(keptHistory()).toBeNull();
    expect(keptSharks()).toBeNull();
  });
});
