/**
 * Create (docs/architecture.md power-unit/create) and edit of a power unit. The photo belongs to a saved
 * row (ImageField), so it is offered on the edit screen; delete asks first and shows docs/api.md's
 * aggregate delete failure message.
 */
import { Group, Paper, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DeleteButton, ImageField } from '@components/forms';
import { removePowerUnit, setPowerUnitPhoto } from './data/power-unit-writes';
import { MachinePage } from './machine-page';
import { powerUnitPaths } from './paths';
import { PowerUnitForm } from './power-unit-form';
import { usePowerUnitName } from './names';
import { PowerUnitPage } from './power-unit-page';

export function PowerUnitCreateScreen() {
  const { t } = useTranslation(['routes', 'parts']);
  const navigate = useNavigate();
  return (
    <MachinePage
      title={t('routes:powerUnitCreate')}
      back={{ to: (p) => p.list, label: t('parts:powerUnit.backToList') }}
    >
      {(machine, paths) => (
        <PowerUnitForm
          machine={machine}
          cancelHref={paths.list}
          onSaved={(id) => navigate(powerUnitPaths(paths.customerId, machine.id, id).powerUnit)}
        />
      )}
    </MachinePage>
  );
}

export function PowerUnitEditScreen() {
  const { t } = useTranslation(['routes', 'parts']);
  const navigate = useNavigate();
  const name = usePowerUnitName();
  return (
    <PowerUnitPage title={t('routes:powerUnitEdit')}>
      {(aggregate, paths) => (
        <Stack gap="lg">
          <PowerUnitForm
            key={aggregate.id}
            machine={{ id: aggregate.machineId, companyId: aggregate.companyId }}
            row={aggregate}
            cancelHref={paths.powerUnit}
            onSaved={() => navigate(paths.powerUnit)}
          />
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <ImageField
              entity="aggregate"
              rowId={aggregate.id}
              value={aggregate.photo}
              label={t('parts:powerUnit.fields.photo')}
              onChange={async (photo) => {
                await setPowerUnitPhoto(aggregate.id, photo);
              }}
            />
          </Paper>
          <Group justify="flex-start">
            <DeleteButton
              name={name(aggregate)}
              failureText={t('parts:deleteFailed.aggregate')}
              onDelete={async () => {
                await removePowerUnit(aggregate.id);
                await navigate(paths.list);
              }}
            />
          </Group>
        </Stack>
      )}
    </PowerUnitPage>
  );
}
