// '{Buy|Sell|Stash|Take} {drug}': price line, 'Max: n', quantity field (QuantityField: the suggested 1 is selected, so
// the first digit replaces it; a keypad on touch or narrow screens; M is MAX), the total (announced politely as it
// changes), Confirm and Cancel. Errors shake the modal for 500 ms; a confirming flag blocks double submits. A
// refusal from the server is shown here, in the server's words.
import { useState, type ReactNode } from 'react';
import { isTopmostModal, Modal } from './Modal';
import { useIsMobile, useShake } from './hooks';
import { KEYPAD_MAX_DIGITS } from '../constants';
import { formatMoney } from '../lib/format';
import { tradeError, tradeMaximum, type TradeContext, type TradeMode } from '../lib/tradeLimits';
import { QuantityField } from './QuantityField';

const TITLES: Record<TradeMode, string> = { buy: 'Buy', sell: 'Sell', stash: 'Stash', take: 'Take' };

export interface TradeModalProps {
  ctx: TradeContext;
  /** true: done (the dialog closes); a string: the server's refusal, shown here; false: failed elsewhere. */
  onConfirm: (quantity: number) => Promise<boolean | string>;
  onClose: () => void;
  /** Forces the keypad on or off (tests); by default it follows the mobile rule. */
  keypad?: boolean;
  /** A warning about the quantity typed (e.g. a buy that would leave less than the cheapest fare), or null. */
  warning?: (quantity: number) => ReactNode;
}

export function TradeModal({ ctx, onConfirm, onClose, keypad, warning }: TradeModalProps) {
  const mobile = useIsMobile();
  const showKeypad = keypad ?? mobile;
  // the field holds at most 9 digits, so MAX never offers more than that
  const max = Math.min(tradeMaximum(ctx), 10 ** KEYPAD_MAX_DIGITS - 1);
  const [value, setValue] = useState(max > 0 ? '1' : '0');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [shaking, shake] = useShake();
  const quantity = Number(value) || 0;

  const submit = async () => {
    if (confirming) return;
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

  const note = warning?.(quantity);
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
        onSubmit={(e) => {
          e.preventDefault();
          // Enter in the field submits the form (implicit submission): not while a modal is above this one
          if (isTopmostModal(e.currentTarget)) void submit();
        }}
      >
        <QuantityField
          id="trade-qty"
          label="Quantity"
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          max={max}
          invalid={error !== null}
          maxHotkey
          keypad={showKeypad ? { onEnter: () => void submit(), onEscape: onClose } : null}
        />
        {ctx.mode === 'buy' || ctx.mode === 'sell' ? (
          <p className="total-line" aria-live="polite">
            Total: {formatMoney(quantity * ctx.price)}
          </p>
        ) : null}
        {note && (
          <p className="warning-text" role="status">
            {note}
          </p>
        )}
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
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
