/**
 * Search box, sort and location filter of the machine list. Their values live in the URL
 * query (`q`, `sort`, `location`) so a reload or a shared link shows the same list. Without a
 * `location` parameter the list starts at the location selected in the header (selection
 * store), when that selection belongs to this customer.
 */
import { Grid, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Location } from '@domain/schemas/company';
import { useSelectionStore } from '@lib/selection/selection-store';
import { locationLabel } from './machine-format';
import {
  ALL_LOCATIONS,
  DEFAULT_SORT,
  MACHINE_SORTS,
  parseSort,
  WITHOUT_LOCATION,
  type MachineSort,
} from './machine-list-model';

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

export function MachineListControls({
  params,
  locations,
}: {
  params: MachineListParams;
  locations: readonly Location[];
}) {
  const { t } = useTranslation('machines');
  const sortData = MACHINE_SORTS.map((value) => ({ value, label: t(`list.sorts.${value}`) }));
  const locationData = [
    { value: ALL_LOCATIONS, label: t('list.allLocations') },
    ...locations.map((l) => ({ value: l.id, label: locationLabel(l) })),
    { value: WITHOUT_LOCATION, label: t('list.withoutLocation') },
  ];
  return (
    <Grid mb="md" gap="sm">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <TextInput
          type="search"
          label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
          value={params.search}
          onChange={(e) => params.setSearch(e.currentTarget.value)}
          data-testid="machine-search"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <Select
          label={t('list.sort')}
          data={sortData}
          value={params.sort}
          onChange={(v) => params.setSort((v ?? 'name-asc') as MachineSort)}
          allowDeselect={false}
          data-testid="machine-sort"
        />
      </Grid.Col>
      <Grid.Col span={{ base: 12, sm: 6, md: 3 }}>
        <Select
          label={t('list.location')}
          data={locationData}
          value={params.location}
          onChange={(v) => params.setLocation(v ?? ALL_LOCATIONS)}
          allowDeselect={false}
          data-testid="machine-location-filter"
        />
      </Grid.Col>
    </Grid>
  );
}
