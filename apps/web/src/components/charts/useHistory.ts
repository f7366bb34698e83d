// The chart series of GET /game/history (cash, debt, health and every city's prices), for the charts.
import { useEffect, useState } from 'react';
import type { ResponseBody } from '@drugwars/protocol';
import { api } from '../../api/client';

export type History = ResponseBody<'history'>['history'];

/**
 * Asks for the history once `key` is not null, and again whenever it changes (the game day, say); the last
 * answer stays while the next one loads. A failure is only logged: the charts show what they have.
 */
export function useHistory(key: string | number | null): { history: History | null; loading: boolean } {
  const [history, setHistory] = useState<History | null>(null);
  const [loading, setLoading] = useState(key !== null);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setLoading(true);
    api
      .history()
      .then((res) => live && setHistory(res.history))
      .catch((err: unknown) => console.warn('history failed', err))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [key]);
  return { history, loading };
}
