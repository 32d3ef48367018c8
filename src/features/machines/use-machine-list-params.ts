/**
 * Search, sort and location filter of the machine list, kept in the URL query (`q`, `sort`,
 * `location`) so a reload or a shared link shows the same list. Without a `location`
 * parameter the list starts at the location selected in the header (selection store), when
 * that selection belongs to this customer.
 */
import { useSearchParams } from 'react-router';
import { useSelectionStore } from '../../lib/selection/selection-store';
import { ALL_LOCATIONS, DEFAULT_SORT, parseSort, type MachineSort } from './machine-list-model';

export interface MachineListParams {
  search: string;
  sort: MachineSort;
  location: string;
  setSearch: (value: string) => void;
  setSort: (value: MachineSort) => void;
  setLocation: (value: string) => void;
}

export function useMachineListParams(customerId: string): MachineListParams {
  const [params, setParams] = useSearchParams();
  const selected = useSelectionStore((s) => (s.customerId === customerId ? s.locationId : null));
  const defaultLocation = selected ?? ALL_LOCATIONS;

  const set = (key: string, value: string, fallback: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === fallback) next.delete(key);
        else next.set(key, value);
        return next;
      },
      { replace: true },
    );

  return {
    search: params.get('q') ?? '',
    sort: parseSort(params.get('sort')),
    location: params.get('location') ?? defaultLocation,
    setSearch: (value) => set('q', value, ''),
    setSort: (value) => set('sort', value, DEFAULT_SORT),
    setLocation: (value) => set('location', value, defaultLocation),
  };
}
