// 'MOST WANTED LIST': Today / This Month / All Time (today, monthly, top), and DAILY RUN: a day's Daily Run board
// with a date picker (today by default; the day's seed shows once the day is over). A row's name opens its replay
// when there is one to watch; a dead player's row says R.I.P. and how.
import { useDocumentTitle } from '../../components/hooks';
import { useEffect, useId, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { LeaderboardEntryData as LeaderboardEntry } from '@drugwars/protocol';
import { api, type LeaderboardPeriod } from '../../api/client';
import { Table, type Column } from '../../components/Table';
import { Tabs } from '../../components/Tabs';
import { formatMoney } from '../../lib/format';

export type LeaderboardTab = LeaderboardPeriod | 'daily';

export const LEADERBOARD_TABS: { id: LeaderboardTab; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'monthly', label: 'This Month' },
  { id: 'top', label: 'All Time' },
  { id: 'daily', label: 'DAILY RUN' },
];

export function displayName(name: string | null | undefined): string {
  return name && name.trim() !== '' ? name : 'Anonymous';
}

function formatDate(text: string): string {
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? text : d.toISOString().slice(0, 10);
}

/** Today's date in UTC (the Daily Run's day), as a date input holds it. */
export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

type Ranked = LeaderboardEntry & { rank: number };

function NameCell({ entry }: { entry: LeaderboardEntry }) {
  const name = displayName(entry.player_name);
  return (
    <>
      {entry.replayable ? (
        <Link to={`/replay/${entry.id}`} className="replay-link" title={`Watch ${name}'s game`}>
          {name}
        </Link>
      ) : (
        name
      )}
      {entry.died && (
        <span className="rip">
          {' '}
          R.I.P.<span className="rip-cause"> {entry.gameOverReason}</span>
        </span>
      )}
    </>
  );
}

const COLUMNS: Column<Ranked>[] = [
  { header: '#', cell: (e) => e.rank, className: 'num' },
  { header: 'Name', cell: (e) => <NameCell entry={e} /> },
  { header: 'Score', cell: (e) => formatMoney(e.score), className: 'num' },
  { header: 'Day', cell: (e) => e.final_day, className: 'num' },
  // a date never breaks across lines ('2026-11-/28' at 1280 px)
  { header: 'Date', cell: (e) => formatDate(e.date_achieved), className: 'date-cell' },
];

interface Board {
  entries: LeaderboardEntry[];
  /** The Daily Run's day shown and its seed (null while the day lasts); absent for the Most Wanted List. */
  daily?: { date: string; seed: string | null };
}

export function tabFrom(value: string | null): LeaderboardTab {
  return LEADERBOARD_TABS.find((t) => t.id === value)?.id ?? 'today';
}

function dateFrom(value: string | null): string | null {
  return value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

export default function LeaderboardPage() {
  const navigate = useNavigate();
  useDocumentTitle('MOST WANTED LIST');
  const dateId = useId();
  // ?tab= and ?date= open a given board (Game Over links to the board the game went on)
  const [params] = useSearchParams();
  const [tab, setTab] = useState<LeaderboardTab>(() => tabFrom(params.get('tab')));
  /** The Daily Run's day picked; null = today (the server's today). */
  const [date, setDate] = useState<string | null>(() => dateFrom(params.get('date')));
  const [board, setBoard] = useState<Board | null>(null);

  useEffect(() => {
    let cancelled = false;
    setBoard(null);
    const load: Promise<Board> =
      tab === 'daily'
        ? api.dailyLeaderboard(date ?? undefined).then((r) => ({ entries: r.entries, daily: { date: r.date, seed: r.seed } }))
        : api.leaderboard(tab).then((r) => ({ entries: r.entries }));
    load
      .then((b) => {
        if (!cancelled) setBoard(b);
      })
      .catch((err) => {
        console.warn('leaderboard load failed', err); // only logged
        if (!cancelled) setBoard({ entries: [] });
      });
    return () => {
      cancelled = true;
    };
  }, [tab, date]);

  const entries = board?.entries ?? null;
  return (
    <div className="screen leaderboard-screen">
      <main className="leaderboard-main">
        <h1 className="page-title">MOST WANTED LIST</h1>
        <Tabs tabs={LEADERBOARD_TABS} selected={tab} onSelect={setTab} label="Period" />
        {tab === 'daily' && (
          <div className="daily-picker">
            <label htmlFor={dateId}>Day (UTC)</label>
            <input
              id={dateId}
              className="input"
              type="date"
              max={utcToday()}
              value={date ?? board?.daily?.date ?? utcToday()}
              onChange={(e) => setDate(e.target.value === '' ? null : e.target.value)}
            />
            {board?.daily?.seed && <span className="muted small">Seed: {board.daily.seed}</span>}
          </div>
        )}
        <div className="table-wrap">
          <Table
            className="table leaderboard-table"
            columns={COLUMNS}
            rows={(entries ?? []).map((e, i) => ({ ...e, rank: i + 1 }))}
            rowKey={(e) => String(e.id)}
            placeholder={entries === null ? 'Loading...' : 'Nobody yet. Be the first.'}
          />
        </div>
        <button type="button" className="btn btn-primary" onClick={() => navigate('/')}>
          BACK TO MENU
        </button>
      </main>
    </div>
  );
}
