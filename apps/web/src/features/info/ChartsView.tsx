// Charts (SPEC.md section 2): Your Cash, Your Debt, Your Health and Drug Prices (drug dropdown, legend toggle,
// one line per location) from GET /game/history. Switching tabs redraws; empty data shows NO DATA AVAILABLE.
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../api/client';
import type { HistoryView } from '../../api/types';
import { GAME_CHART_COLOURS } from '../../constants';
import { formatMoney } from '../../lib/format';
import { useGameStore } from '../../store/gameStore';
import { ViewHeader } from '../game/ViewHeader';
import { nameOf, useCatalogue } from './catalogue';
import { alignSeries, drugPriceSeries, type ChartData } from './chartData';
import { LineChart } from './LineChart';
import './info.css';

export type ChartTab = 'cash' | 'debt' | 'health' | 'prices';

export const CHART_TABS: { id: ChartTab; label: string }[] = [
  { id: 'cash', label: 'Your Cash' },
  { id: 'debt', label: 'Your Debt' },
  { id: 'health', label: 'Your Health' },
  { id: 'prices', label: 'Drug Prices' },
];

/** The lines of one tab. */
export function chartDataFor(
  history: HistoryView | null,
  tab: ChartTab,
  opts: { drugId: string; locationName: (id: string) => string },
): ChartData {
  if (!history) return { days: [], series: [] };
  switch (tab) {
    case 'cash':
      return alignSeries([{ label: 'Cash', points: history.cash ?? [] }]);
    case 'debt':
      return alignSeries([{ label: 'Debt', points: history.debt ?? [] }]);
    case 'health':
      return alignSeries([{ label: 'Health', points: history.health ?? [] }]);
    case 'prices':
      return drugPriceSeries(history.prices ?? {}, opts.drugId, opts.locationName);
  }
}

const percent = (v: number) => `${Math.round(v)}%`;

export function ChartsView() {
  const day = useGameStore((s) => s.gameState?.day ?? 0);
  const { drugs, locations } = useCatalogue();
  const [history, setHistory] = useState<HistoryView | null>(null);
  const [loading, setLoading] = useState(true);
  const [tab, setTab] = useState<ChartTab>('cash');
  const [drugId, setDrugId] = useState<string>(drugs[0]?.id ?? '');
  const [showLegend, setShowLegend] = useState(true);

  useEffect(() => {
    let live = true;
    setLoading(true);
    api
      .history()
      .then((res) => live && setHistory(res.history))
      .catch((err) => console.warn('history failed', err))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [day]);

  const data = useMemo(
    () => chartDataFor(history, tab, { drugId, locationName: (id) => nameOf(locations, id) }),
    [history, tab, drugId, locations],
  );

  return (
    <div className="info-view charts">
      <ViewHeader title="Charts" />
      <div className="tabs" role="tablist">
        {CHART_TABS.map((t) => (
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
      {tab === 'prices' && (
        <div className="chart-controls">
          <label>
            Drug:{' '}
            <select value={drugId} onChange={(e) => setDrugId(e.target.value)}>
              {drugs.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
          </label>
          <button type="button" className="btn btn-small" onClick={() => setShowLegend((v) => !v)}>
            {showLegend ? 'Hide Legend' : 'Show Legend'}
          </button>
        </div>
      )}
      {loading && !history ? (
        <p className="empty">Loading...</p>
      ) : (
        <LineChart
          key={tab}
          data={data}
          paletteSize={GAME_CHART_COLOURS}
          showLegend={tab === 'prices' ? showLegend : false}
          formatValue={tab === 'health' ? percent : formatMoney}
        />
      )}
    </div>
  );
}

export default ChartsView;
