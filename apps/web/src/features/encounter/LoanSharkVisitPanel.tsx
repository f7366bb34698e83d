import { useRef } from 'react';
import { formatMoney, type ClientEncounter } from '@drugwars/engine';
import { hotkeyProps, useHotkeys } from '../../components/useHotkeys';

export interface LoanSharkVisitPanelProps {
  encounter: ClientEncounter;
  processing: boolean;
  onPay: () => void;
  onSkip: () => void;
}

/** The loan-shark visit: no battlefield, just the demand and the choice to pay now or later. */
export function LoanSharkVisitPanel({ encounter, processing, onPay, onSkip }: LoanSharkVisitPanelProps) {
  const totalNeeded = encounter.debtAmount + encounter.totalFees;
  const paysAll = encounter.paymentAmount >= totalNeeded;
  const panelRef = useRef<HTMLDivElement>(null);
  useHotkeys(
    {
      pay: encounter.canPay && !processing && onPay,
      payLater: encounter.canSkip && !processing && onSkip,
    },
    panelRef,
  );
  return (
    <div className="loan-shark-visit" ref={panelRef}>
      {encounter.message
        .split(/\n+/)
        .filter((p) => p.trim() !== '')
        .map((p, i) => (
          <p key={i} className="visit-text">
            {p}
          </p>
        ))}
      <div className="visit-figures">
        <div>
          Debt: <span className="money">{formatMoney(encounter.debtAmount)}</span>
        </div>
        {encounter.totalFees > 0 && (
          <div className="visit-fees">
            Additional fees: <span className="money">{formatMoney(encounter.totalFees)}</span>
            <ul>
              {encounter.feeDetails.map((fee, i) => (
                <li key={i}>
                  {fee.label}: {formatMoney(fee.amount)}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div>
          Total needed: <span className="money">{formatMoney(totalNeeded)}</span>
        </div>
        <div>
          You can pay: <span className="money">{formatMoney(encounter.paymentAmount)}</span>
        </div>
      </div>
      <div className="combat-buttons">
        <button type="button" className="btn" disabled={!encounter.canPay || processing} {...hotkeyProps('pay')} onClick={onPay}>
          {paysAll ? 'Pay Full Debt' : 'Pay What You Can'}
        </button>
        {encounter.canSkip && (
          <button type="button" className="btn btn-secondary" disabled={processing} {...hotkeyProps('payLater')} onClick={onSkip}>
            Pay Him Later
          </button>
        )}
      </div>
    </div>
  );
}
