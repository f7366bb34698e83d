// /replay/{id}: a leaderboard entry's game, read-only, day by day (the server's replay, derived by the engine from
// the game's verified log): where the player was, what they met and did, and the money at the day's end, with the
// net-worth chart and a scrubber. The arrow keys step days (Home and End jump to the first and last).
import { useDocumentTitle } from '../../components/hooks';
import { Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { ReplayDay, ReplayEncounter, ReplayStep } from '@drugwars/engine';
import type { ReplayResponse } from '@drugwars/protocol';
import { api } from '../../api/client';
import { toApiError } from '../../api/errorCatalogue';
import type { ChartData } from '../../components/charts/chartData';
import { LoadingOverlay } from '../../components/LoadingOverlay';
import { locationName } from '../../lib/catalogue';
import { formatMoney } from '../../lib/format';
import { useCatalogue } from '../../store/useCatalogue';
import { lazyWithPreload } from '../../components/lazyWithPreload';
import { hotkeyProps, useHotkeys } from '../../components/useHotkeys';

const LineChart = lazyWithPreload(() => import('../../components/charts/LineChart').then((m) => ({ default: m.LineChart })));

/**
 * Titles of the events a day can start with (SPEC.md "Event modals"; news of shipments and the end is 'NEWS'); the
 * intro carries its own title in its text.
 */
const EVENT_TITLES: Record<ReplayDay['events'][number]['category'], string> = {
  game_intro: '',
  combat: 'ENCOUNTER!',
  loan_shark: 'LOAN SHARK VISIT!',
  rank_promotion: 'RANK PROMOTION!',
  received_item: 'LUCKY FIND',
  lost_item: 'BAD NEWS',
  price_change: 'WORD ON THE STREET',
  rumor: 'RUMORS',
  information: 'NEWS',
};

const OUTCOMES: Record<ReplayEncounter['outcome'], string> = {
  won: 'Won',
  escaped: 'Got away',
  bribed: 'Paid them off',
  surrendered: 'Gave up',
  paid: 'Paid the shark',
  skipped: 'Put the shark off',
  killed: 'Killed',
  unfinished: 'Unfinished',
};

const ENCOUNTER_TITLES: Record<ReplayEncounter['encounterType'], string> = {
  police: 'Cops',
  gang: 'Gang',
  loanShark: "The loan shark's goons",
  loanSharkVisit: 'The loan shark',
};

/** The net worth at each day's end, with the day on show marked. */
export function netWorthChart(days: readonly ReplayDay[], shown: number): ChartData {
  return {
    days: days.map((d) => d.day),
    series: [
      { label: 'Net worth', values: days.map((d) => d.end.netWorth) },
      { label: `Day ${days[shown]?.day ?? ''}`, values: days.map((d, i) => (i === shown ? d.end.netWorth : null)) },
    ],
  };
}

/** Whether a key press belongs to a field (typing) rather than to the page. */
function Encounter({ step }: { step: ReplayEncounter }) {
  const toll = step.toll;
  const cost = [
    toll.health > 0 ? `${toll.health} health` : null,
    toll.cash > 0 ? formatMoney(toll.cash) : null,
    toll.drugs > 0 ? `${toll.drugs} units of drugs` : null,
    toll.debt > 0 ? `${formatMoney(toll.debt)} more debt` : null,
  ].filter((x): x is string => x !== null);
  return (
    <div className={`replay-encounter outcome-${step.outcome}`}>
      <p className="replay-encounter-title">
        <strong>{ENCOUNTER_TITLES[step.encounterType]}</strong>
        {step.enemies.length > 0 && ` (${step.enemies.length})`}: {OUTCOMES[step.outcome]}
        {step.rounds > 1 && `, ${step.rounds} rounds`}
        {step.downed > 0 && `, ${step.downed} down`}
      </p>
      <p className="muted">{step.message}</p>
      <ul className="replay-log">
        {step.log.map((line, i) => (
          <li key={i}>{line}</li>
        ))}
      </ul>
      {cost.length > 0 && <p className="danger-text small">It cost {cost.join(', ')}.</p>}
    </div>
  );
}

function Step({ step }: { step: ReplayStep }) {
  if (step.kind === 'encounter') return <Encounter step={step} />;
  return <span className={`replay-step step-${step.kind}`}>{step.message}</span>;
}

function Figures({ day }: { day: ReplayDay }) {
  const rows: [string, string][] = [
    ['Cash', formatMoney(day.end.cash)],
    ['Bank', formatMoney(day.end.bank)],
    ['Debt', formatMoney(day.end.debt)],
    ['Health', `${day.end.health}%`],
    ['Net worth', formatMoney(day.end.netWorth)],
  ];
  return (
    <dl className="replay-figures" aria-label="End of the day">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function ReplayPage() {
  const navigate = useNavigate();
  useDocumentTitle('REPLAY');
  const { id = '' } = useParams();
  const catalogue = useCatalogue();
  const [replay, setReplay] = useState<ReplayResponse | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(0);

  useEffect(() => {
    let cancelled = false;
    setReplay(null);
    setError(null);
    api
      .replay(id)
      .then((r) => {
        if (cancelled) return;
        setReplay(r);
        setShown(0);
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        const e = toApiError(err);
        // The server says why an entry has no replay (404); anything else is the connection's fault.
        setError(e.status === 404 ? e.message : "Couldn't load this replay. Try again in a minute.");
      });
    return () => {
      cancelled = true;
    };
  }, [id]);

  const count = replay?.days.length ?? 0;
  const step = useCallback((to: number) => setShown(Math.max(0, Math.min(count - 1, to))), [count]);

  // the arrow keys step days, Home and End jump (the shared key mechanism: never while typing in a field, and the
  // scrubber keeps its own arrows while it has the focus)
  useHotkeys({
    replayPrev: () => setShown((i) => Math.max(0, i - 1)),
    replayNext: () => setShown((i) => Math.max(0, Math.min(count - 1, i + 1))),
    replayFirst: () => setShown(0),
    replayLast: () => setShown(Math.max(0, count - 1)),
  });

  const chart = useMemo(() => (replay ? netWorthChart(replay.days, shown) : null), [replay, shown]);

  const back = (
    <button type="button" className="btn btn-primary" onClick={() => navigate('/leaderboard')}>
      MOST WANTED LIST
    </button>
  );

  if (error !== null) {
    return (
      <div className="screen replay-screen">
        <main className="replay-main">
          <h1 className="page-title">REPLAY</h1>
          <p className="warning-text" role="alert">
            {error}
          </p>
          {back}
        </main>
      </div>
    );
  }
  if (!replay || !chart) {
    return (
      <div className="screen replay-screen">
        <main className="replay-main">
          <h1 className="sr-only">REPLAY</h1>
          <LoadingOverlay />
        </main>
      </div>
    );
  }

  const { entry } = replay;
  const day = replay.days[shown]!;
  return (
    <div className="screen replay-screen">
      <main className="replay-main">
        <h1 className="page-title">REPLAY</h1>
        <p className="replay-summary">
          <strong>{entry.player_name}</strong>: {formatMoney(entry.score)}, day {entry.final_day}
          {entry.died && (
            <span className="rip">
              {' '}
              R.I.P. <span className="muted">{entry.gameOverReason}</span>
            </span>
          )}
        </p>
        <Suspense fallback={<div className="chart-empty">Loading chart...</div>}>
          <LineChart data={chart} formatValue={formatMoney} height={200} />
        </Suspense>
        <div className="replay-scrubber">
          <button type="button" className="btn btn-small" aria-label="Previous day" {...hotkeyProps('replayPrev')} disabled={shown === 0} onClick={() => step(shown - 1)}>
            &lt;
          </button>
          <input
            type="range"
            min={1}
            max={count}
            value={shown + 1}
            aria-label="Day"
            aria-valuetext={`Day ${day.day} of ${count}`}
            onChange={(e) => step(Number(e.target.value) - 1)}
          />
          <button type="button" className="btn btn-small" aria-label="Next day" {...hotkeyProps('replayNext')} disabled={shown === count - 1} onClick={() => step(shown + 1)}>
            &gt;
          </button>
        </div>
        <section className="replay-day" aria-live="polite" aria-label={`Day ${day.day}`}>
          <h2>
            Day {day.day}: {locationName(catalogue, day.location)}
          </h2>
          {day.events.length > 0 && (
            <ul className="replay-events">
              {day.events.map((e, i) => (
                <li key={i} className={`event-${e.category}`}>
                  {EVENT_TITLES[e.category] && <strong>{EVENT_TITLES[e.category]} </strong>}
                  {e.message.split('\n\n').join(' ')}
                </li>
              ))}
            </ul>
          )}
          {day.steps.length > 0 ? (
            <ol className="replay-steps">
              {day.steps.map((s, i) => (
                <li key={i}>
                  <Step step={s} />
                </li>
              ))}
            </ol>
          ) : (
            <p className="muted">Nothing else happened.</p>
          )}
          <Figures day={day} />
        </section>
        <p className="muted small keys-note">Arrow keys step through the days.</p>
        {back}
      </main>
    </div>
  );
}
