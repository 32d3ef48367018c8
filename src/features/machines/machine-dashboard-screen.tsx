/**
 * A machine's dashboard (docs/architecture.md): manufacturer, type and inventory number, its data and next
 * inspection, the DGUV overview, its power units and hoses, its documents and its photo;
 * edit, delete (with confirmation) and "start DGUV inspection". Customer users read only.
 */
import { Button, Card, SimpleGrid, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DguvOverview } from '@components/dguv-overview';
import { DeleteButton, ImageField } from '@components/forms';
import { RowState } from '@components/row-state';
import { PageHeader } from '@components/page-header';
import { useMachineSummary, type MachineSummary } from '@db/machine-queries';
import { useCanEdit, usePermission } from '@lib/auth';
import { removeMachine, setMachinePhoto } from './data/machine-writes';
import {
  MachineDetailsCard,
  MachineDocumentsCard,
  MachinePartsCard,
} from './machine-dashboard-cards';
import { machinePath, machinesPath, machineTitle } from './machine-format';

export function MachineDashboardScreen() {
  const { t } = useTranslation('machines');
  const { machineId = '', customerId = '' } = useParams();
  const summary = useMachineSummary(machineId);
  return (
    <RowState row={summary} back={{ to: machinesPath(customerId), label: t('backToList') }}>
      {(row) => <MachineDashboard summary={row} />}
    </RowState>
  );
}

function MachineDashboard({ summary }: { summary: MachineSummary }) {
  const { t } = useTranslation(['machines', 'routes']);
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const canAudit = usePermission('module-dguv');
  const { machine } = summary;
  const base = machinePath(machine.companyId, machine.id);
  const title = machineTitle(summary.manufacturer, machine);
  const actions = (
    <>
      {canAudit ? (
        <Button
          component={Link}
          to={`/dguv?machine=${machine.id}`}
          data-testid="machine-start-dguv"
        >
          {t('machines:dashboard.startDguv')}
        </Button>
      ) : null}
      {canEdit ? (
        <Button component={Link} to={`${base}/update`} variant="default" data-testid="machine-edit">
          {t('machines:dashboard.edit')}
        </Button>
      ) : null}
      {canEdit ? (
        <DeleteButton
          name={`${title} (${machine.internalId})`}
          label={t('machines:dashboard.delete')}
          failureText={t('machines:dashboard.deleteFailed')}
          onDelete={async () => {
            await removeMachine(machine.id);
            void navigate(machinesPath(machine.companyId));
          }}
        />
      ) : null}
    </>
  );
  return (
    <>
      <PageHeader
        title={title}
        subtitle={t('machines:inventoryNumber', { value: machine.internalId })}
        back={{ to: machinesPath(machine.companyId), label: t('machines:backToList') }}
        actions={actions}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <MachineDetailsCard summary={summary} />
          <DguvOverview scope={{ machineId: machine.id }} />
          <Card withBorder padding="md">
            <ImageField
              entity="machine"
              rowId={machine.id}
              value={machine.photo}
              label={t('machines:fields.photo')}
              readOnly={!canEdit}
              onChange={async (photo) => {
                await setMachinePhoto(machine.id, photo);
              }}
            />
          </Card>
        </Stack>
        <Stack gap="md">
          <MachinePartsCard base={base} summary={summary} />
          <MachineDocumentsCard base={base} machineId={machine.id} />
        </Stack>
      </SimpleGrid>
    </>
  );
}
