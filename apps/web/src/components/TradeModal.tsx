// '{Buy|Sell|Stash|Take} {drug}': the price line, 'Max: n', the quantity (the suggested 1 selected; a keypad on
// touch or narrow screens; M is MAX), the total (said politely as it changes), a warning when the caller has one,
// Confirm and Cancel: the shared QuantityDialog with SPEC.md section 5's trade checks. A refusal from the server is
// shown here, in the server's words.
import type { ReactNode } from 'react';
import { useIsMobile } from './hooks';
import { KEYPAD_MAX_DIGITS } from '../constants';
import { formatMoney } from '../lib/format';
import { tradeError, tradeMaximum, type TradeContext, type TradeMode } from '../lib/tradeLimits';
import { QuantityDialog } from './QuantityDialog';

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
  // the field holds at most 9 digits, so MAX never offers more than that
  const max = Math.min(tradeMaximum(ctx), 10 ** KEYPAD_MAX_DIGITS - 1);
  const priced = ctx.mode === 'buy' || ctx.mode === 'sell';
  return (
    <QuantityDialog
      title={`${TITLES[ctx.mode]} ${ctx.drugName}`}
      header={
        <>
          {priced && (
            <p className="price-line">
              {ctx.mode === 'buy' ? 'Price' : 'Selling at'}: {formatMoney(ctx.price)} each
            </p>
          )}
          <p className="max-line">Max: {max}</p>
        </>
      }
      footer={(quantity) => {
        const note = warning?.(quantity);
        return (
          <>
            {priced && (
              <p className="total-line" aria-live="polite">
                Total: {formatMoney(quantity * ctx.price)}
              </p>
            )}
            {note && (
              <p className="warning-text" role="status">
                {note}
              </p>
            )}
          </>
        );
      }}
      initial={max > 0 ? '1' : '0'}
      max={max}
      check={(quantity) => tradeError(ctx, quantity)}
      onConfirm={onConfirm}
      onClose={onClose}
      keypad={keypad ?? mobile}
    />
  );
}
