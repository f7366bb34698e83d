// The status bar of SPEC.md section 2: a desktop row and a two-row phone layout.
import { DEFAULT_MAX_DAYS, RANKS } from '@drugwars/engine';
import { useIsMobile } from '../../components/hooks';
import { DEFAULT_INVENTORY_NAME } from '../../constants';
import { locationName } from '../../lib/catalogue';
import { formatCompact, formatMoney, healthClass } from '../../lib/format';
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
  if (!gs) return null;
  const p = gs.player;
  const maxDays = gs.maxDays || p.maxDays || DEFAULT_MAX_DAYS;
  const day = Math.min(gs.day, maxDays);
  const location = locationName(catalogue, gs.location);
  const health = Math.max(0, Math.round(p.health));
  const hc = healthClass(health);

  if (mobile) {
    return (
      <section className="status-bar status-mobile" aria-label="Status">
        <div className="status-row">
          <span className="stat">
            <span className="stat-label">Cash</span> <CashCounter cash={p.cash} compact />
          </span>
          {p.debt > 0 && (
            <span className="stat stat-debt">
              <span className="stat-label">Debt</span> ${formatCompact(p.debt)}
            </span>
          )}
          <span className="stat">
            <span className="stat-label">Bank</span> ${formatCompact(p.bank)}
          </span>
          <span className={`stat health-${hc}`}>
            <span className="stat-label">HP</span> {health}%
          </span>
        </div>
        <div className="status-row">
          <span className="stat">
            Day {day}/{maxDays}
          </span>
          <span className="stat">{location}</span>
          <span className="stat">
            Pocket: {p.usedSpace}/{p.coatSpace}
          </span>
        </div>
      </section>
    );
  }

  return (
    <section className="status-bar status-desktop" aria-label="Status">
      <span className="stat">
        <span className="stat-label">Day</span> {day}/{maxDays}
      </span>
      <span className="stat">
        <span className="stat-label">Rank</span> {p.rank?.name || RANKS[0]!.name}
      </span>
      <span className="stat">
        <span className="stat-label">Location</span> {location}
      </span>
      <span className="stat stat-cash">
        <span className="stat-label">Cash</span> <CashCounter cash={p.cash} />
      </span>
      <span className={`stat ${p.debt > 0 ? 'stat-debt' : ''}`}>
        <span className="stat-label">Debt</span> {debtText(p.debt, p.loanShark?.name)}
      </span>
      <span className="stat">
        <span className="stat-label">Bank</span> {formatMoney(p.bank)}
      </span>
      <span className={`stat health-${hc}`}>
        <span className="stat-label">Health</span> {health}%
      </span>
      <span className="stat">
        <span className="stat-label">{p.rank?.inventoryName || DEFAULT_INVENTORY_NAME}</span> {p.usedSpace}/
        {p.coatSpace}
      </span>
    </section>
  );
}
