/** Search box, sort and location filter of the machine list (values live in the URL). */
import { Grid, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Location } from '../../domain/schemas/company';
import { locationLabel } from './machine-format';
import {
  ALL_LOCATIONS,
  MACHINE_SORTS,
  WITHOUT_LOCATION,
  type MachineSort,
} from './machine-list-model';
import type { MachineListParams } from './use-machine-list-params';

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
