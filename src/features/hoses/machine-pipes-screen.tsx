/**
 * `/customer/:customerId/machine/:machineId/parts/pipes`: a machine's hoses by position
 * (docs/api.md) with their last DGUV result, next due date and service-life flag; staff open a
 * hose to edit it and create new ones, customer users read.
 */
import { Button } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ListState } from '@components/list-state';
import { NotFoundNotice } from '@components/not-found-notice';
import { useOrderSlot, type OrderCandidate } from '@components/order-slot';
import { PageHeader } from '@components/page-header';
import { useRow } from '@db/hooks';
import { useCanEdit } from '@lib/auth';
import { useMachinePipes } from './data/hose-list-queries';
import type { HoseLinks } from './hose-filters';
import { HoseList } from './hose-list';
import { PrintLabelsButton } from './labels/print-labels-button';
import { machineLabel, useHoseRows } from './use-hose-rows';

export function MachinePipesScreen() {
  const { t } = useTranslation(['pipes', 'routes']);
  const { customerId = '', machineId = '' } = useParams();
  const canEdit = useCanEdit();
  const machine = useRow('machine', machineId);
  const data = useMachinePipes(machineId);
  const lines = useHoseRows(data);
  const { rows } = lines;
  // Labels and the bulk order take every hose: they wait for the full read.
  const pipes = data.complete ? data.read?.pipes : undefined;
  const slot = useOrderSlot();
  const candidates = useMemo<OrderCandidate[]>(
    () =>
      (pipes && rows ? rows : []).map(({ pipe, status }) => ({
        pipe,
        finding: Boolean(status?.lastCheck && status.lastCheck.result !== 'success'),
        replace: status?.lastCheck?.replaceHose === true,
        pastServiceLife: status?.serviceLifeExceeded === true,
        replaceNextVisit: status?.replaceAtNextVisit === true,
      })),
    [pipes, rows],
  );
  const base = `/customer/${customerId}/machine/${machineId}`;
  const createHref = canEdit ? `${base}/parts/pipes/create` : undefined;
  // Stable, so memoised list lines do not re-render on every change of the screen.
  const links = useMemo<HoseLinks>(
    () => (canEdit ? { edit: (p) => `${base}/parts/pipes/${p.id}` } : {}),
    [canEdit, base],
  );

  if (machine === null) return <NotFoundNotice />;
  // The header's subtitle and buttons wait for the machine and the first hoses, and the list
  // with them: what is painted first does not move when they arrive (layout shift).
  const loaded = machine !== undefined && data.read !== undefined;
  const hasPipes = (data.read?.pipes.length ?? 0) > 0;
  return (
    <>
      <PageHeader
        title={t('routes:pipes')}
        subtitle={machine ? machineLabel(machine) : undefined}
        back={{ to: base, label: t('toMachine') }}
        actions={
          loaded ? (
            <>
              {slot && hasPipes ? (
                <slot.BulkButton candidates={candidates} pending={!pipes} />
              ) : null}
              {hasPipes ? (
                <PrintLabelsButton
                  machineId={machineId}
                  pipes={pipes}
                  subject={machineLabel(machine)}
                />
              ) : null}
              {createHref ? (
                <Button component={Link} to={createHref} data-testid="hose-create">
                  {t('create')}
                </Button>
              ) : null}
            </>
          ) : undefined
        }
      />
      {loaded ? (
        <HoseList
          {...lines}
          links={links}
          emptyText={t('emptyMachine')}
          createHref={createHref}
          createLabel={t('createFirst')}
          exportName={machineLabel(machine)}
        />
      ) : (
        <ListState rows={undefined}>{() => null}</ListState>
      )}
    </>
  );
}
