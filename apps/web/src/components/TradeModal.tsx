// '{Buy|Sell|Stash|Take} {drug}': price line, 'Max: n', quantity input, Confirm and Cancel; a numeric keypad on
// touch or narrow screens. Errors shake the modal for 500 ms; a confirming flag blocks double submits.
// The quantity starts as a suggestion ('1', or the maximum after MAX): the first digit typed or tapped replaces
// it, later ones append. M is MAX. A refusal from the server is shown here, in the server's words.
import { useEffect, useRef, useState } from 'react';
import { isTopmostModal, Modal } from './Modal';
import { useIsMobile, useShake } from './hooks';
import { KEYPAD_MAX_DIGITS } from '../constants';
import { formatMoney } from '../lib/format';
import { tradeError, tradeMaximum, type TradeContext, type TradeMode } from '../lib/tradeLimits';
import { appendDigit, NumericKeypad, replacesSuggestion } from './NumericKeypad';
import { hotkeyProps, useHotkeys } from './useHotkeys';

const TITLES: Record<TradeMode, string> = { buy: 'Buy', sell: 'Sell', stash: 'Stash', take: 'Take' };

export interface TradeModalProps {
  ctx: TradeContext;
  /** true: done (the dialog closes); a string: the server's refusal, shown here; false: failed elsewhere. */
  onConfirm: (quantity: number) => Promise<boolean | string>;
  onClose: () => void;
  /** Forces the keypad on or off (tests); by default it follows the mobile rule. */
  keypad?: boolean;
}

export function TradeModal({ ctx, onConfirm, onClose, keypad }: TradeModalProps) {
  const mobile = useIsMobile();
  const showKeypad = keypad ?? mobile;
  // the input holds at most 9 digits, so MAX never offers more than that
  const max = Math.min(tradeMaximum(ctx), 10 ** KEYPAD_MAX_DIGITS - 1);
  const [value, setValue] = useState(max > 0 ? '1' : '0');
  // whether the value is still a suggestion the next digit replaces
  const [suggested, setSuggested] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [shaking, shake] = useShake();
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async () => {
    if (confirming) return;
    const quantity = Number(value);
    const err = tradeError(ctx, quantity);
    if (err) {
      setError(err);
      shake();
      return;
    }
    setConfirming(true);
    const outcome = await onConfirm(quantity);
    setConfirming(false);
    if (outcome === true) onClose();
    else if (typeof outcome === 'string' && outcome !== '') {
      setError(outcome);
      shake();
    }
  };

  const update = (next: string, isSuggestion = false) => {
    setValue(next);
    setSuggested(isSuggestion);
    setError(null);
  };
  const typeDigit = (digit: string) => update(appendDigit(suggested ? '' : value, digit, KEYPAD_MAX_DIGITS));
  const fillMax = () => update(String(max), true);
  useHotkeys({ quantityMax: fillMax }, formRef);

  // Physical keys drive the keypad: digits, Backspace, Delete (clear), Enter (Escape closes through the Modal).
  // The keypad's input is read-only, so keys typed while it has the focus are the keypad's too. Enter on a
  // focused button (Cancel, Esc, MAX, a digit) presses that button, as a keyboard user expects; pointer presses
  // on the keypad leave the focus in the field (NumericKeypad), so Enter after tapping digits still submits.
  // Keys belong to a modal above this one (an error, a connection failure) while it is open.
  useEffect(() => {
    if (!showKeypad) return;
    const onKey = (e: KeyboardEvent) => {
      if (!isTopmostModal(formRef.current)) return;
      if (e.target instanceof HTMLInputElement && !e.target.readOnly) return; // an editable field types for itself
      if (e.key === 'Enter' && e.target instanceof Element && e.target.closest('button, a[href], select, textarea')) {
        return;
      }
      if (/^\d$/.test(e.key)) typeDigit(e.key);
      else if (e.key === 'Backspace') update(value.slice(0, -1));
      else if (e.key === 'Delete') update('');
      else if (e.key === 'Enter') void submit();
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  const title = `${TITLES[ctx.mode]} ${ctx.drugName}`;
  return (
    <Modal title={title} onDismiss={onClose} shake={shaking} className="trade-modal">
      {(ctx.mode === 'buy' || ctx.mode === 'sell') && (
        <p className="price-line">
          {ctx.mode === 'buy' ? 'Price' : 'Selling at'}: {formatMoney(ctx.price)} each
        </p>
      )}
      <p className="max-line">Max: {max}</p>
      <form
        ref={formRef}
        onSubmit={(e) => {
          e.preventDefault();
          // Enter in the quantity field submits the form (implicit submission): not while a modal is above
          if (isTopmostModal(e.currentTarget)) void submit();
        }}
      >
        <label className="sr-only" htmlFor="trade-qty">
          Quantity
        </label>
        <div className="qty-row">
          <input
            id="trade-qty"
            className={`input qty-input ${error ? 'input-error' : ''}`}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            value={value}
            readOnly={showKeypad}
            aria-invalid={error !== null}
            data-hotkeys="letters"
            onFocus={(e) => e.currentTarget.select()}
            onKeyDown={(e) => {
              // the first digit typed replaces the suggestion wherever the caret is
              if (!showKeypad && suggested && replacesSuggestion(e)) {
                e.preventDefault();
                typeDigit(e.key);
              }
            }}
            onChange={(e) => update(e.target.value.replace(/\D/g, '').slice(0, KEYPAD_MAX_DIGITS))}
          />
          {!showKeypad && (
            <button type="button" className="btn btn-small" {...hotkeyProps('quantityMax')} onClick={fillMax}>
              MAX
            </button>
          )}
        </div>
        {ctx.mode === 'buy' || ctx.mode === 'sell' ? (
          <p className="total-line">Total: {formatMoney((Number(value) || 0) * ctx.price)}</p>
        ) : null}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        {showKeypad && (
          <NumericKeypad
            onDigit={typeDigit}
            onBackspace={() => update(value.slice(0, -1))}
            onClear={() => update('')}
            onMax={fillMax}
            onEnter={() => void submit()}
            onEscape={onClose}
          />
        )}
        <div className="modal-actions">
          <button type="submit" className="btn btn-primary" disabled={confirming}>
            Confirm
          </button>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
