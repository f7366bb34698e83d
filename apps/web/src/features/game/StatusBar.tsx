// The status bar of SPEC.md section 2: a desktop row and a two-row phone layout. Each figure has a cell of its
// own in a grid of fixed columns (styles.css), so nothing moves as numbers grow: Health stays where it is when
// the cash gains a digit, and the desktop row never wraps at 1280 px (each cell is its label over its value). The
// phone shows every figure exact too (a trader needs them), over three rows.
import { DEFAULT_MAX_DAYS, RANKS } from '@drugwars/engine';
import { useEffect } from 'react';
import { endWarning } from '../../components/DayEnd';
import { announce } from '../../store/announcer';
import { useIsMobile } from '../../components/hooks';
import { DEFAULT_INVENTORY_NAME } from '../../constants';
import { locationName } from '../../lib/catalogue';
import { formatMoney, healthClass } from '../../lib/format';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';
import { CashCounter } from './CashCounter';

export function debtText(debt: number, sharkName: string | null | undefined): string {
  if (debt <= 0) return '$0';
  return sharkName ? `${formatMoney(debt)} to ${sharkName}` : formatMoney(debt);
}

export function StatusBar() {
  const gs = useGameStore((s) => s.gameState);
  const catalogue = useCatalogue();
  const mobile = useIsMobile();
  const lastDays = gs ? endWarning({ day: gs.day, maxDays: gs.maxDays || gs.player.maxDays || DEFAULT_MAX_DAYS }) : null;
  useEffect(() => {
    // said once when it appears (a live region created with its text is not read by every screen reader)
    if (lastDays) announce(lastDays, { assertive: true });
  }, [lastDays]);
  if (!gs) return null;
  const p = gs.player;
  const maxDays = gs.maxDays || p.maxDays || DEFAULT_MAX_DAYS;
  const day = Math.min(gs.day, maxDays);
  const location = locationName(catalogue, gs.location);
  const health = Math.max(0, Math.round(p.health));
  const hc = healthClass(health);
  const warning = endWarning({ day: gs.day, maxDays });
  const ending = warning && (
    <p className="status-warning" role="status">
      {warning}
    </p>
  );

  if (mobile) {
    // Three rows of exact figures (a trader plans on the exact cash, debt and bank): money, debt and health,
    // then where and when.
    return (
      <section className="status-bar status-mobile" aria-label="Status">
        <div className="status-row status-money">
          <span className="stat stat-cash">
            <span className="stat-label">Cash</span> <CashCounter cash={p.cash} />
          </span>
          <span className="stat stat-bank">
            <span className="stat-label">Bank</span> {formatMoney(p.bank)}
          </span>
        </div>
        <div className="status-row status-money">
          {p.debt > 0 ? (
            <span className="stat stat-debt">
              <span className="stat-label">Debt</span> {formatMoney(p.debt)}
            </span>
          ) : (
            // keeps HP in its column when there is no debt
            <span className="stat-empty" />
          )}
          <span className={`stat stat-hp health-${hc}`}>
            <span className="stat-label">HP</span> {health}%
          </span>
        </div>
        <div className="status-row status-where">
          <span className="stat">
            Day {day}/{maxDays}
          </span>
          <span className="stat stat-location">{location}</span>
          <span className="stat stat-pocket">
            Pocket: {p.usedSpace}/{p.coatSpace}
          </span>
        </div>
        {ending}
      </section>
    );
  }

  const debt = debtText(p.debt, p.loanShark?.name);
  return (
    <section className="status-bar status-desktop" aria-label="Status">
      <span className="stat">
        <span className="stat-label">Day</span> <span className="stat-value">{day}/{maxDays}</span>
      </span>
      <span className="stat">
        <span className="stat-label">Rank</span> <span className="stat-value">{p.rank?.name || RANKS[0]!.name}</span>
      </span>
      <span className="stat">
        <span className="stat-label">Location</span> <span className="stat-value">{location}</span>
      </span>
      <span className="stat stat-cash">
        <span className="stat-label">Cash</span> <CashCounter cash={p.cash} />
      </span>
      <span className={`stat ${p.debt > 0 ? 'stat-debt' : ''}`} title={debt}>
        <span className="stat-label">Debt</span> <span className="stat-value">{debt}</span>
      </span>
      <span className="stat">
        <span className="stat-label">Bank</span> <span className="stat-value">{formatMoney(p.bank)}</span>
      </span>
      <span className={`stat stat-health health-${hc}`}>
        <span className="stat-label">Health</span> <span className="stat-value">{health}%</span>
      </span>
      <span className="stat">
        <span className="stat-label">{p.rank?.inventoryName || DEFAULT_INVENTORY_NAME}</span>{' '}
        <span className="stat-value">
          {p.usedSpace}/{p.coatSpace}
        </span>
      </span>
      {ending}
    </section>
  );
}
