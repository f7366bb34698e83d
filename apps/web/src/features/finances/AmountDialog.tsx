// The quantity dialog of the bank and the loan sharks, opened by key (W withdraws, B borrows): how much, with
// 'Max: n', the shared QuantityField (the suggestion selected, MAX and M), Confirm and Cancel. The same checks and
// server refusals as the Finances fields, shown here in the field's error line.
import { useState } from 'react';
import { isTopmostModal, Modal } from '../../components/Modal';
import { QuantityField } from '../../components/QuantityField';
import { useShake } from '../../components/hooks';
import { parseAmount } from '../../lib/tradeLimits';
import type { ActionResult } from '../../store/gameActions';

export interface AmountDialogProps {
  title: string;
  max: number;
  /** A check before the call ('Amount exceeds maximum loan of $x'), or null. */
  check?: (amount: number) => string | null;
  call: (amount: number) => Promise<ActionResult>;
  /** What a refusal without a server message says ('Withdrawal failed'). */
  fallback: string;
  onClose: () => void;
}

export function AmountDialog({ title, max, check, call, fallback, onClose }: AmountDialogProps) {
  const [value, setValue] = useState(String(max));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [shaking, shake] = useShake();
  const fail = (message: string) => {
    setError(message);
    shake();
  };
  const submit = async () => {
    if (busy) return;
    const parsed = parseAmount(value);
    if (!parsed.ok) return fail(parsed.message);
    const pre = check?.(parsed.amount);
    if (pre) return fail(pre);
    setBusy(true);
    const r = await call(parsed.amount);
    setBusy(false);
    if (r.ok) onClose();
    else fail(r.message || fallback);
  };
  return (
    <Modal title={title} onDismiss={onClose} shake={shaking} className="trade-modal">
      <p className="max-line">Max: {max}</p>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (isTopmostModal(e.currentTarget)) void submit();
        }}
      >
        <QuantityField
          id="amount-dialog"
          label="Amount"
          value={value}
          onChange={(v) => {
            setValue(v);
            setError(null);
          }}
          max={max}
          maxDigits={12}
          invalid={error !== null}
          maxHotkey
        />
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <div className="modal-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
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
