// The Game Statistics modal of the game-over page (SPEC.md section 2): Summary, Finances, Health,
// Drug Prices (drug and location filters, All Locations) and the Actions timeline, from the final state. The
// game state carries only today's prices, so the Drug Prices tab reads the whole series from GET /game/history.
import { useMemo, useState } from 'react';
import { alignSeries, drugPriceSeries, formatPercent } from '../../components/charts/chartData';
import { DrugSelect } from '../../components/charts/DrugSelect';
import { LineChart } from '../../components/charts/LineChart';
import { useHistory } from '../../components/charts/useHistory';
import { Modal, ModalButton } from '../../components/Modal';
import { Tabs } from '../../components/Tabs';
import { STATS_CHART_COLOURS } from '../../constants';
import { nameOf } from '../../lib/catalogue';
import { formatMoney } from '../../lib/format';
import { useGameStore } from '../../store/gameStore';
import { useCatalogue } from '../../store/useCatalogue';
import { ActionsTimeline } from './ActionsTimeline';
import { actionLines, summaryRows } from './gameStats';
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

export function StatsModal({ onClose }: { onClose: () => void }) {
  const gs = useGameStore((s) => s.gameState);
  const { drugs, locations } = useCatalogue();
  const [tab, setTab] = useState<StatsTab>('summary');
  const [drugId, setDrugId] = useState(drugs[0]?.id ?? '');
  const [locationId, setLocationId] = useState<string>(ALL_LOCATIONS);
  const history = gs?.gameHistory ?? null;
  // the state carries only today's prices: the whole series is asked for once, when the Drug Prices tab opens
  const [pricesAsked, setPricesAsked] = useState(false);
  const priceSeries = useHistory(pricesAsked ? 'final' : null).history?.prices ?? null;
  const selectTab = (next: StatsTab) => {
    setTab(next);
    if (next === 'prices') setPricesAsked(true);
  };

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
      <Tabs tabs={STATS_TABS} selected={tab} onSelect={selectTab} />
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
          <LineChart key="health" data={health} paletteSize={STATS_CHART_COLOURS} showLegend={false} formatValue={formatPercent} />
        ) : tab === 'prices' ? (
          <>
            <div className="chart-controls">
              <DrugSelect drugs={drugs} value={drugId} onChange={setDrugId} />
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
      <ModalButton label="Close" onClick={onClose} />
    </Modal>
  );
}

export default StatsModal;
