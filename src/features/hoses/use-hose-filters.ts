/**
 * The hose list's filters, kept in the URL query (replacing the entry, so back leaves the
 * list rather than undoing keystrokes). The list reads them from React state, so a keystroke
 * filters at once; the URL follows in the same turn. (A delayed URL write once landed on the
 * next screen when the user opened a hose within the delay: the query went to the new path.)
 *
 * `settled` is the deferred copy of the filters (useDeferredValue): the search box shows each
 * keystroke at once, while the list's filtering and the URL write render in the background
 * and are dropped when the next keystroke comes first (bench/README.md: the echo within 100 ms,
 * the list settled within 300 ms of a search's last key, on a phone).
 */
import { useCallback, useDeferredValue, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseHoseFilters, writeHoseFilters, type HoseFilters } from './hose-filters';

export function useHoseFilters() {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<HoseFilters>(() => parseHoseFilters(params));
  const settled = useDeferredValue(filters);

  useEffect(() => {
    const next = writeHoseFilters(params, settled);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [settled, params, setParams]);

  const change = useCallback((update: Partial<HoseFilters>) => {
    setFilters((prev) => ({ ...prev, ...update }));
  }, []);

  return { filters, settled, change };
}
