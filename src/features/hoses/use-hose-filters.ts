/**
 * The hose list's filters, kept in the URL query. The list reads them from React state, so a
 * keystroke filters at once; the URL follows — at once for the selects, after a short pause
 * for the search text (that delay touches only the address bar, nothing the user waits for).
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseHoseFilters, writeHoseFilters, type HoseFilters } from './hose-filters';

const URL_PAUSE_MS = 300;

export function useHoseFilters() {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<HoseFilters>(() => parseHoseFilters(params));
  const [typing, setTyping] = useState(false);

  useEffect(() => {
    const next = writeHoseFilters(params, filters);
    if (next.toString() === params.toString()) return undefined;
    const write = () => setParams(next, { replace: true });
    if (!typing) {
      write();
      return undefined;
    }
    const id = window.setTimeout(() => {
      setTyping(false);
      write();
    }, URL_PAUSE_MS);
    return () => window.clearTimeout(id);
  }, [filters, typing, params, setParams]);

  const change = useCallback((update: Partial<HoseFilters>) => {
    setTyping(Object.keys(update).length === 1 && 'q' in update);
    setFilters((prev) => ({ ...prev, ...update }));
  }, []);

  return { filters, change };
}
