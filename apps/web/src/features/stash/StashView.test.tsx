import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { api } from '../../api/client';
import { useGameStore } from '../../store/gameStore';
import { makeState } from '../../test/fixtures';
import { StashView } from './StashView';

beforeEach(() => {
  useGameStore.getState().resetGame();
  useGameStore.setState({
    gameData: {
      locations: [{ id: 'new_york', name: 'New York', flightPrice: 100, hasAirport: true, dangerLevel: 2 }],
      drugs: [{ id: 'weed', name: 'Weed', price: 300 } as never, { id: 'acid', name: 'Acid', price: 1000 } as never],
    },
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('StashView', () => {
  it("says 'Not carrying any drugs.' and 'No drugs stashed here.' when both are empty", () => {
    useGameStore.getState().setGameState(makeState({ usedSpace: 0, coatSpace: 100 }));
    render(<StashView />);
    expect(screen.getByText('CARRYING (0/100)')).toBeTruthy();
    expect(screen.getByText('Not carrying any drugs.')).toBeTruthy();
    expect(screen.getByText('STASH IN New York')).toBeTruthy();
    expect(screen.getByText('No drugs stashed here.')).toBeTruthy();
  });

  it('stashes up to what is carried and takes up to what is stashed here, with the SPEC errors', async () => {
    const gs = makeState({ usedSpace: 5, coatSpace: 100, inventory: { weed: { quantity: 5, totalCost: 1500 } } });
    gs.player.stash = { new_york: { acid: { quantity: 2 } }, miami: { weed: { quantity: 9 } } } as never;
    useGameStore.getState().setGameState(gs);
    vi.spyOn(api, 'stash').mockResolvedValue({ success: true, version: 1, message: 'Stashed.', gameState: gs });
    render(<StashView />);

    fireEvent.click(screen.getByRole('button', { name: 'Stash Weed' }));
    let dialog = screen.getByRole('dialog', { name: 'Stash Weed' });
    expect(within(dialog).getByText('Max: 5')).toBeTruthy();
    expect(within(dialog).queryByText(/each/)).toBeNull(); // no price line for stash and take
    const qty = within(dialog).getByLabelText('Quantity') as HTMLInputElement;
    // jsdom reports touch support, so this is the keypad layout: its keys edit the field
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '6' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enter' }));
    expect(qty.value).toBe('6');
    expect(within(dialog).getByRole('alert').textContent).toBe("You don't have that much Weed to stash!");
    fireEvent.click(within(dialog).getByRole('button', { name: 'Backspace' }));
    fireEvent.click(within(dialog).getByRole('button', { name: '4' }));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Enter' })));
    expect(api.stash).toHaveBeenCalledWith('weed', 4);

    fireEvent.click(screen.getByRole('button', { name: 'Take Acid' }));
    dialog = screen.getByRole('dialog', { name: 'Take Acid' });
    expect(within(dialog).getByText('Max: 2')).toBeTruthy();
  });

  it('the rows are numbered down both tables: a number then S stashes, T takes', () => {
    const gs = makeState({ usedSpace: 5, coatSpace: 100, inventory: { weed: { quantity: 5, totalCost: 1500 } } });
    gs.player.stash = { new_york: { acid: { quantity: 2 } } } as never;
    useGameStore.getState().setGameState(gs);
    render(<StashView />);
    fireEvent.keyDown(window, { key: '1' });
    fireEvent.keyDown(window, { key: 's' });
    expect(screen.getByRole('dialog', { name: 'Stash Weed' })).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    fireEvent.keyDown(window, { key: '2' });
    fireEvent.keyDown(window, { key: 's' }); // Acid is not carried: nothing to stash
    expect(screen.queryByRole('dialog')).toBeNull();
    fireEvent.keyDown(window, { key: 't' });
    expect(screen.getByRole('dialog', { name: 'Take Acid' })).toBeTruthy();
  });
});
