// The buy quantity modal for ammo and consumables (SPEC.md sections 2 and 5): 1 to the maximum the player may
// buy, which the engine decides (maxShopBuy: what the cash affords and, for ammo, the room left under Max Carry).
// The quantity field is the shared QuantityField (the suggested 1 selected, so the first digit replaces it; MAX;
// M for MAX), with minus and plus on desktop. A refusal from the server is shown here in its words.
import { useState } from 'react';
import { carryLimitMessage } from '@drugwars/engine';
import { Modal } from '../../components/Modal';
import { QuantityField } from '../../components/QuantityField';
import { useIsMobile, useShake } from '../../components/hooks';
import { formatMoney } from '../../lib/format';
import { affordable } from '../../lib/tradeLimits';

export interface BuyQuantityItem {
  name: string;
  description?: string;
  price: number;
  maxCarry?: number;
  have: number;
}

export function BuyQuantityModal({
  item,
  cash,
  maximum,
  onBuy,
  onClose,
}: {
  item: BuyQuantityItem;
  cash: number;
  /** The most that may be bought now (the engine's maxShopBuy). */
  maximum: number;
  /** true: bought (the dialog closes); a string: the server's refusal, shown here; false: failed elsewhere. */
  onBuy: (quantity: number) => Promise<boolean | string>;
  onClose: () => void;
}) {
  const mobile = useIsMobile();
  const maxAffordable = affordable(cash, item.price);
  const max = Math.max(0, maximum);
  const [value, setValue] = useState(max > 0 ? '1' : '0');
  const qty = Number(value) || 0;
  const [refusal, setRefusal] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [shaking, shake] = useShake();
  const total = qty * item.price;
  const shortfall = total - cash;
  const overCarry = item.maxCarry !== undefined && shortfall <= 0 && qty > max;
  const valid = qty >= 1 && qty <= max && total <= cash;

  const change = (next: number | string) => {
    setValue(String(next));
    setRefusal(null);
  };

  const buy = async () => {
    if (!valid || confirming) return;
    setConfirming(true);
    const outcome = await onBuy(qty);
    setConfirming(false);
    if (outcome === true) onClose();
    else if (typeof outcome === 'string' && outcome !== '') {
      setRefusal(outcome);
      shake();
    }
  };

  return (
    <Modal title={item.name} onDismiss={onClose} className="buy-qty-modal" shake={shaking}>
      {item.description && <p className="muted">{item.description}</p>}
      <p>Price: {formatMoney(item.price)} each</p>
      {item.maxCarry !== undefined && <p>Max Carry: {item.maxCarry} units</p>}
      {item.have > 0 && <p>You have: {item.have} units</p>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void buy();
        }}
      >
        <div className="qty-stepper">
          {!mobile && (
            <button
              type="button"
              className="btn btn-small"
              aria-label="Decrease quantity"
              onClick={() => change(Math.max(1, qty - 1))}
            >
              -
            </button>
          )}
          <QuantityField id="buy-qty" label="Quantity" value={value} onChange={change} max={max} maxHotkey />
          {!mobile && (
            <button
              type="button"
              className="btn btn-small"
              aria-label="Increase quantity"
              onClick={() => change(Math.min(Math.max(max, 1), qty + 1))}
            >
              +
            </button>
          )}
        </div>
        {max < maxAffordable ? (
          <p>
            Max: {max} (you can carry {max} more)
          </p>
        ) : (
          <p>Max affordable: {maxAffordable}</p>
        )}
        <p aria-live="polite">
          Total Cost: <strong>{formatMoney(total)}</strong>
        </p>
        {shortfall > 0 && (
          <p className="field-error" role="alert">
            Insufficient funds! You need {formatMoney(shortfall)} more.
          </p>
        )}
        {overCarry && (
          <p className="field-error" role="alert">
            {carryLimitMessage(item.name, item.maxCarry ?? 0, item.have)}
          </p>
        )}
        {refusal && (
          <p className="field-error" role="alert">
            {refusal}
          </p>
        )}
        <div className="modal-actions">
          <button type="submit" className="btn btn-primary" disabled={!valid || confirming}>
            Buy
          </button>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
        </div>
      </form>
    </Modal>
  );
}
