// The market view (SPEC.md section 2): columns, which rows show, trend arrows, and when Buy and Sell are offered.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { resetHotkeys } from '../../components/useHotkeys';
import { useAnnouncer } from '../../store/announcer';
import { useGameStore } from '../../store/gameStore';
import { makeState, market } from '../../test/fixtures';
import { visibleMarketRows } from '../../lib/marketRows';
import { MarketView, tradeContextFor } from './MarketView';

beforeEach(() => {
  useGameStore.getState().resetGame();
  useGameStore.setState({ gameData: {} });
});
afterEach(() => {
  cleanup();
  resetHotkeys();
  vi.restoreAllMocks();
});

function show(cash: number) {
  useGameStore.getState().setGameState(
    makeState({
      cash,
      marketInfo: [
        market('weed', { name: 'Weed', price: 300, quantity: 10, previousPrice: 200 }),
        market('acid', { name: 'Acid', price: 3000, quantity: 5 }),
        market('speed', { name: 'Speed', price: 90, quantity: 0 }),
        market('ludes', { name: 'Ludes', price: 20, quantity: 0 }),
      ],
      inventory: { speed: { quantity: 4, totalCost: 400 } },
    }),
  );
  render(<MarketView />);
}

const row = (drug: string) => screen.getByRole('cell', { name: drug }).closest('tr') as HTMLTableRowElement;

describe('MarketView', () => {
  it('has the columns of SPEC.md and hides drugs neither in stock, owned nor spiking or crashing', () => {
    show(1000);
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Drug',
      'Price',
      'QTY Available',
      'You Have',
      'Action',
    ]);
    expect(screen.queryByRole('cell', { name: 'Ludes' })).toBeNull();
    expect(row('Speed')).toBeTruthy(); // out of stock but owned
  });

  it('disables Buy when cash is below the price or stock is 0; Sell only for what is owned', () => {
    show(1000);
    expect((within(row('Weed')).getByRole('button', { name: 'Buy Weed' }) as HTMLButtonElement).disabled).toBe(false);
    expect((within(row('Acid')).getByRole('button', { name: 'Buy Acid' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(row('Speed')).getByRole('button', { name: 'Buy Speed' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(row('Weed')).queryByRole('button', { name: /Sell/ })).toBeNull();
    expect(within(row('Speed')).getByRole('button', { name: 'Sell Speed' })).toBeTruthy();
  });

  it('marks a price change against the previous day with arrows that have a text alternative', () => {
    show(1000);
    // said in words, against what it compares with: the price last seen in this city
    const arrow = within(row('Weed')).getByRole('img', { name: 'up sharply since you were last here' });
    expect(arrow.textContent).toBe('▲▲▲'); // +50%
    expect(arrow.className).toContain('change-50');
    expect(within(row('Acid')).queryByRole('img')).toBeNull();
  });
});

describe('tradeContextFor', () => {
  it('buys up to the engine maximum (cash, free space, stock) and sells what is carried', () => {
    const gs = makeState({
      cash: 1000,
      usedSpace: 98,
      coatSpace: 100,
      marketInfo: [market('weed', { price: 100, quantity: 50 })],
      inventory: { weed: { quantity: 98, totalCost: 9800 } },
    });
    const entry = gs.marketInfo[0]!;
    expect(tradeContextFor(gs, entry, 'buy')).toMatchObject({ mode: 'buy', price: 100, cash: 1000, maximum: 2 });
    expect(tradeContextFor(gs, entry, 'sell')).toMatchObject({ mode: 'sell', maximum: 98 });
  });
});

describe('visibleMarketRows', () => {
  it('shows drugs in stock, owned, or spiking/crashing, and hides the rest', () => {
    const gs = makeState({
      marketInfo: [
        market('weed'),
        market('acid', { quantity: 0 }),
        market('ludes', { quantity: 0 }),
        market('pcp', { quantity: 0, trend: 'spike' }),
        market('mda', { quantity: 0, trend: 'crash' }),
      ],
      inventory: { ludes: { quantity: 3, totalCost: 30 } },
    });
    expect(visibleMarketRows(gs).map((m) => m.id)).toEqual(['weed', 'ludes', 'pcp', 'mda']);
  });
});

describe('MarketView keys', () => {
  const press = (key: string) => fireEvent.keyDown(window, { key });

  it('a row number then B opens that row\'s Buy dialog; B first waits for the number', () => {
    show(1000);
    press('1');
    expect(row('Weed').className).toContain('row-selected');
    expect(within(row('Weed')).getByRole('button', { name: 'Buy Weed' }).getAttribute('aria-keyshortcuts')).toBe('B');
    press('b');
    expect(screen.getByRole('dialog', { name: 'Buy Weed' })).toBeTruthy();
    // the dialog owns the keys now: S does not open a Sell dialog under it
    press('s');
    expect(screen.queryByRole('dialog', { name: /Sell/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    cleanup();
    show(1000);
    press('s');
    expect(screen.queryByRole('dialog')).toBeNull();
    press('3'); // Speed, the third row, is owned
    expect(screen.getByRole('dialog', { name: 'Sell Speed' })).toBeTruthy();
  });

  it('a key the row does not offer does nothing but say why (Buy of a drug the cash cannot pay)', () => {
    show(1000);
    press('2'); // Acid at $3,000
    press('b');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(useAnnouncer.getState().polite.at(-1)?.text).toBe("You can't afford Acid at $3,000.");
    press('a');
    expect(useAnnouncer.getState().polite.at(-1)?.text).toBe('You have no Acid to sell.');
    press('ArrowUp');
    expect(row('Weed').className).toContain('row-selected');
  });

  it('rows 11 and 12 have keys too: - and =', () => {
    const ids = ['acid', 'cocaine', 'hashish', 'heroin', 'ludes', 'mda', 'opium', 'pcp', 'peyote', 'shrooms', 'speed', 'weed'];
    useGameStore.getState().setGameState(makeState({ cash: 100_000, marketInfo: ids.map((id) => market(id, { name: id, price: 10 })) }));
    render(<MarketView />);
    expect(within(row('speed')).getByText('speed').getAttribute('data-keyhint')).toBe('-');
    expect(within(row('weed')).getByText('weed').getAttribute('data-keyhint')).toBe('=');
    press('=');
    expect(row('weed').className).toContain('row-selected');
    press('b');
    expect(screen.getByRole('dialog', { name: 'Buy weed' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    press('-');
    press('b');
    expect(screen.getByRole('dialog', { name: 'Buy speed' })).toBeTruthy();
  });

  it('a buy that would leave less than the cheapest fare says so in the dialog before it is confirmed', () => {
    useGameStore.setState({ gameData: { locations: [
      { id: 'new_york', name: 'New York', flightPrice: 200, hasAirport: true, dangerLevel: 3 },
      { id: 'boston', name: 'Boston', flightPrice: 100, hasAirport: false, dangerLevel: 1 },
    ] } });
    show(1000); // Weed at $300
    press('1');
    press('b');
    const dialog = screen.getByRole('dialog', { name: 'Buy Weed' });
    expect(within(dialog).queryByText(/cheapest fare/)).toBeNull(); // 1 leaves $700
    press('m'); // 3 leave $100: still a fare
    expect(within(dialog).queryByText(/cheapest fare/)).toBeNull();
    fireEvent.change(within(dialog).getByLabelText('Quantity'), { target: { value: '3' } });
    const gs = useGameStore.getState().gameState!;
    act(() => useGameStore.getState().setGameState({ ...gs, player: { ...gs.player, cash: 950 } }));
    expect(within(screen.getByRole('dialog')).getByRole('status').textContent).toBe(
      'That leaves you $50, less than the cheapest fare out ($100): you would have to sell before you can fly.',
    );
  });

  it('a row stays, with its number, when its drug sells out during the visit', () => {
    show(1000); // Weed, Acid, Speed (held, none in stock)
    expect(within(row('Weed')).getByText('Weed').getAttribute('data-keyhint')).toBe('1');
    const gs = useGameStore.getState().gameState!;
    // all the Speed sold: the market has none in stock and the player holds none
    act(() => useGameStore.getState().setGameState({ ...gs, player: { ...gs.player, inventory: {} } }));
    expect(screen.getByRole('cell', { name: 'Speed' })).toBeTruthy();
    expect(within(row('Speed')).getByText('Speed').getAttribute('data-keyhint')).toBe('3');
    // the next day's market starts afresh
    act(() => useGameStore.getState().setGameState({ ...gs, day: gs.day + 1, player: { ...gs.player, inventory: {} } }));
    expect(screen.queryByRole('cell', { name: 'Speed' })).toBeNull();
  });
});
