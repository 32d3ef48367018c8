/**
 * A machine's power units (docs/architecture.md parts/power-units): each with its translated type,
 * manufacturer, serial number, type designation, manufacture date and part counts.
 */
import { Badge, Button, Card, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListState } from '@components/list-state';
import { useAggregates } from '@db/hooks';
import { totalParts, usePartCounts } from './data/power-unit-queries';
import { useCanEdit } from '@lib/auth';
import { MachinePage } from './machine-page';
import { PART_KINDS } from './part-kinds';
import { powerUnitPaths, usePowerUnitPaths } from './paths';
import { PowerUnitFacts } from './power-unit-facts';
import { usePowerUnitName } from './names';

export function PowerUnitListScreen() {
  const { t } = useTranslation(['routes', 'parts']);
  const canEdit = useCanEdit();
  return (
    <MachinePage
      title={t('routes:powerUnits')}
      back={{ to: (p) => p.machine, label: t('parts:powerUnit.backToMachine') }}
      actions={<CreateButton canEdit={canEdit} />}
    >
      {(machine, paths) => <PowerUnitCards machineId={machine.id} customerId={paths.customerId} />}
    </MachinePage>
  );
}

function CreateButton({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('parts');
  const paths = usePowerUnitPaths();
  if (!canEdit) return null;
  return (
    <Button component={Link} to={paths.create} data-testid="power-unit-create">
      {t('powerUnit.create')}
    </Button>
  );
}

function PowerUnitCards({ machineId, customerId }: { machineId: string; customerId: string }) {
  const { t } = useTranslation(['parts', 'forms']);
  const canEdit = useCanEdit();
  const rows = useAggregates(machineId);
  const counts = usePartCounts(rows?.map((r) => r.id));
  const name = usePowerUnitName();
  const base = powerUnitPaths(customerId, machineId);
  return (
    <ListState
      rows={rows}
      emptyText={t('parts:powerUnit.empty')}
      {...(canEdit
        ? { createHref: base.create, createLabel: t('parts:powerUnit.createFirst') }
        : {})}
    >
      {(list) => (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          {list.map((row) => {
            const paths = powerUnitPaths(customerId, machineId, row.id);
            const unitCounts = counts?.[row.id];
            return (
              <Card key={row.id} withBorder radius="md" padding="md" data-testid="power-unit-card">
                <Stack gap="sm">
                  <Group justify="space-between" wrap="nowrap" align="flex-start">
                    <Title order={3} size="h4" style={{ overflowWrap: 'break-word' }}>
                      {name(row)}
                    </Title>
                    <Badge variant="light" style={{ flexShrink: 0 }}>
                      {t('parts:powerUnit.partCount', { count: totalParts(unitCounts) })}
                    </Badge>
                  </Group>
                  <PowerUnitFacts row={row} compact />
                  <Group gap={6}>
                    {PART_KINDS.filter((k) => (unitCounts?.[k] ?? 0) > 0).map((kind) => (
                      <Badge key={kind} variant="outline" color="gray" tt="none">
                        {t(`parts:kindPlural.${kind}`)}: {unitCounts?.[kind]}
                      </Badge>
                    ))}
                  </Group>
                  <Group gap="xs">
                    <Button component={Link} to={paths.powerUnit} variant="light" size="xs">
                      {t('parts:powerUnit.open')}
                    </Button>
                    {canEdit ? (
                      <Button component={Link} to={paths.edit} variant="default" size="xs">
                        {t('forms:edit')}
                      </Button>
                    ) : null}
                  </Group>
                </Stack>
              </Card>
            );
          })}
        </SimpleGrid>
      )}
    </ListState>
  );
}
