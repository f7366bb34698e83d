import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ClientGameState } from '@drugwars/engine';
import { api, ApiError } from '../../api/client';
import { useGameStore } from '../../store/gameStore';
import { makeState, shark } from '../../test/fixtures';
import FinancesView, { daysUntilDue } from './FinancesView';


function withMoney(gs: ClientGameState, money: { cash?: number; bank?: number; debt?: number }): ClientGameState {
  const player = { ...gs.player, ...money };
  if (player.debt === 0) player.loanShark = null;
  return { ...gs, player };
}

function ok(gs: ClientGameState, message = 'Done.') {
  return { success: true as const, message, version: 1, gameState: gs };
}

async function show(gs: ClientGameState) {
  useGameStore.getState().setGameState(gs);
  render(<FinancesView />);
  await act(async () => undefined);
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

beforeEach(() => {
  vi.useRealTimers();
  useGameStore.setState({ modals: [], messages: [], uiState: 'IDLE' });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('Bank Account', () => {
  it('shows the balance, the displayed rate, and refuses an amount that is not a positive number', async () => {
    const deposit = vi.spyOn(api, 'deposit');
    await show(withMoney(makeState(), { cash: 2000, bank: 700 }));
    expect(screen.getByText('Bank Account')).toBeTruthy();
    expect(screen.getByText('$700')).toBeTruthy();
    expect(screen.getByText('Interest Rate: 5% per day')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Deposit' }));
    expect(screen.getByRole('alert').textContent).toBe('Amount must be positive');
    expect(deposit).not.toHaveBeenCalled();
  });

  it("deposits the amount and shows the server's refusal as the field error, shaking 500 ms", async () => {
    const gs = withMoney(makeState(), { cash: 2000, bank: 0 });
    vi.spyOn(api, 'deposit').mockResolvedValueOnce(ok(withMoney(gs, { cash: 1500, bank: 500 })));
    vi.spyOn(api, 'withdraw').mockRejectedValueOnce(
      new ApiError({ status: 400, code: 'INSUFFICIENT_FUNDS', message: "You don't have that much in the bank!" }),
    );
    await show(gs);
    fireEvent.change(field('Bank amount'), { target: { value: '500' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Deposit' })));
    expect(api.deposit).toHaveBeenCalledWith(500);
    expect(field('Bank amount').value).toBe('');
    expect(useGameStore.getState().gameState?.player.bank).toBe(500);

    vi.useFakeTimers();
    fireEvent.change(field('Bank amount'), { target: { value: '9000' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Withdraw' })));
    expect(screen.getByRole('alert').textContent).toBe("You don't have that much in the bank!");
    expect(field('Bank amount').closest('.amount-field')?.className).toContain('shake');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(field('Bank amount').closest('.amount-field')?.className).not.toContain('shake');
  });

  it("falls back to 'Deposit failed' when the server gives no sentence", async () => {
    vi.spyOn(api, 'deposit').mockRejectedValueOnce(new ApiError({ status: 400, code: 'HTTP_400', message: 'HTTP 400' }));
    await show(withMoney(makeState(), { cash: 2000 }));
    fireEvent.change(field('Bank amount'), { target: { value: '5' } });
    // painted at once, then refused by the server: undone, with SPEC.md's fallback texts
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Deposit' })));
    expect(useGameStore.getState().modals.at(-1)).toEqual({ kind: 'error', message: 'Deposit failed' });
    expect(useGameStore.getState().messages.at(-1)).toMatchObject({ text: 'Undone: Bank action failed', type: 'error' });
    expect(useGameStore.getState().gameState?.player.cash).toBe(2000);
  });
});

describe('Loan shark with debt', () => {
  it("titles the section by the shark, shows debt, rate and days until due, and caps MAX at the lesser of cash and debt", async () => {
    await show(withMoney(makeState(), { cash: 600, debt: 1000 }));
    expect(screen.getByText('Loan Shark: Vinnie')).toBeTruthy();
    expect(screen.getByText('$1,000')).toBeTruthy();
    expect(screen.getByText('Daily Interest: 10%')).toBeTruthy();
    expect(screen.getByText('Days until due:', { exact: false }).textContent).toBe('Days until due: 6'); // due day 8, day 2
    fireEvent.click(screen.getByRole('button', { name: 'MAX Pay back amount' }));
    expect(field('Pay back amount').value).toBe('600');
    // cash does not cover the debt: no Pay Full Debt
    expect(screen.queryByRole('button', { name: /Pay Full Debt/ })).toBeNull();
  });

  it("offers 'Pay Full Debt ($x)' when cash covers the debt and pays exactly the debt", async () => {
    const gs = withMoney(makeState(), { cash: 2000, debt: 1000 });
    vi.spyOn(api, 'payLoan').mockResolvedValueOnce(ok(withMoney(gs, { cash: 1000, debt: 0 })));
    vi.spyOn(api, 'loanSharks').mockResolvedValue([shark]);
    await show(gs);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay Full Debt ($1,000)' })));
    expect(api.payLoan).toHaveBeenCalledWith(1000);
    // debt became 0: the sharks are loaded and offered
    await waitFor(() => expect(screen.getByRole('button', { name: 'Borrow from Vinnie' })).toBeTruthy());
    expect(screen.getByText('No active loans')).toBeTruthy();
    expect(screen.getByText('Loan Sharks')).toBeTruthy();
  });

  it("uses 'Loan payment failed' when a refusal has no sentence", async () => {
    vi.spyOn(api, 'payLoan').mockRejectedValueOnce(new ApiError({ status: 400, code: 'HTTP_400', message: 'HTTP 400' }));
    await show(withMoney(makeState(), { cash: 2000, debt: 1000 }));
    fireEvent.change(field('Pay back amount'), { target: { value: '10' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay Back' })));
    expect(useGameStore.getState().modals.at(-1)).toEqual({ kind: 'error', message: 'Loan payment failed' });
    expect(useGameStore.getState().messages.at(-1)).toMatchObject({ text: 'Undone: Loan action failed', type: 'error' });
    expect(useGameStore.getState().gameState?.player.debt).toBe(1000);
  });
});

describe('daysUntilDue', () => {
  it('is a number, OVERDUE! past the due day, N/A without one', () => {
    expect(daysUntilDue(8, 2)).toBe('6');
    expect(daysUntilDue(8, 8)).toBe('0');
    expect(daysUntilDue(8, 9)).toBe('OVERDUE!');
    expect(daysUntilDue(null, 9)).toBe('N/A');
  });
});

describe('Loan sharks without debt', () => {
  it('lists the offers with their terms; a loan above the maximum is refused before any call', async () => {
    vi.spyOn(api, 'loanSharks').mockResolvedValue([shark]);
    const borrow = vi.spyOn(api, 'borrow');
    await show(withMoney(makeState(), { debt: 0 }));
    expect(api.loanSharks).toHaveBeenCalledTimes(1);
    expect(screen.getByText('Max Loan')).toBeTruthy();
    expect(screen.getByText('$5,000')).toBeTruthy();
    expect(screen.getByText('Total Interest after 7 days')).toBeTruthy();
    expect(screen.getByText('94.9%')).toBeTruthy();
    expect(screen.getByText('Breaks legs on day eight.')).toBeTruthy();
    fireEvent.change(field('Borrow amount from Vinnie'), { target: { value: '5001' } });
    fireEvent.click(screen.getByRole('button', { name: 'Borrow from Vinnie' }));
    expect(screen.getByRole('alert').textContent).toBe('Amount exceeds maximum loan of $5,000');
    expect(borrow).not.toHaveBeenCalled();
  });

  it('borrows the maximum through the borrow-max call and less through borrow', async () => {
    const gs = withMoney(makeState(), { debt: 0 });
    vi.spyOn(api, 'loanSharks').mockResolvedValue([shark]);
    vi.spyOn(api, 'borrowMax').mockResolvedValueOnce(ok(gs));
    vi.spyOn(api, 'borrow').mockResolvedValueOnce(ok(gs));
    await show(gs);
    fireEvent.click(screen.getByRole('button', { name: 'MAX Borrow amount from Vinnie' }));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Borrow from Vinnie' })));
    expect(api.borrowMax).toHaveBeenCalledWith('vinnie');
    fireEvent.change(field('Borrow amount from Vinnie'), { target: { value: '300' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Borrow from Vinnie' })));
    expect(api.borrow).toHaveBeenCalledWith(300, 'vinnie');
  });

  it("says 'No loan sharks available at your current rank' for an empty list", async () => {
    vi.spyOn(api, 'loanSharks').mockResolvedValue([]);
    await show(withMoney(makeState(), { debt: 0 }));
    expect(screen.getByText('No loan sharks available at your current rank')).toBeTruthy();
  });
});

describe('Finances keys', () => {
  const press = async (key: string) => act(async () => fireEvent.keyDown(window, { key }));

  it('D deposits all the cash; W asks how much to withdraw, with MAX; P pays the debt in full', async () => {
    const gs = withMoney(makeState({ cash: 1500 }), { bank: 700, debt: 1000 });
    const deposit = vi.spyOn(api, 'deposit').mockResolvedValue(ok(withMoney(gs, { cash: 0, bank: 2200 })));
    const withdraw = vi.spyOn(api, 'withdraw').mockResolvedValue(ok(withMoney(gs, { cash: 1700, bank: 500 })));
    const pay = vi.spyOn(api, 'payLoan').mockResolvedValue(ok(withMoney(gs, { cash: 500, debt: 0 })));
    vi.spyOn(api, 'loanSharks').mockResolvedValue([shark]);
    await show(gs);
    expect(screen.getByRole('button', { name: 'Deposit All' }).getAttribute('aria-keyshortcuts')).toBe('D');
    await press('w');
    const dialog = screen.getByRole('dialog', { name: 'Withdraw' });
    expect(dialog.textContent).toContain('Max: $700');
    const amount = screen.getByLabelText('Amount') as HTMLInputElement;
    expect(amount.value).toBe('700');
    fireEvent.change(amount, { target: { value: '200' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    expect(withdraw).toHaveBeenCalledWith(200);
    expect(screen.queryByRole('dialog')).toBeNull();
    cleanup();
    await show(gs);
    await press('p');
    expect(pay).toHaveBeenCalledWith(1000);
    cleanup();
    await show(gs);
    await press('d');
    expect(deposit).toHaveBeenCalledWith(1500);
  });

  it('B asks how much to borrow from the shark picked by its number (the first by default)', async () => {
    const gs = withMoney(makeState({ cash: 100 }), { debt: 0 });
    const other = { ...shark, id: 'tony', name: 'Tony', maxLoan: 9000 };
    vi.spyOn(api, 'loanSharks').mockResolvedValue([shark, other]);
    const borrow = vi.spyOn(api, 'borrow').mockResolvedValue(ok(withMoney(gs, { cash: 600, debt: 500 })));
    await show(gs);
    await waitFor(() => screen.getByText('Tony'));
    await press('2');
    await press('b');
    expect(screen.getByRole('dialog', { name: 'Borrow from Tony' }).textContent).toContain('Max: $9,000');
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '500' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    expect(borrow).toHaveBeenCalledWith(500, 'tony');
  });
});
