import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { Ammo, Armor, ClientGameState, Consumable, Weapon } from '@drugwars/engine';
import { api } from '../../api/client';
import { useGameStore } from '../../store/gameStore';
import { engineReply, makeState } from '../../test/fixtures';
import { BuyQuantityModal } from './BuyQuantityModal';
import ShoppingView from './ShoppingView';
import type * as Hooks from '../../components/hooks';

// jsdom reports touch support, which is the phone layout; these tests are about the desktop one unless they say so
const mobile = vi.hoisted(() => ({ value: false }));
vi.mock('../../components/hooks', async (importOriginal) => ({
  ...(await importOriginal<typeof Hooks>()),
  useIsMobile: () => mobile.value,
}));

const weapons: Weapon[] = [
  { id: 'shotgun', name: 'Shotgun', price: 2500, damage: 45, description: 'Boom.', targetType: 'multi_target', accuracy: 0.6, ammoId: 'shells' } as Weapon,
  { id: 'knife', name: 'Knife', price: 100, damage: 10, description: 'Stabby.', targetType: 'single_target', accuracy: 0.9, ammoId: null } as Weapon,
  { id: 'pistol', name: 'Pistol', price: 900, damage: 30, description: 'Pew.', targetType: 'single_target', accuracy: 0.7, ammoId: 'nines' } as Weapon,
];
const armor: Armor[] = [
  { id: 'vest', name: 'Kevlar Vest', price: 900, protection: 20, description: 'Stops a bit.' } as Armor,
  { id: 'jacket', name: 'Leather Jacket', price: 200, protection: 5, description: 'Stylish.' } as Armor,
];
const ammo: Ammo[] = [
  { id: 'shells', name: 'Shotgun Shells', price: 40, maxCarry: 50 } as Ammo,
  { id: 'nines', name: 'Nines', price: 10, maxCarry: 200 } as Ammo,
];
const consumables: Consumable[] = [{ id: 'medkit', name: 'Medkit', price: 300, description: 'Patches you up.' } as Consumable];

function state(cash: number): ClientGameState {
  const gs = makeState({ cash });
  gs.player.items.ammo = { shells: 12 };
  return gs;
}

function show(gs: ClientGameState) {
  useGameStore.getState().setGameState(gs);
  render(<ShoppingView />);
}

const rowsOf = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').map((c) => c.textContent));

beforeEach(() => {
  useGameStore.setState({ modals: [], messages: [], uiState: 'IDLE', gameData: { weapons, armor, ammo, consumables } });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ShoppingView', () => {
  it('has the four tabs; weapons sorted by price with their columns; Buy disabled above cash', () => {
    show(state(1000));
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Weapons', 'Armor', 'Ammo', 'Consumables']);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Weapon', 'Price', 'Damage', 'Ammo', 'You Have', 'Buy']);
    expect(rowsOf().map((r) => r[0])).toEqual(['Knife', 'Pistol', 'Shotgun']);
    // each gun's ammo with the rounds owned (12 shells, no nines); the knife needs none
    expect(rowsOf().map((r) => r[3])).toEqual(['none needed', 'Nines: 0', 'Shotgun Shells: 12']);
    expect((screen.getByRole('button', { name: 'Buy Knife' }) as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByRole('button', { name: 'Buy Shotgun' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('armor, ammo and consumables columns', () => {
    show(state(1000));
    fireEvent.click(screen.getByRole('tab', { name: 'Armor' }));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Armor', 'Price', 'Protection', 'You Have', 'Buy']);
    expect(rowsOf().map((r) => r[0])).toEqual(['Leather Jacket', 'Kevlar Vest']);
    fireEvent.click(screen.getByRole('tab', { name: 'Ammo' }));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Ammo Type', 'Price', 'Max Carry', 'For', 'You Have', 'Buy']);
    expect(rowsOf().map((r) => r.slice(0, 5))).toEqual([
      ['Nines', '$10', '200', 'Pistol', '0'],
      ['Shotgun Shells', '$40', '50', 'Shotgun', '12'],
    ]);
    fireEvent.click(screen.getByRole('tab', { name: 'Consumables' }));
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Item', 'Price', 'Description', 'You Have', 'Buy']);
  });

  it("buys a weapon at once with '🔫 Successfully purchased {weapon}!'", async () => {
    const gs = state(1000);
    vi.spyOn(api, 'buy').mockResolvedValue(engineReply(gs, { type: 'shopBuy', itemType: 'weapon', itemId: 'knife', quantity: 1 }));
    show(gs);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy Knife' })));
    expect(api.buy).toHaveBeenCalledWith('weapon', 'knife', 1);
    expect(useGameStore.getState().messages.at(-1)?.text).toBe('🔫 Successfully purchased Knife!');
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('says so when the gun bought has no rounds; not when it has', async () => {
    vi.spyOn(api, 'buy').mockResolvedValue(engineReply(state(5000), { type: 'shopBuy', itemType: 'weapon', itemId: 'pistol', quantity: 1 }));
    show(state(5000));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy Pistol' })));
    const warning = 'Your Pistol fires Nines and you have none: buy some under Shopping, Ammo, or you fight with your fists.';
    expect(useGameStore.getState().messages.slice(-2).map((m) => [m.text, m.type])).toEqual([
      ['🔫 Successfully purchased Pistol!', 'success'],
      [warning, 'warning'],
    ]);
    expect(screen.getByRole('status').textContent).toBe(warning);
    // the shotgun finds its 12 shells: no warning
    cleanup();
    useGameStore.setState({ messages: [] });
    vi.mocked(api.buy).mockResolvedValue(engineReply(state(50_000), { type: 'shopBuy', itemType: 'weapon', itemId: 'shotgun', quantity: 1 }));
    show(state(50_000));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy Shotgun' })));
    expect(useGameStore.getState().messages.map((m) => m.text)).toEqual(['🔫 Successfully purchased Shotgun!']);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it("buys armor with '🛡️ Successfully purchased {armor}!'", async () => {
    const gs = state(1000);
    vi.spyOn(api, 'buy').mockResolvedValue({ success: true, version: 1, message: 'ok', gameState: gs });
    show(gs);
    fireEvent.click(screen.getByRole('tab', { name: 'Armor' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy Leather Jacket' })));
    expect(api.buy).toHaveBeenCalledWith('armor', 'jacket', 1);
    expect(useGameStore.getState().messages.at(-1)?.text).toBe('🛡️ Successfully purchased Leather Jacket!');
  });

  it("buys ammo through the quantity modal with '✅ Successfully purchased {qty}x {item}!'", async () => {
    const gs = state(1000);
    vi.spyOn(api, 'buy').mockResolvedValue(engineReply(gs, { type: 'shopBuy', itemType: 'ammo', itemId: 'shells', quantity: 5 }));
    show(gs);
    fireEvent.click(screen.getByRole('tab', { name: 'Ammo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Buy Shotgun Shells' }));
    const dialog = screen.getByRole('dialog', { name: 'Shotgun Shells' });
    expect(within(dialog).getByText('Max Carry: 50 units')).toBeTruthy();
    expect(within(dialog).getByText('You have: 12 units')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '5' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Buy' })));
    expect(api.buy).toHaveBeenCalledWith('ammo', 'shells', 5);
    expect(useGameStore.getState().messages.at(-1)?.text).toBe('✅ Successfully purchased 5x Shotgun Shells!');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('BuyQuantityModal', () => {
  const item = { name: 'Medkit', description: 'Patches you up.', price: 300, have: 0 };

  it('shows the item, the price, the maximum affordable and the total; minus and plus stay within 1..max', () => {
    render(<BuyQuantityModal item={item} cash={1000} maximum={3} onBuy={vi.fn(async () => true)} onClose={vi.fn()} />);
    expect(screen.getByText('Patches you up.')).toBeTruthy();
    expect(screen.getByText('Price: $300 each')).toBeTruthy();
    expect(screen.queryByText(/Max Carry/)).toBeNull();
    expect(screen.queryByText(/You have/)).toBeNull();
    expect(screen.getByText('Max affordable: 3')).toBeTruthy();
    const input = screen.getByLabelText('Quantity') as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: 'Decrease quantity' }));
    expect(input.value).toBe('1');
    for (let i = 0; i < 5; i++) fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect(input.value).toBe('3');
    expect(screen.getByText('Total Cost:', { exact: false }).textContent).toBe('Total Cost: $900');
  });

  it('has no minus and plus buttons on a phone', () => {
    mobile.value = true;
    render(<BuyQuantityModal item={item} cash={1000} maximum={3} onBuy={vi.fn(async () => true)} onClose={vi.fn()} />);
    mobile.value = false;
    expect(screen.queryByRole('button', { name: 'Increase quantity' })).toBeNull();
    expect(screen.getByLabelText('Quantity')).toBeTruthy();
  });

  it("says 'Insufficient funds! You need $x more.' and will not buy above the cash", () => {
    const onBuy = vi.fn(async () => true);
    render(<BuyQuantityModal item={item} cash={1000} maximum={3} onBuy={onBuy} onClose={vi.fn()} />);
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '4' } });
    expect(screen.getByRole('alert').textContent).toBe('Insufficient funds! You need $200 more.');
    const buy = screen.getByRole('button', { name: 'Buy' }) as HTMLButtonElement;
    expect(buy.disabled).toBe(true);
    fireEvent.submit(buy.closest('form')!);
    expect(onBuy).not.toHaveBeenCalled();
  });

  it('offers no more ammo than Max Carry leaves room for, even when the cash affords more', () => {
    const rounds = { name: '.22 Rounds', price: 5, maxCarry: 100, have: 30 };
    const onBuy = vi.fn(async () => true);
    render(<BuyQuantityModal item={rounds} cash={1100} maximum={70} onBuy={onBuy} onClose={vi.fn()} />);
    expect(screen.queryByText(/Max affordable/)).toBeNull();
    expect(screen.getByText('Max: 70 (you can carry 70 more)')).toBeTruthy();
    for (let i = 0; i < 80; i++) fireEvent.click(screen.getByRole('button', { name: 'Increase quantity' }));
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).value).toBe('70');
    fireEvent.change(screen.getByLabelText('Quantity'), { target: { value: '71' } });
    expect(screen.getByRole('alert').textContent).toBe('You can only carry 100 .22 Rounds (you have 30).');
    expect((screen.getByRole('button', { name: 'Buy' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's refusal in the dialog and stays open", async () => {
    const onClose = vi.fn();
    render(<BuyQuantityModal item={item} cash={1000} maximum={3} onBuy={vi.fn(async () => 'The gun shop is closed.')} onClose={onClose} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Buy' })));
    expect(screen.getByRole('alert').textContent).toBe('The gun shop is closed.');
    expect(onClose).not.toHaveBeenCalled();
  });

  it('a row number then B buys that item of the tab shown; ammo asks how many, with MAX', async () => {
    const buy = vi.spyOn(api, 'buy').mockResolvedValue({ success: true, version: 1, message: 'ok', gameState: state(900) });
    show(state(1000));
    const first = screen.getAllByRole('row')[1]!;
    fireEvent.keyDown(window, { key: '1' });
    expect(first.className).toContain('row-selected');
    await act(async () => fireEvent.keyDown(window, { key: 'b' }));
    expect(buy).toHaveBeenCalledTimes(1);
    expect(buy.mock.calls[0]![0]).toBe('weapon');
    fireEvent.click(screen.getByRole('tab', { name: 'Ammo' }));
    fireEvent.keyDown(window, { key: 'b' });
    fireEvent.keyDown(window, { key: '1' });
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByRole('button', { name: 'MAX' })).toBeTruthy();
  });
});
