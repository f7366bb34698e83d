import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { CONSUMABLES, formatMoney } from '@drugwars/engine';
import { api, ApiError } from '../../api/client';
import { useGameStore } from '../../store/gameStore';
import { gameState } from '../encounter/testFixtures';
import { drugRows } from './DrugsView';
import { InventoryView } from './InventoryView';

function show(tab: 'equipment' | 'drugs' | 'consumables') {
  render(
    <MemoryRouter>
      <InventoryView tab={tab} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  useGameStore.setState({ gameData: {}, modals: [], uiState: 'IDLE', messages: [] });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Equipment', () => {
  it('shows the empty text without equipment', () => {
    useGameStore.getState().setGameState(gameState({ encounter: null }));
    show('equipment');
    expect(
      screen.getByText("You don't have any equipment. Visit the Shopping area to buy weapons and armor."),
    ).toBeTruthy();
  });

  it('disables Equip for the equipped weapon and shows damage and protection', () => {
    const gs = gameState({ encounter: null, weapon: 'pistol' });
    gs.player.weapons.knife = { quantity: 1 };
    gs.player.items.armor = { [Object.keys(gs.player.items.armor)[0] ?? 'x']: { quantity: 0 } };
    useGameStore.getState().setGameState(gs);
    show('equipment');
    expect(screen.getByText(/9mm Pistol \(Damage: 30\)/, { selector: 'span' })).toBeTruthy();
    const equipButtons = screen.getAllByRole('button', { name: /^Equip / }) as HTMLButtonElement[];
    // list order is catalogue order: knife, then pistol; each button names its item (not five 'Equip's)
    expect(equipButtons.map((b) => [b.getAttribute('aria-label'), b.disabled])).toEqual([
      ['Equip Switchblade', false],
      ['Equip 9mm Pistol', true],
    ]);
  });

  it("shows each gun's ammo and rounds, flagged when it has none; nothing for the knife", () => {
    const gs = gameState({ encounter: null, weapon: 'pistol' });
    gs.player.weapons = { pistol: { quantity: 1 }, knife: { quantity: 1 }, shotgun: { quantity: 1 } };
    gs.player.items.ammo = { ammo_9mm: 14 };
    useGameStore.getState().setGameState(gs);
    show('equipment');
    const notes = Array.from(document.querySelectorAll('.ammo-note')).map((n) => [n.textContent?.trim(), n.classList.contains('warning-text')]);
    // the equipped pistol, then the owned list in catalogue order: pistol, shotgun (the knife needs none)
    expect(notes).toEqual([
      ['9mm Rounds: 14', false],
      ['9mm Rounds: 14', false],
      ['Shotgun Shells: 0 (out of ammo)', true],
    ]);
  });

  it("says 'Failed to equip item' and 'Failed to unequip item' when the calls fail", async () => {
    const gs = gameState({ encounter: null, weapon: 'pistol' });
    gs.player.weapons.knife = { quantity: 1 };
    useGameStore.getState().setGameState(gs);
    vi.spyOn(api, 'equip').mockRejectedValue(new ApiError({ status: 400, code: 'NOT_OWNED', message: 'Nope.' }));
    vi.spyOn(api, 'unequip').mockRejectedValue(new ApiError({ status: 400, code: 'INVALID_INPUT', message: 'Nope.' }));
    show('equipment');
    fireEvent.click(screen.getAllByRole('button', { name: /^Equip / })[0]!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to equip item'));
    fireEvent.click(screen.getByRole('button', { name: 'Unequip 9mm Pistol' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Failed to unequip item'));
  });
});

describe('Your Drugs', () => {
  it('values drugs at the market price, or the average paid where there is none', () => {
    const gs = gameState({ encounter: null });
    gs.prices = { weed: 300 };
    gs.player.inventory = { weed: { quantity: 10, totalCost: 2500 }, acid: { quantity: 4, totalCost: 4002 }, speed: { quantity: 0, totalCost: 0 } };
    expect(drugRows(gs)).toEqual([
      { drugId: 'weed', units: 10, price: 300, total: 3000 },
      { drugId: 'acid', units: 4, price: 1001, total: 4004 },
    ]);
    useGameStore.getState().setGameState(gs);
    show('drugs');
    expect(screen.getByText('$7,004')).toBeTruthy();
    expect(screen.getByText('Pockets: 0/100')).toBeTruthy();
  });

  it('says when nothing is carried', () => {
    useGameStore.getState().setGameState(gameState({ encounter: null }));
    show('drugs');
    expect(screen.getByText("You're not carrying any drugs.")).toBeTruthy();
  });
});

describe('Your Consumables', () => {
  it('lists held consumables with their value and the future-update note', () => {
    const gs = gameState({ encounter: null });
    const item = CONSUMABLES[0]!;
    gs.player.items.consumables = { [item.id]: 3 };
    useGameStore.getState().setGameState(gs);
    show('consumables');
    expect(screen.getByText(item.name)).toBeTruthy();
    expect(screen.getAllByText(formatMoney(item.price * 3))).toHaveLength(2); // the row and the total
    expect(screen.getByText(/future update/)).toBeTruthy();
  });
});
