/**
 * The machines of a customer (docs/architecture.md, docs/api.md): search, the six sorts and a location filter, kept
 * in the URL; every card shows manufacturer, type, inventory number, location, hose count and
 * the next DGUV due date. Read from Dexie, so it works offline.
 */
import { Button, SimpleGrid } from '@mantine/core';
import { useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useLocations, useRow } from '@db/hooks';
import { machineLocationChoices } from '@domain/rules/locations';
import { useMachineSummaries } from '@db/machine-queries';
import { ListState } from '@components/list-state';
import { useLinkDelegate } from '@components/use-link-delegate';
import { PageHeader } from '@components/page-header';
import { useCanEdit } from '@lib/auth';
import { MachineCard } from './machine-card';
import { machinesPath } from './machine-format';
import { ALL_LOCATIONS, filterMachines, sortMachines } from './machine-list-model';
import { MachineListControls, useMachineListParams } from './machine-list-controls';

export function MachineListScreen() {
  const { t } = useTranslation(['machines', 'routes']);
  const customerId = useParams().customerId ?? '';
  const canEdit = useCanEdit();
  const summaries = useMachineSummaries(customerId);
  const locations = useLocations(customerId);
  const customer = useRow('company', customerId);
  const params = useMachineListParams(customerId);
  const { sort, location } = params;
  // Typing shows at once; the list follows in a background render. Sorting
  // waits for no keystroke: the sorted list is kept, and filtering keeps its order.
  const search = useDeferredValue(params.search);
  const sorted = useMemo(() => summaries && sortMachines(summaries, sort), [summaries, sort]);
  const rows = useMemo(
    () => sorted && filterMachines(sorted, { search, location }),
    [sorted, search, location],
  );
  const createHref = canEdit ? `${machinesPath(customerId)}/create` : undefined;
  const filtered = search.trim() !== '' || location !== ALL_LOCATIONS;
  const hasMachines = (summaries?.length ?? 0) > 0;
  const onClick = useLinkDelegate();
  // The same element while only the search box changed: a keystroke's urgent render skips
  // the cards; the deferred one (new `rows`) re-renders the grid, and memoised cards only
  // where they come in.
  const cards = useMemo(
    () => (
      <ListState
        rows={rows}
        filtered={filtered && hasMachines}
        emptyText={t('machines:list.empty')}
        createHref={createHref}
        createLabel={t('machines:list.createFirst')}
      >
        {(list) => (
          // The cards' links are plain anchors: one handler navigates in the app for all.
          <SimpleGrid cols={{ base: 1, sm: 2, xl: 3 }} data-testid="machine-list" onClick={onClick}>
            {list.map((row) => (
              <MachineCard key={row.machine.id} row={row} />
            ))}
          </SimpleGrid>
        )}
      </ListState>
    ),
    [rows, filtered, hasMachines, createHref, t, onClick],
  );

  return (
    <>
      <PageHeader
        title={t('routes:machines')}
        subtitle={
          // Whose machines these are, and how many the filters show.
          [
            customer ? t('machines:list.customer', { customer: customer.name }) : null,
            rows ? t('machines:list.count', { count: rows.length }) : null,
          ]
            .filter(Boolean)
            .join(' · ') || undefined
        }
        actions={
          createHref ? (
            <Button component={Link} to={createHref} data-testid="machine-create">
              {t('machines:list.create')}
            </Button>
          ) : null
        }
      />
      <MachineListControls
        params={params}
        locations={machineLocationChoices(locations ?? [], location)}
      />
      {cards}
    </>
  );
}
