import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { ErrorModal } from './ErrorModal';
import { Modal } from './Modal';
import type { TradeContext } from '../lib/tradeLimits';
import { tradeContext as ctx } from '../test/fixtures';
import { TradeModal } from './TradeModal';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function open(c: TradeContext, onConfirm = vi.fn(async (_q: number): Promise<boolean | string> => true), keypad = false) {
  const onClose = vi.fn();
  render(<TradeModal ctx={c} onConfirm={onConfirm} onClose={onClose} keypad={keypad} />);
  return { onConfirm, onClose, input: screen.getByLabelText('Quantity') as HTMLInputElement };
}

describe('TradeModal', () => {
  it('titles the modal by mode and drug and shows the price line and the maximum', () => {
    open(ctx());
    expect(screen.getByRole('dialog', { name: 'Buy Weed' })).toBeTruthy();
    expect(screen.getByText('Price: $300 each')).toBeTruthy();
    expect(screen.getByText('Max: 3')).toBeTruthy();
  });

  it('refuses more than you can afford, shakes for 500 ms and does not call the server', () => {
    vi.useFakeTimers();
    const { onConfirm, input } = open(ctx());
    fireEvent.change(input, { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert').textContent).toBe("You can't afford that much!");
    expect(screen.getByRole('dialog').className).toContain('shake');
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(screen.getByRole('dialog').className).not.toContain('shake');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('names the drug when selling more than you have', () => {
    const { input } = open(ctx({ mode: 'sell', maximum: 2 }));
    fireEvent.change(input, { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('alert').textContent).toBe("You don't have that much Weed!");
  });

  it('submits a valid quantity once even when confirmed twice', async () => {
    let resolve: (ok: boolean) => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<boolean>((r) => (resolve = r)));
    const { input, onClose } = open(ctx(), onConfirm);
    fireEvent.change(input, { target: { value: '2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith(2);
    await act(async () => resolve(true));
    expect(onClose).toHaveBeenCalled();
  });

  it('keypad: digits up to 9, Backspace, Clear, MAX, and ENTER submits', async () => {
    const user = userEvent.setup();
    const { input, onConfirm } = open(ctx({ cash: 10_000_000_000, price: 1, maximum: 10_000_000_000 }), undefined, true);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(input.value).toBe('');
    for (const d of '1234567890') await user.click(screen.getByRole('button', { name: d }));
    expect(input.value).toBe('123456789');
    await user.click(screen.getByRole('button', { name: 'Backspace' }));
    expect(input.value).toBe('12345678');
    await user.click(screen.getByRole('button', { name: 'MAX' }));
    expect(input.value).toBe('999999999');
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: '7' }));
    await user.click(screen.getByRole('button', { name: 'Enter' }));
    expect(onConfirm).toHaveBeenCalledWith(7);
  });

  it('keypad: the field stays editable (never read-only), so physical keys type into it and Enter submits', async () => {
    const user = userEvent.setup();
    const { input, onConfirm } = open(ctx({ cash: 100_000, maximum: 100 }), undefined, true);
    expect(input.readOnly).toBe(false);
    // the phone's own keyboard stays down: the on-screen keypad is the one to use
    expect(input.inputMode).toBe('none');
    expect(document.activeElement).toBe(input);
    await user.keyboard('42{Backspace}5');
    expect(input.value).toBe('45');
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith(45);
  });

  it('keypad: the Esc key and the Escape key close the modal', () => {
    const first = open(ctx(), undefined, true);
    fireEvent.click(screen.getByRole('button', { name: 'Esc' }));
    expect(first.onClose).toHaveBeenCalledTimes(1);
    cleanup();
    const second = open(ctx(), undefined, true);
    fireEvent.keyDown(second.input, { key: 'Escape' });
    expect(second.onClose).toHaveBeenCalledTimes(1);
    expect(second.onConfirm).not.toHaveBeenCalled();
  });

  it('keypad: Enter on a focused button presses that button (Cancel, Esc, a digit), not Confirm', async () => {
    const user = userEvent.setup();
    const first = open(ctx({ cash: 100_000, maximum: 100 }), undefined, true);
    screen.getByRole('button', { name: 'Cancel' }).focus();
    await user.keyboard('{Enter}');
    expect(first.onClose).toHaveBeenCalledTimes(1);
    expect(first.onConfirm).not.toHaveBeenCalled();
    cleanup();
    const second = open(ctx({ cash: 100_000, maximum: 100 }), undefined, true);
    screen.getByRole('button', { name: 'Esc' }).focus();
    await user.keyboard('{Enter}');
    expect(second.onClose).toHaveBeenCalledTimes(1);
    expect(second.onConfirm).not.toHaveBeenCalled();
    cleanup();
    const third = open(ctx({ cash: 100_000, maximum: 100 }), undefined, true);
    screen.getByRole('button', { name: '4' }).focus();
    await user.keyboard('{Enter}');
    // the digit replaces the suggested 1
    expect(third.input.value).toBe('4');
    expect(third.onConfirm).not.toHaveBeenCalled();
  });

  it('keypad: tapping keys leaves the focus in the field, so a physical Enter then submits', async () => {
    const user = userEvent.setup();
    const { input, onConfirm } = open(ctx({ cash: 100_000, maximum: 100 }), undefined, true);
    expect(document.activeElement).toBe(input);
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: '7' }));
    expect(document.activeElement).toBe(input);
    await user.keyboard('{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm).toHaveBeenCalledWith(7);
  });

  it("keypad: each key's accessible name contains the text it shows (label in name)", () => {
    open(ctx(), undefined, true);
    const keys = screen.getAllByRole('button').filter((b) => b.className.includes('key'));
    expect(keys.map((k) => k.textContent)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', 'Clear', '0', '⌫', 'Esc', 'MAX', 'ENTER']);
    for (const k of keys) {
      const name = (k.getAttribute('aria-label') ?? k.textContent ?? '').toLowerCase();
      const shown = (k.textContent ?? '').replace(/[^\p{L}\p{N}]/gu, '').toLowerCase(); // a symbol alone (⌫) names nothing
      expect(name).toContain(shown);
    }
  });

  it('keypad: keys do nothing to the trade while another modal is above it', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn(async () => true);
    function Host() {
      const [above, setAbove] = useState<'error' | 'blank' | null>('error');
      return (
        <>
          <TradeModal ctx={ctx({ cash: 100_000, maximum: 100 })} onConfirm={onConfirm} onClose={vi.fn()} keypad />
          {above === 'error' && (
            <ErrorModal message="Transaction failed. Please try again." onClose={() => setAbove(null)} />
          )}
          {above === 'blank' && (
            <Modal title="CONNECTION FAILED">
              <p>No controls here.</p>
            </Modal>
          )}
          <button type="button" onClick={() => setAbove('blank')}>
            Show blank
          </button>
        </>
      );
    }
    render(<Host />);
    const input = screen.getByLabelText('Quantity') as HTMLInputElement;
    expect(input.value).toBe('1');

    // an error modal above: its OK has the focus, and typed keys leave the quantity alone
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'OK' }));
    await user.keyboard('5{Backspace}{Delete}7m');
    expect(input.value).toBe('1');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'ERROR' })).toBeNull();
    // the focus is back in the field with its value selected: typing replaces it
    expect(document.activeElement).toBe(input);
    await user.keyboard('42');
    expect(input.value).toBe('42');

    // a modal without controls above: Enter in the field does not trade
    fireEvent.click(screen.getByRole('button', { name: 'Show blank' }));
    input.focus();
    await user.keyboard('{Enter}');
    expect(input.value).toBe('42');
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('without the keypad, the field takes typed digits only, up to 9', () => {
    const { input } = open(ctx({ maximum: 10 }));
    fireEvent.change(input, { target: { value: '92a34567890' } });
    expect(input.value).toBe('923456789');
  });

  it('keypad: tapping 1 over the suggested 1 then more digits gives 12, 19 and 100 (the value did not change at first)', async () => {
    for (const taps of ['12', '19', '100']) {
      const user = userEvent.setup();
      const { input } = open(ctx({ cash: 100_000, price: 1, maximum: 1000 }), undefined, true);
      for (const d of taps) await user.click(screen.getByRole('button', { name: d }));
      expect(input.value).toBe(taps);
      cleanup();
    }
  });

  it('keypad: the first digit tapped replaces the suggested 1, later ones append; after MAX too', async () => {
    const user = userEvent.setup();
    const { input } = open(ctx({ cash: 100_000, maximum: 100 }), undefined, true);
    expect(input.value).toBe('1');
    await user.click(screen.getByRole('button', { name: '3' }));
    expect(input.value).toBe('3');
    await user.click(screen.getByRole('button', { name: '5' }));
    expect(input.value).toBe('35');
    await user.click(screen.getByRole('button', { name: 'MAX' }));
    expect(input.value).toBe('100');
    await user.click(screen.getByRole('button', { name: '7' }));
    expect(input.value).toBe('7');
  });

  it('typed digits: the first replaces the selected suggestion, the next ones append (12, 100, 11, 19)', async () => {
    for (const typed of ['12', '100', '11', '19']) {
      const user = userEvent.setup();
      const { input, onConfirm } = open(ctx({ cash: 100_000, price: 1, maximum: 1000 }));
      // the dialog opens with the suggested 1 selected
      expect(document.activeElement).toBe(input);
      expect([input.selectionStart, input.selectionEnd]).toEqual([0, 1]);
      await user.keyboard(typed);
      expect(input.value).toBe(typed);
      await user.keyboard('{Enter}');
      expect(onConfirm).toHaveBeenCalledWith(Number(typed));
      cleanup();
    }
  });

  it('a digit typed where the caret is goes there; M fills the maximum selected, so the next digit replaces it', async () => {
    const user = userEvent.setup();
    const { input, onConfirm } = open(ctx({ cash: 100_000, maximum: 100 }));
    await user.keyboard('32');
    input.setSelectionRange(1, 1);
    await user.keyboard('5');
    expect(input.value).toBe('352');
    await user.keyboard('m');
    expect(input.value).toBe('100');
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, 3]);
    await user.keyboard('7');
    expect(input.value).toBe('7');
    await user.keyboard('m{Enter}');
    expect(onConfirm).toHaveBeenCalledWith(100);
  });

  it('the total is announced politely as the quantity changes', async () => {
    const user = userEvent.setup();
    open(ctx({ cash: 100_000, maximum: 100 }));
    const total = screen.getByText(/^Total:/);
    expect(total.getAttribute('aria-live')).toBe('polite');
    await user.keyboard('3');
    expect(total.textContent).toBe('Total: $900');
  });

  it("shows the server's refusal in the dialog, shakes, and stays open", async () => {
    const onConfirm = vi.fn(async (_q: number): Promise<boolean | string> => "You can't get that much!");
    const { input, onClose } = open(ctx({ cash: 100_000, maximum: 100 }), onConfirm);
    fireEvent.change(input, { target: { value: '5' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Confirm' })));
    expect(screen.getByRole('alert').textContent).toBe("You can't get that much!");
    expect(screen.getByRole('dialog').className).toContain('shake');
    expect(onClose).not.toHaveBeenCalled();
  });
});
