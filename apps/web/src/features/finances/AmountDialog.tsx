// The bank and loan dialog opened by key (W withdraws, B borrows): 'Max: n' and the shared QuantityDialog, with the
// Finances fields' checks (SPEC.md section 5: digits only and positive, a loan's maximum) and their refusal texts.
import { QuantityDialog } from '../../components/QuantityDialog';
import { useIsMobile } from '../../components/hooks';
import { formatMoney } from '../../lib/format';
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

/** Amounts run to hundreds of millions late in a rich game. */
export const AMOUNT_MAX_DIGITS = 12;

export function AmountDialog({ title, max, check, call, fallback, onClose }: AmountDialogProps) {
  const mobile = useIsMobile();
  return (
    <QuantityDialog
      title={title}
      header={<p className="max-line">Max: {formatMoney(max)}</p>}
      initial={String(max)}
      max={max}
      maxDigits={AMOUNT_MAX_DIGITS}
      label="Amount"
      check={(amount) => {
        const parsed = parseAmount(String(amount));
        return parsed.ok ? (check?.(amount) ?? null) : parsed.message;
      }}
      onConfirm={async (amount) => {
        const r = await call(amount);
        return r.ok ? true : r.message || fallback;
      }}
      onClose={onClose}
      keypad={mobile}
    />
  );
}
