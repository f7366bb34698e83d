// Shipping is disabled (SPEC.md section 2): the banner and an inert form.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { api } from '../../api/client';
import { useGameStore } from '../../store/gameStore';
import { makeState } from '../../test/fixtures';
import ShippingView from './ShippingView';

beforeEach(() => {
  useGameStore.getState().resetGame();
  useGameStore.getState().setGameState(makeState({ inventory: { weed: { quantity: 5, totalCost: 500 } } }));
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('ShippingView', () => {
  it('shows the banner and a disabled form with companies by price per unit and success rate', async () => {
    vi.spyOn(api, 'shippingCompanies').mockResolvedValue({
      success: true,
      companies: [{ id: 'fedex', name: 'FedUp', pricePerUnit: 25, successRate: 0.9, days: 2 }],
    });
    render(<ShippingView />);
    await act(async () => undefined);
    expect(screen.getByText('FEATURE NOT YET IMPLEMENTED, Shipping functionality coming soon')).toBeTruthy();
    expect(screen.getByRole('option', { name: 'FedUp: $25/unit, 90% success' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Ship' }) as HTMLButtonElement).matches(':disabled')).toBe(true);
    expect((screen.getByLabelText('Quantity') as HTMLInputElement).matches(':disabled')).toBe(true);
  });

  it('a failure to load the companies is only logged', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    vi.spyOn(api, 'shippingCompanies').mockRejectedValue(new Error('down'));
    render(<ShippingView />);
    await act(async () => undefined);
    expect(warn).toHaveBeenCalled();
    expect(screen.getByText('FEATURE NOT YET IMPLEMENTED, Shipping functionality coming soon')).toBeTruthy();
  });
});
