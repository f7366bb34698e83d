// The chart series of GET /game/history (cash, debt, health and every city's prices), for the charts.
import { useEffect, useState } from 'react';
import { keptHistory, loadHistory, type History } from '../../store/viewData';

export type { History };

/**
 * Asks for the history once `key` is not null, and again whenever it changes (the game day, say); the last
 * answer (this game's kept one at first, store/viewData) stays while the next one loads. A failure is only
 * logged: the charts show what they have.
 */
export function useHistory(key: string | number | null): { history: History | null; loading: boolean } {
  const [history, setHistory] = useState<History | null>(() => (key !== null ? keptHistory() : null));
  const [loading, setLoading] = useState(key !== null);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setLoading(true);
    loadHistory()
      .then((next) => live && setHistory(next))
      .catch((err: unknown) => console.warn('history failed', err))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key]);
  return { history, loading };
}
