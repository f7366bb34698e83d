// The transition screen and the navigation modes of the game screen (SPEC.md section 2).
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useGameStore } from '../../store/gameStore';
import { Navigation } from './Navigation';
import { TransitionScreen } from './TransitionScreen';

beforeEach(() => useGameStore.getState().resetGame());
afterEach(cleanup);

describe('TransitionScreen', () => {
  it("shows the plane with the message, 'Next Day...' by default, and a sleeping face when it mentions sleep", () => {
    const { container, rerender } = render(<TransitionScreen message="Traveling..." />);
    expect(screen.getByRole('status').textContent).toContain('Traveling...');
    expect(container.querySelector('.plane')).not.toBeNull();
    rerender(<TransitionScreen />);
    expect(screen.getByText('Next Day...')).toBeTruthy();
    rerender(<TransitionScreen message="Sleeping..." />);
    expect(container.querySelector('.sleep-face')).not.toBeNull();
    expect(container.querySelector('.plane')).toBeNull();
  });

  it('flies to a city with an airport and drives to one without', () => {
    const { container, rerender } = render(<TransitionScreen message="Traveling..." destination="miami" />);
    expect(container.querySelector('.plane')?.className).toContain('by-air');
    expect(container.querySelector('.plane')?.textContent).toBe('✈');
    rerender(<TransitionScreen message="Traveling..." destination="detroit" />);
    expect(container.querySelector('.plane')?.className).toContain('by-road');
    expect(container.querySelector('.plane')?.textContent).toBe('🚗');
  });
});

describe('Navigation', () => {
  const items = () => screen.getAllByRole('button').filter((b) => b.className.includes('nav-item')).map((b) => b.textContent);

  it('has Places, Info and Inventory, each with its views', () => {
    render(<Navigation />);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Places', 'Info', 'Inventory']);
    expect(items()).toEqual(['Market', 'Stash', 'Finances', 'Shopping', 'Hospital', 'Shipping', 'Travel']);
    fireEvent.click(screen.getByRole('tab', { name: 'Info' }));
    expect(items()).toEqual(['World Drug Prices', 'Other Stashes', 'Shipment Tracking', 'Charts']);
    expect(useGameStore.getState().view).toBe('world_prices');
    fireEvent.click(screen.getByRole('tab', { name: 'Inventory' }));
    expect(items()).toEqual(['Equipment', 'Drugs', 'Consumables']);
    fireEvent.click(screen.getByRole('button', { name: 'Drugs' }));
    expect(useGameStore.getState().view).toBe('player_inventory');
    expect(useGameStore.getState().inventoryTab).toBe('drugs');
  });
});
