// The buy quantity modal for ammo and consumables (SPEC.md sections 2 and 5): 1 to the maximum affordable.
import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { useIsMobile } from '../../components/hooks';
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
  onBuy,
  onClose,
}: {
  item: BuyQuantityItem;
  cash: number;
  onBuy: (quantity: number) => Promise<boolean>;
  onClose: () => void;
}) {
  const mobile = useIsMobile();
  const maxAffordable = affordable(cash, item.price);
  const [qty, setQty] = useState(maxAffordable > 0 ? 1 : 0);
  const [confirming, setConfirming] = useState(false);
  const total = qty * item.price;
  const shortfall = total - cash;
  const valid = qty >= 1 && qty <= maxAffordable && total <= cash;

  const buy = async () => {
    if (!valid || confirming) return;
    setConfirming(true);
    const ok = await onBuy(qty);
    setConfirming(false);
    if (ok) onClose();
  };

  return (
    <Modal title={item.name} onDismiss={onClose} className="buy-qty-modal">
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
        <div className="qty-row">
          {!mobile && (
            <button
              type="button"
              className="btn btn-small"
              aria-label="Decrease quantity"
              onClick={() => setQty((q) => Math.max(1, q - 1))}
            >
              -
            </button>
          )}
          <label className="sr-only" htmlFor="buy-qty">
            Quantity
          </label>
          <input
            id="buy-qty"
            className="input qty-input"
            type="text"
            inputMode="numeric"
            value={String(qty)}
            onChange={(e) => setQty(Number(e.target.value.replace(/\D/g, '').slice(0, 9)) || 0)}
          />
          {!mobile && (
            <button
              type="button"
              className="btn btn-small"
              aria-label="Increase quantity"
              onClick={() => setQty((q) => Math.min(Math.max(maxAffordable, 1), q + 1))}
            >
              +
            </button>
          )}
        </div>
        <p>Max affordable: {maxAffordable}</p>
        <p>
          Total Cost: <strong>{formatMoney(total)}</strong>
        </p>
        {shortfall > 0 && (
          <p className="field-error" role="alert">
            Insufficient funds! You need {formatMoney(shortfall)} more.
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
