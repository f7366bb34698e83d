import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ClientGameState } from '@drugwars/engine';
import { useGameStore } from '../../store/gameStore';
import { makeState } from '../../test/fixtures';
import { CashCounter } from './CashCounter';
import { MessageLog } from './MessageLog';
import { StatusBar } from './StatusBar';
import type * as Hooks from '../../components/hooks';

const mobile = vi.hoisted(() => ({ value: false }));
vi.mock('../../components/hooks', async (importOriginal) => ({
  ...(await importOriginal<typeof Hooks>()),
  useIsMobile: () => mobile.value,
}));

function state(p: Partial<ClientGameState['player']> = {}, day = 2, maxDays = 30): ClientGameState {
  const gs = makeState();
  return { ...gs, day, maxDays, player: { ...gs.player, ...p } };
}

/** An element's text as a screen reader says it: without what is aria-hidden (the animated cash count). */
function spoken(el: Element): string {
  const copy = el.cloneNode(true) as Element;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return (copy.textContent ?? '').replace(/\s+/g, ' ').trim();
}
const stats = () => Array.from(document.querySelectorAll('.stat')).map(spoken);

beforeEach(() => {
  mobile.value = false;
  useGameStore.setState({
    messages: [],
    gameData: { locations: [{ id: 'new_york', name: 'New York', flightPrice: 100, hasAirport: true, dangerLevel: 2 }] },
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('StatusBar (desktop)', () => {
  it('puts every figure in its own cell, its label over its value, and the whole debt text in the title', () => {
    useGameStore.getState().setGameState(state({ cash: 2000, debt: 1000 }));
    render(<StatusBar />);
    const cells = Array.from(document.querySelectorAll('.status-desktop > .stat'));
    expect(cells).toHaveLength(8);
    for (const cell of cells) expect(cell.firstElementChild?.className).toBe('stat-label');
    const debt = cells[4]!;
    expect(debt.getAttribute('title')).toBe('$1,000 to Vinnie');
    // the cash's change indicator floats over the figure's end instead of pushing its neighbours
    expect(cells[3]!.querySelector('.cash-counter')).toBeTruthy();
  });

  it('shows day, rank, location, cash, debt to the shark, bank, health and the inventory label', () => {
    useGameStore.getState().setGameState(state({ cash: 2000, bank: 350, debt: 1000, health: 64, usedSpace: 12, coatSpace: 100 }));
    render(<StatusBar />);
    expect(stats()).toEqual([
      'Day 2/30',
      'Rank Wannabe',
      'Location New York',
      'Cash $2,000',
      'Debt $1,000 to Vinnie',
      'Bank $350',
      'Health 64%',
      'Pockets 12/100',
    ]);
    expect(document.querySelector('.health-warning')).toBeTruthy();
  });

  it("caps the day at the maximum, shows '$0' without debt and falls back to 'Wannabe' and 'Inventory'", () => {
    const gs = state({ debt: 0, loanShark: null }, 31, 30);
    gs.player = { ...gs.player, rank: { name: '', level: 1, inventoryName: '' } };
    useGameStore.getState().setGameState(gs);
    render(<StatusBar />);
    expect(stats()).toContain('Day 30/30');
    expect(stats()).toContain('Debt $0');
    expect(stats()).toContain('Rank Wannabe');
    expect(stats()).toContain('Inventory 0/100');
  });
});

describe('StatusBar (phone)', () => {
  it("every figure exact over three rows: cash and bank, debt and HP, then day, location and 'Pocket: used/capacity'", () => {
    mobile.value = true;
    useGameStore.getState().setGameState(state({ cash: 2500, debt: 1500, bank: 1_234_567, health: 9, usedSpace: 3, coatSpace: 100 }));
    render(<StatusBar />);
    const rows = Array.from(document.querySelectorAll('.status-row')).map((r) =>
      Array.from(r.querySelectorAll('.stat')).map(spoken),
    );
    expect(rows).toEqual([
      ['Cash $2,500', 'Bank $1,234,567'],
      ['Debt $1,500', 'HP 9%'],
      ['Day 2/30', 'New York', 'Pocket: 3/100'],
    ]);
    expect(document.querySelector('.health-critical')).toBeTruthy();
  });

  it('leaves the debt out when there is none, keeping its column so HP stays put', () => {
    mobile.value = true;
    useGameStore.getState().setGameState(state({ debt: 0, loanShark: null, cash: 12_345_678 }));
    render(<StatusBar />);
    expect(screen.queryByText('Debt')).toBeNull();
    const second = document.querySelectorAll('.status-row')[1]!;
    expect(Array.from(second.children).map((c) => c.className.split(' ')[0])).toEqual(['stat-empty', 'stat']);
    expect(spoken(document.querySelector('.status-row')!)).toContain('Cash $12,345,678');
  });
});

describe('StatusBar: the end of the run', () => {
  it('says so on the last two days, in both layouts, and not before', () => {
    const warning = () => screen.queryByRole('status')?.textContent ?? null;
    useGameStore.getState().setGameState(state({}, 28, 30));
    render(<StatusBar />);
    expect(warning()).toBeNull();
    cleanup();
    useGameStore.getState().setGameState(state({}, 29, 30));
    render(<StatusBar />);
    expect(warning()).toBe('ONE DAY LEFT after today: sell up by tomorrow');
    cleanup();
    mobile.value = true;
    useGameStore.getState().setGameState(state({}, 32, 32)); // a promotion gave two more days
    render(<StatusBar />);
    expect(warning()).toBe('LAST DAY: sell everything');
  });
});

describe('CashCounter', () => {
  it('counts to the new cash in about 500 ms; the indicator stays 1.5 s, the class 0.6 s; size follows the change', () => {
    vi.useFakeTimers();
    const { rerender, container } = render(<CashCounter cash={1000} />);
    expect(container.querySelector('.cash-value')?.textContent).toBe('$1,000');
    rerender(<CashCounter cash={1600} />); // +60%: triple
    // the count and the marks are for the eye; a screen reader hears the new cash at once, and only it
    expect(container.querySelector('.cash-value')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector('.cash-indicator')?.getAttribute('aria-hidden')).toBe('true');
    expect(spoken(container)).toBe('$1,600');
    expect(container.querySelector('.cash-indicator')?.textContent).toBe('+++');
    expect(container.querySelector('.cash-counter')?.className).toContain('cash-up');
    act(() => {
      vi.advanceTimersByTime(600);
    });
    expect(container.querySelector('.cash-value')?.textContent).toBe('$1,600');
    expect(container.querySelector('.cash-counter')?.className).not.toContain('cash-up');
    expect(container.querySelector('.cash-indicator')).toBeTruthy();
    act(() => {
      vi.advanceTimersByTime(900);
    });
    expect(container.querySelector('.cash-indicator')).toBeNull();
    rerender(<CashCounter cash={1200} />); // -25%: double
    expect(container.querySelector('.cash-indicator')?.textContent).toBe('--');
    rerender(<CashCounter cash={1100} />); // -8%: single
    expect(container.querySelector('.cash-indicator')?.textContent).toBe('-');
  });
});

describe('MessageLog', () => {
  it("is collapsed by default, prefixes lines with '> ', marks earlier days old, and collapses on the minimize signal", () => {
    useGameStore.getState().setGameState(state({}, 3));
    useGameStore.setState({
      messages: [
        { id: 1, text: 'Yesterday', type: 'info', day: 2 },
        { id: 2, text: 'Today', type: 'success', day: 3 },
      ],
    });
    render(<MessageLog />);
    const toggle = screen.getByRole('button', { name: /MESSAGES/ });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    const items = screen.getAllByRole('listitem');
    expect(items.map((i) => i.textContent)).toEqual(['> Yesterday', '> Today']);
    expect(items[0]?.className).toContain('message-old');
    expect(items[1]?.className).toContain('message-success');
    expect(items[1]?.className).not.toContain('message-old');
    act(() => useGameStore.getState().minimizeLog());
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
