// The Game Statistics modal of the game-over page (SPEC.md section 2): Summary, Finances, Health,
// Drug Prices (drug and location filters, All Locations) and the Actions timeline, from the final state. The
// game state carries only today's prices, so the Drug Prices tab reads the whole series from GET /game/history.
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api/client';
import type { HistoryView } from '../../api/types';
import { Modal } from '../../components/Modal';
import { STATS_CHART_COLOURS } from '../../constants';
import { formatMoney } from '../../lib/format';
import { useGameStore } from '../../store/gameStore';
import { nameOf, useCatalogue } from '../info/catalogue';
import { alignSeries, drugPriceSeries } from '../info/chartData';
import { LineChart } from '../info/LineChart';
import { ActionsTimeline } from './ActionsTimeline';
import { actionLines, summaryRows } from './gameStats';
import '../info/info.css';
import './stats.css';

export type StatsTab = 'summary' | 'finances' | 'health' | 'prices' | 'actions';

export const STATS_TABS: { id: StatsTab; label: string }[] = [
  { id: 'summary', label: 'Summary' },
  { id: 'finances', label: 'Finances' },
  { id: 'health', label: 'Health' },
  { id: 'prices', label: 'Drug Prices' },
  { id: 'actions', label: 'Actions' },
];

const ALL_LOCATIONS = '';
const percent = (v: number) => `${Math.round(v)}%`;

export function StatsModal({ onClose }: { onClose: () => void }) {
  const gs = useGameStore((s) => s.gameState);
  const { drugs, locations } = useCatalogue();
  const [tab, setTab] = useState<StatsTab>('summary');
  const [drugId, setDrugId] = useState(drugs[0]?.id ?? '');
  const [locationId, setLocationId] = useState<string>(ALL_LOCATIONS);
  const history = gs?.gameHistory ?? null;
  const [priceSeries, setPriceSeries] = useState<HistoryView['prices'] | null>(null);

  useEffect(() => {
    if (tab !== 'prices' || priceSeries) return;
    let live = true;
    api
      .history()
      .then((res) => live && setPriceSeries(res.history.prices))
      .catch((err: unknown) => console.warn('history failed', err));
    return () => {
      live = false;
    };
  }, [tab, priceSeries]);

  const finances = useMemo(() => {
    const f = history?.financeHistory ?? [];
    return alignSeries([
      { label: 'Cash', points: f.map((r) => ({ day: r.day, value: r.cash })) },
      { label: 'Debt', points: f.map((r) => ({ day: r.day, value: r.debt })) },
      { label: 'Bank', points: f.map((r) => ({ day: r.day, value: r.bank })) },
    ]);
  }, [history]);
  const health = useMemo(
    () => alignSeries([{ label: 'Health', points: (history?.healthHistory ?? []).map((r) => ({ day: r.day, value: r.health })) }]),
    [history],
  );
  const prices = useMemo(() => {
    const all = priceSeries ?? {};
    const shown = locationId === ALL_LOCATIONS ? all : { [locationId]: all[locationId] ?? {} };
    return drugPriceSeries(shown, drugId, (id) => nameOf(locations, id));
  }, [priceSeries, drugId, locationId, locations]);
  const lines = useMemo(
    () =>
      actionLines(history?.actionHistory ?? [], {
        drug: (id) => nameOf(drugs, id),
        location: (id) => nameOf(locations, id),
      }),
    [history, drugs, locations],
  );

  return (
    <Modal title="Game Statistics" onDismiss={onClose} className="stats-modal">
      <div className="tabs" role="tablist">
        {STATS_TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            className={`tab${tab === t.id ? ' active' : ''}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="stats-body">
        {!gs ? (
          <div className="chart-empty">NO DATA AVAILABLE</div>
        ) : tab === 'summary' ? (
          <table className="data-table stats-summary">
            <tbody>
              {summaryRows(gs).map((r) => (
                <tr key={r.label}>
                  <th scope="row">{r.label}</th>
                  <td className="num">{r.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : tab === 'finances' ? (
          <LineChart key="finances" data={finances} paletteSize={STATS_CHART_COLOURS} formatValue={formatMoney} />
        ) : tab === 'health' ? (
          <LineChart key="health" data={health} paletteSize={STATS_CHART_COLOURS} showLegend={false} formatValue={percent} />
        ) : tab === 'prices' ? (
          <>
            <div className="chart-controls">
              <label>
                Drug:{' '}
                <select aria-label="Drug" value={drugId} onChange={(e) => setDrugId(e.target.value)}>
                  {drugs.map((d) => (
                    <option key={d.id} value={d.id}>
                      {d.name}
                    </option>
                  ))}
                </select>
              </label>
              <label>
                Location:{' '}
                <select aria-label="Location" value={locationId} onChange={(e) => setLocationId(e.target.value)}>
                  <option value={ALL_LOCATIONS}>All Locations</option>
                  {locations.map((l) => (
                    <option key={l.id} value={l.id}>
                      {l.name}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            <LineChart key="prices" data={prices} paletteSize={STATS_CHART_COLOURS} formatValue={formatMoney} />
          </>
        ) : (
          <ActionsTimeline lines={lines} />
        )}
      </div>
      <div className="modal-actions">
        <button type="button" className="btn" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}

export default StatsModal;
