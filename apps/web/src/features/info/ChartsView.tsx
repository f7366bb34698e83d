// Charts (SPEC.md section 2): Your Cash, Your Debt, Your Health and Drug Prices (drug dropdown, legend toggle,
// one line per location) from GET /game/history. Switching tabs redraws; empty data shows NO DATA AVAILABLE.
import { useMemo, useState } from 'react';
import { alignSeries, drugPriceSeries, formatPercent, type ChartData } from '../../components/charts/chartData';
import { DrugSelect } from '../../components/charts/DrugSelect';
import { LineChart } from '../../components/charts/LineChart';
import { useHistory, type History } from '../../components/charts/useHistory';
import { Tabs } from '../../components/Tabs';
import { ViewHeader } from '../../components/ViewHeader';
import { GAME_CHART_COLOURS } from '../../constants';
import { nameOf } from '../../lib/catalogue';
import { formatMoney } from '../../lib/format';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';

export type ChartTab = 'cash' | 'debt' | 'health' | 'prices';

export const CHART_TABS: { id: ChartTab; label: string }[] = [
  { id: 'cash', label: 'Your Cash' },
  { id: 'debt', label: 'Your Debt' },
  { id: 'health', label: 'Your Health' },
  { id: 'prices', label: 'Drug Prices' },
];

/** The lines of one tab. */
export function chartDataFor(
  history: History | null,
  tab: ChartTab,
  opts: { drugId: string; locationName: (id: string) => string },
): ChartData {
  if (!history) return { days: [], series: [] };
  switch (tab) {
    case 'cash':
      // recorded as each day begins (after the night's trip): the label says so
      return alignSeries([{ label: 'Cash at the start of the day', points: history.cash ?? [] }]);
    case 'debt':
      return alignSeries([{ label: 'Debt', points: history.debt ?? [] }]);
    case 'health':
      return alignSeries([{ label: 'Health', points: history.health ?? [] }]);
    case 'prices':
      return drugPriceSeries(history.prices ?? {}, opts.drugId, opts.locationName);
  }
}

export function ChartsView() {
  const day = useGameStore((s) => s.gameState?.day ?? 0);
  const { drugs, locations } = useCatalogue();
  const { history, loading } = useHistory(day);
  const [tab, setTab] = useState<ChartTab>('cash');
  const [drugId, setDrugId] = useState<string>(drugs[0]?.id ?? '');
  const [showLegend, setShowLegend] = useState(true);

  const data = useMemo(
    () => chartDataFor(history, tab, { drugId, locationName: (id) => nameOf(locations, id) }),
    [history, tab, drugId, locations],
  );

  return (
    <div className="info-view charts">
      <ViewHeader title="Charts" />
      <Tabs tabs={CHART_TABS} selected={tab} onSelect={setTab} />
      {tab === 'prices' && (
        <div className="chart-controls">
          <DrugSelect drugs={drugs} value={drugId} onChange={setDrugId} />
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
          formatValue={tab === 'health' ? formatPercent : formatMoney}
        />
      )}
    </div>
  );
}

export default ChartsView;
