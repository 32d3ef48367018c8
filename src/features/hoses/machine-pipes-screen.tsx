/**
 * `/customer/:customerId/machine/:machineId/parts/pipes`: a machine's hoses by position
 * (SPEC §9) with their last DGUV result, next due date and service-life flag; staff open a
 * hose to edit it and create new ones, customer users read.
 */
import { Button } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundNotice } from '../../components/not-found-notice';
import { useOrderSlot, type OrderCandidate } from '../../components/order-slot';
import { PageHeader } from '../../components/page-header';
import { usePipes, useRow } from '../../db/hooks';
import { useCanEdit } from '../../lib/auth';
import type { HoseLinks } from './hose-filters';
import { HoseList } from './hose-list';
import { PrintLabelsButton } from './labels/print-labels-button';
import { machineLabel, useHoseRows } from './use-hose-rows';

export function MachinePipesScreen() {
  const { t } = useTranslation(['pipes', 'routes']);
  const { customerId = '', machineId = '' } = useParams();
  const canEdit = useCanEdit();
  const machine = useRow('machine', machineId);
  const pipes = usePipes(machineId);
  const { rows, statusesReady } = useHoseRows(pipes);
  const slot = useOrderSlot();
  const candidates = useMemo<OrderCandidate[]>(
    () =>
      (rows ?? []).map(({ pipe, status }) => ({
        pipe,
        finding: Boolean(status?.lastCheck && status.lastCheck.result !== 'success'),
        replace: status?.lastCheck?.replaceHose === true,
        pastServiceLife: status?.serviceLifeExceeded === true,
      })),
    [rows],
  );
  const base = `/customer/${customerId}/machine/${machineId}`;
  const createHref = canEdit ? `${base}/parts/pipes/create` : undefined;
  // Stable, so memoised list lines do not re-render on every change of the screen.
  const links = useMemo<HoseLinks>(
    () => (canEdit ? { edit: (p) => `${base}/parts/pipes/${p.id}` } : {}),
    [canEdit, base],
  );

  if (machine === null) return <NotFoundNotice />;
  return (
    <>
      <PageHeader
        title={t('routes:pipes')}
        subtitle={machine ? machineLabel(machine) : undefined}
        back={{ to: base, label: t('toMachine') }}
        actions={
          <>
            {slot ? <slot.BulkButton candidates={candidates} /> : null}
            {machine && pipes ? (
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
        }
      />
      <HoseList
        rows={rows}
        statusesReady={statusesReady}
        links={links}
        emptyText={t('emptyMachine')}
        createHref={createHref}
        createLabel={t('createFirst')}
        exportName={machine ? machineLabel(machine) : undefined}
      />
    </>
  );
}
