// 'MOST WANTED LIST': Today / This Month / All Time (today, monthly, top).
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { api } from '../../api/client';
import type { LeaderboardEntry, LeaderboardPeriod } from '../../api/types';
import { formatMoney } from '../../lib/format';

export const LEADERBOARD_TABS: { label: string; period: LeaderboardPeriod }[] = [
  { label: 'Today', period: 'today' },
  { label: 'This Month', period: 'monthly' },
  { label: 'All Time', period: 'top' },
];

export function displayName(name: string | null | undefined): string {
  return name && name.trim() !== '' ? name : 'Anonymous';
}

function formatDate(text: string): string {
  const d = new Date(text);
  return Number.isNaN(d.getTime()) ? text : d.toISOString().slice(0, 10);
}

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
        <div className="tabs" role="tablist" aria-label="Period">
          {LEADERBOARD_TABS.map((t) => (
            <button
              key={t.period}
              type="button"
              role="tab"
              aria-selected={period === t.period}
              className={`tab ${period === t.period ? 'active' : ''}`}
              onClick={() => setPeriod(t.period)}
            >
              {t.label}
            </button>
          ))}
        </div>
        <div className="table-wrap">
          <table className="table leaderboard-table">
            <thead>
              <tr>
                <th scope="col">#</th>
                <th scope="col">Name</th>
                <th scope="col">Score</th>
                <th scope="col">Day</th>
                <th scope="col">Date</th>
              </tr>
            </thead>
            <tbody>
              {entries === null ? (
                <tr>
                  <td colSpan={5}>Loading...</td>
                </tr>
              ) : entries.length === 0 ? (
                <tr>
                  <td colSpan={5}>Nobody yet. Be the first.</td>
                </tr>
              ) : (
                entries.map((e, i) => (
                  <tr key={`${i}-${e.player_name}-${e.score}`}>
                    <td className="num">{i + 1}</td>
                    <td>{displayName(e.player_name)}</td>
                    <td className="num">{formatMoney(e.score)}</td>
                    <td className="num">{e.final_day}</td>
                    <td>{formatDate(e.date_achieved)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        <button type="button" className="btn btn-primary" onClick={() => navigate('/')}>
          BACK TO MENU
        </button>
      </main>
    </div>
  );
}
