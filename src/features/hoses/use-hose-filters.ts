/**
 * The hose list's filters, kept in the URL query (replacing the entry, so back leaves the
 * list rather than undoing keystrokes). The list reads them from React state, so a keystroke
 * filters at once; the URL follows in the same turn. (A delayed URL write once landed on the
 * next screen when the user opened a hose within the delay: the query went to the new path.)
 */
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { parseHoseFilters, writeHoseFilters, type HoseFilters } from './hose-filters';

export function useHoseFilters() {
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<HoseFilters>(() => parseHoseFilters(params));

  useEffect(() => {
    const next = writeHoseFilters(params, filters);
    if (next.toString() !== params.toString()) setParams(next, { replace: true });
  }, [filters, params, setParams]);

  const change = useCallback((update: Partial<HoseFilters>) => {
    setFilters((prev) => ({ ...prev, ...update }));
  }, []);

  return { filters, change };
}
