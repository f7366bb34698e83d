// The one "how many / how much" dialog: a title, lines above the field ('Price: $x each', 'Max: n'), the shared
// QuantityField (its suggestion selected, MAX and M, a keypad on touch screens), lines below it that follow the
// quantity (the total, a warning), the error line, Confirm and Cancel. A check before the call and the call's
// refusal both show in the error line and shake the dialog for 500 ms; a confirming flag blocks double submits.
// The trade dialog (buy, sell, stash, take) and the bank and loan dialogs are this with their own texts.
import { useState, type ReactNode } from 'react';
import { isTopmostModal, Modal } from './Modal';
import { useShake } from './hooks';
import { QuantityField } from './QuantityField';

export interface QuantityDialogProps {
  title: string;
  /** Shown above the field. */
  header?: ReactNode;
  /** Shown under the field, for the quantity typed (the total, a warning), or nothing. */
  footer?: (quantity: number) => ReactNode;
  /** The value the field opens with (selected, so the first digit replaces it). */
  initial: string;
  max: number;
  maxDigits?: number;
  /** The error for a quantity, or null when it may be sent. */
  check: (quantity: number) => string | null;
  /** true: done (the dialog closes); a string: a refusal, shown here; false: handled elsewhere. */
  onConfirm: (quantity: number) => Promise<boolean | string>;
  onClose: () => void;
  keypad: boolean;
  /** The field's accessible name. */
  label?: string;
}

export function QuantityDialog({ title, header, footer, initial, max, maxDigits, check, onConfirm, onClose, keypad, label = 'Quantity' }: QuantityDialogProps) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [shaking, shake] = useShake();
  const quantity = Number(value) || 0;
  const fail = (message: string) => {
    setError(message);
    shake();
  };

  const submit = async () => {
    if (confirming) return;
    const err = check(quantity);
    if (err) return fail(err);
    setConfirming(true);
    const outcome = await onConfirm(quantity);
    setConfirming(false);
    if (outcome === true) onClose();
    else if (typeof outcome === 'string' && outcome !== '') fail(outcome);
  };

  return (
    <Modal title={title} onDismiss={onClose} shake={shaking} className="trade-modal">
      {header}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          // Enter in the field submits the form (implicit submission): not while a modal is above this one
          if (isTopmostModal(e.currentTarget)) void submit();
        }}
      >
        <QuantityField
          id="quantity-dialog"
          label={label}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          max={max}
          maxDigits={maxDigits}
          invalid={error !== null}
          maxHotkey
          keypad={keypad ? { onEnter: () => void submit(), onEscape: onClose } : null}
        />
        {footer?.(quantity)}
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
