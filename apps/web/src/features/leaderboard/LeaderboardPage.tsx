// 'MOST WANTED LIST': Today / This Month / All Time (today, monthly, top).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import type { LeaderboardEntryData as LeaderboardEntry } from '@drugwars/protocol';
import { api, type LeaderboardPeriod } from '../../api/client';
import { Table, type Column } from '../../components/Table';
import { Tabs } from '../../components/Tabs';
import { formatMoney } from '../../lib/format';

export const LEADERBOARD_TABS: { id: LeaderboardPeriod; label: string }[] = [
  { id: 'today', label: 'Today' },
  { id: 'monthly', label: 'This Month' },
  { id: 'top', label: 'All Time' },
];

export function displayName(name: string | null | undefined): string {
  return name && name.trim() !== '' ? name : 'Anonymous';
}

function formatDate(text: string): string {
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? text : d.toISOString().slice(0, 10);
}

type Ranked = LeaderboardEntry & { rank: number };

const COLUMNS: Column<Ranked>[] = [
  { header: '#', cell: (e) => e.rank, className: 'num' },
  { header: 'Name', cell: (e) => displayName(e.player_name) },
  { header: 'Score', cell: (e) => formatMoney(e.score), className: 'num' },
  { header: 'Day', cell: (e) => e.final_day, className: 'num' },
  { header: 'Date', cell: (e) => formatDate(e.date_achieved) },
];

export default function LeaderboardPage() {
  const navigate = useNavigate();
  const [period, setPeriod] = useState<LeaderboardPeriod>('today');
  const [entries, setEntries] = useState<LeaderboardEntry[] | null>(null);

  useEffect(() => {
    let cancelled = false;
    setEntries(null);
    api
      .leaderboard(period)
      .then((r) => {
        if (!cancelled) setEntries(r.entries);
      })
      .catch((err) => {
        console.warn('leaderboard load failed', err); // only logged
        if (!cancelled) setEntries([]);
      });
    return () => {
      cancelled = true;
    };
  }, [period]);

  return (
    <div className="screen leaderboard-screen">
      <main className="leaderboard-main">
        <h1 className="page-title">MOST WANTED LIST</h1>
        <Tabs tabs={LEADERBOARD_TABS} selected={period} onSelect={setPeriod} label="Period" />
        <div className="table-wrap">
          <Table
            className="table leaderboard-table"
            columns={COLUMNS}
            rows={(entries ?? []).map((e, i) => ({ ...e, rank: i + 1 }))}
            rowKey={(e) => `${e.rank}-${e.player_name}-${e.score}`}
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
