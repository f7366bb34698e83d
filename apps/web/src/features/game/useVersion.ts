import { useEffect, useState } from 'react';
import { api } from '../../api/client';

let cached: string | null = null;

/** The server's version text, fetched once per page load ('' until known or when the call fails). */
export function useVersion(): string {
  const [version, setVersion] = useState(cached ?? '');
  useEffect(() => {
    if (cached !== null) return;
    let cancelled = false;
    api
      .version()
      .then((v) => {
        cached = v.version;
        if (!cancelled) setVersion(v.version);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);
  return version;
}
