// Finances (SPEC.md sections 2 and 5): the bank account and the loan sharks. Field errors shake for 500 ms;
// a refused call shows the server's message, else the fallback ('Deposit failed', ...). Keys: D deposits all the
// cash, W asks how much to withdraw, P pays the debt in full, B asks how much to borrow from the shark selected by
// its number (components/useRowKeys), or the first.
import { useEffect, useRef, useState } from 'react';
import { BANK_INTEREST_RATE, DEFAULT_SHARK_INTEREST_RATE, type LoanSharkOffer } from '@drugwars/engine';
import { keptSharks, loadSharks } from '../../store/viewData';
import { ERROR_TEXTS } from '../../api/errorCatalogue';
import { useShake } from '../../components/hooks';
import { QuantityField } from '../../components/QuantityField';
import { hotkeyProps, useHotkeys } from '../../components/useHotkeys';
import { useRowKeys, type RowKeys } from '../../components/useRowKeys';
import { announce } from '../../store/announcer';
import { AMOUNT_MAX_DIGITS, AmountDialog, type AmountDialogProps } from './AmountDialog';
import { ViewHeader } from '../../components/ViewHeader';
import { formatMoney } from '../../lib/format';
import { parseAmount } from '../../lib/tradeLimits';
import { borrow, borrowMax, deposit, payLoan, withdraw, type ActionResult } from '../../store/gameActions';
import { useGameStore } from '../../store/gameStore';

function percent(fraction: number): string {
  const p = Math.round(fraction * 1000) / 10;
  return `${p}%`;
}

/** 'Days until due': a number, 'OVERDUE!' when past due, 'N/A' when there is no due day. */
export function daysUntilDue(dueDay: number | null | undefined, day: number): string {
  if (dueDay === null || dueDay === undefined) return 'N/A';
  const left = dueDay - day;
  return left < 0 ? 'OVERDUE!' : String(left);
}

function AmountField({
  id,
  label,
  value,
  onChange,
  max,
  error,
  shaking,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  /** What MAX puts in. */
  max: number;
  error: string | null;
  shaking: boolean;
}) {
  return (
    <div className={`amount-field ${shaking ? 'shake' : ''}`}>
      <QuantityField
        id={id}
        label={label}
        value={value}
        onChange={onChange}
        max={max}
        maxLabel={`MAX ${label}`}
        maxDigits={AMOUNT_MAX_DIGITS}
        invalid={error !== null}
        placeholder="Amount"
      />
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** One amount field's state: value, error and shake. */
function useAmount() {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shaking, shake] = useShake();
  const fail = (message: string) => {
    setError(message);
    shake();
  };
  return { value, setValue: (v: string) => (setValue(v), setError(null)), error, shaking, fail, clear: () => setValue('') };
}

async function run(
  field: ReturnType<typeof useAmount>,
  call: (amount: number) => Promise<ActionResult>,
  fallback: string,
  check?: (amount: number) => string | null,
) {
  const parsed = parseAmount(field.value);
  if (!parsed.ok) {
    field.fail(parsed.message);
    return;
  }
  const pre = check?.(parsed.amount);
  if (pre) {
    field.fail(pre);
    return;
  }
  const r = await call(parsed.amount);
  if (r.ok) field.clear();
  else field.fail(r.message || fallback);
}

const borrowCall = (shark: LoanSharkOffer) => (amount: number) => (amount === shark.maxLoan ? borrowMax(shark.id) : borrow(amount, shark.id));
const loanCheck = (shark: LoanSharkOffer) => (amount: number) =>
  amount > shark.maxLoan ? `Amount exceeds maximum loan of ${formatMoney(shark.maxLoan)}` : null;

function SharkOffer({ shark, index, keys }: { shark: LoanSharkOffer; index: number; keys: RowKeys<LoanSharkOffer> }) {
  const field = useAmount();
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING');
  const fieldId = `borrow-${shark.id}`;
  return (
    <li className={`shark-card ${keys.isSelected(shark) ? 'row-selected' : ''}`}>
      <h4 className="row-key" {...keys.numberProps(index)}>
        {shark.name}
      </h4>
      <dl className="facts">
        <dt>Max Loan</dt>
        <dd>{formatMoney(shark.maxLoan)}</dd>
        <dt>Daily Interest</dt>
        <dd>{percent(shark.dailyInterestRate)}</dd>
        <dt>Total Interest after {shark.gracePeriod} days</dt>
        <dd>{percent(shark.interestRate)}</dd>
        <dt>Grace Period</dt>
        <dd>{shark.gracePeriod} days</dd>
      </dl>
      <p className="personality">{shark.personality}</p>
      <AmountField
        id={fieldId}
        label={`Borrow amount from ${shark.name}`}
        value={field.value}
        onChange={field.setValue}
        max={shark.maxLoan}
        error={field.error}
        shaking={field.shaking}
      />
      <button
        type="button"
        className="btn btn-primary"
        disabled={busy}
        {...keys.actionProps(shark, 'borrow')}
        onClick={() => void run(field, borrowCall(shark), ERROR_TEXTS.borrowFailed, loanCheck(shark))}
      >
        Borrow from {shark.name}
      </button>
    </li>
  );
}

export default function FinancesView() {
  const gs = useGameStore((s) => s.gameState);
  const busy = useGameStore((s) => s.uiState === 'SUBMITTING');
  const bankField = useAmount();
  const payField = useAmount();
  // this game's last offers at this rank (asked ahead while the game screen was idle) until the entry's own call answers
  const [sharks, setSharks] = useState<LoanSharkOffer[] | null>(keptSharks);
  const debt = gs?.player.debt ?? 0;
  const sectionRef = useRef<HTMLElement>(null);
  const [dialog, setDialog] = useState<Omit<AmountDialogProps, 'onClose'> | null>(null);
  const cash = gs?.player.cash ?? 0;
  const bank = gs?.player.bank ?? 0;
  const offers = debt > 0 ? [] : (sharks ?? []);
  const depositAll = () =>
    void deposit(cash).then((r) => {
      if (!r.ok) bankField.fail(r.message || ERROR_TEXTS.depositFailed);
    });
  const payFull = () => {
    payField.setValue(String(debt));
    void payLoan(debt).then((r) => {
      if (r.ok) payField.clear();
      else payField.fail(r.message || ERROR_TEXTS.loanPaymentFailed);
    });
  };
  // Each key does its move, or says why it can't (a key that does nothing leaves a screen-reader user guessing).
  useHotkeys(
    {
      depositAll: !busy && (() => (cash > 0 ? depositAll() : announce('You have no cash to deposit.'))),
      withdraw:
        !busy &&
        (() =>
          bank > 0
            ? setDialog({ title: 'Withdraw', max: bank, call: withdraw, fallback: ERROR_TEXTS.withdrawFailed })
            : announce('Your bank account is empty.')),
      payDebt:
        !busy &&
        (() =>
          debt <= 0
            ? announce('You owe nothing.')
            : cash >= debt
              ? payFull()
              : announce(`You need ${formatMoney(debt)} in cash to pay the debt in full; you have ${formatMoney(cash)}${bank > 0 ? ' (withdraw from the bank first)' : ''}.`)),
      // one loan at a time: with a debt, B says so (the sharks' rows answer it otherwise)
      borrow: debt > 0 && (() => announce('Pay back your loan before you borrow again.')),
    },
    sectionRef,
  );
  const sharkKeys = useRowKeys({
    rows: offers,
    idOf: (o) => o.id,
    scope: sectionRef,
    actions: {
      borrow: (o) =>
        busy
          ? 'Wait for your last move.'
          : (setDialog({ title: `Borrow from ${o.name}`, max: o.maxLoan, call: borrowCall(o), check: loanCheck(o), fallback: ERROR_TEXTS.borrowFailed }),
            true),
    },
    firstByDefault: true,
  });

  // Sharks load on entry when debt is 0 and whenever debt becomes 0.
  useEffect(() => {
    if (debt > 0) return;
    let cancelled = false;
    void loadSharks().then((list) => {
      if (!cancelled) setSharks(list);
    });
    return () => {
      cancelled = true;
    };
  }, [debt]);

  if (!gs) return null;
  const p = gs.player;
  const shark = p.loanShark;

  return (
    <section className="view finances-view" ref={sectionRef}>
      <ViewHeader title="Finances" />
      <div className="panel">
        <h3>Bank Account</h3>
        <p>
          Balance: <strong>{formatMoney(p.bank)}</strong>
        </p>
        <p className="muted">Interest Rate: {percent(BANK_INTEREST_RATE)} per day</p>
        <AmountField
          id="bank-amount"
          label="Bank amount"
          value={bankField.value}
          onChange={bankField.setValue}
          max={p.cash > 0 ? p.cash : p.bank}
          error={bankField.error}
          shaking={bankField.shaking}
        />
        <div className="row-actions">
          <button
            type="button"
            className="btn"
            disabled={busy}
            onClick={() => void run(bankField, deposit, ERROR_TEXTS.depositFailed)}
          >
            Deposit
          </button>
          <button
            type="button"
            className="btn"
            disabled={busy || p.cash <= 0}
            {...hotkeyProps('depositAll')}
            onClick={depositAll}
          >
            Deposit All
          </button>
          <button
            type="button"
            className="btn"
            disabled={busy}
            {...hotkeyProps('withdraw')}
            onClick={() => void run(bankField, withdraw, ERROR_TEXTS.withdrawFailed)}
          >
            Withdraw
          </button>
        </div>
      </div>

      <div className="panel">
        <h3>{debt > 0 && shark ? `Loan Shark: ${shark.name}` : 'Loan Sharks'}</h3>
        {debt > 0 ? (
          <>
            <p className="stat-debt">
              Debt: <strong>{formatMoney(debt)}</strong>
            </p>
            <p>Daily Interest: {percent(shark?.interestRate ?? DEFAULT_SHARK_INTEREST_RATE)}</p>
            <p>
              Days until due:{' '}
              <strong className={daysUntilDue(shark?.dueDay, gs.day) === 'OVERDUE!' ? 'danger-text' : ''}>
                {daysUntilDue(shark?.dueDay, gs.day)}
              </strong>
            </p>
            <AmountField
              id="pay-amount"
              label="Pay back amount"
              value={payField.value}
              onChange={payField.setValue}
              max={Math.min(p.cash, debt)}
              error={payField.error}
              shaking={payField.shaking}
            />
            <div className="row-actions">
              <button
                type="button"
                className="btn"
                disabled={busy}
                onClick={() => void run(payField, payLoan, ERROR_TEXTS.loanPaymentFailed)}
              >
                Pay Back
              </button>
              {p.cash >= debt && (
                <button type="button" className="btn btn-primary" disabled={busy} {...hotkeyProps('payDebt')} onClick={payFull}>
                  Pay Full Debt ({formatMoney(debt)})
                </button>
              )}
            </div>
          </>
        ) : (
          <>
            <p>No active loans</p>
            {sharks === null ? (
              <p className="muted">Loading...</p>
            ) : sharks.length === 0 ? (
              <p className="muted">No loan sharks available at your current rank</p>
            ) : (
              <ul className="shark-list">
                {sharks.map((s, i) => (
                  <SharkOffer key={s.id} shark={s} index={i} keys={sharkKeys} />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
      {dialog && <AmountDialog {...dialog} onClose={() => setDialog(null)} />}
    </section>
  );
}
