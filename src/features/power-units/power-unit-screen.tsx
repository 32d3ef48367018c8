/**
 * The root page of one power unit (docs/architecture.md): its data and photo, and the eight part kinds,
 * each with its count, a link to its list and (for users who may edit) one to add a part.
 */
import {
  ActionIcon,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ImageField } from '@components/forms';
import { usePartCounts } from './data/power-unit-queries';
import { useCanEdit } from '@lib/auth';
import { setPowerUnitPhoto } from './data/power-unit-writes';
import { PART_KINDS } from './part-kinds';
import type { PowerUnitPaths } from './paths';
import { PowerUnitFacts } from './power-unit-facts';
import { PowerUnitPage } from './power-unit-page';

export function PowerUnitScreen() {
  const { t } = useTranslation(['routes', 'parts', 'forms']);
  const canEdit = useCanEdit();
  return (
    <PowerUnitPage
      title={t('routes:powerUnit')}
      back={{ to: (p) => p.list, label: t('parts:powerUnit.backToList') }}
      actions={(_, paths) =>
        canEdit ? (
          <Button component={Link} to={paths.edit} data-testid="power-unit-edit">
            {t('forms:edit')}
          </Button>
        ) : null
      }
    >
      {(aggregate, paths) => (
        <Stack gap="lg">
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }}>
            <Title order={3} size="h4" mb="sm">
              {t('parts:powerUnit.data')}
            </Title>
            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
              <PowerUnitFacts row={aggregate} />
              {aggregate.photo ? (
                <ImageField
                  entity="aggregate"
                  rowId={aggregate.id}
                  value={aggregate.photo}
                  label={t('parts:powerUnit.fields.photo')}
                  onChange={async (photo) => {
                    await setPowerUnitPhoto(aggregate.id, photo);
                  }}
                  readOnly
                />
              ) : (
                <Text size="sm" c="dimmed">
                  {t('parts:powerUnit.noPhoto')}
                </Text>
              )}
            </SimpleGrid>
          </Paper>
          <PartKindCards aggregateId={aggregate.id} paths={paths} canEdit={canEdit} />
        </Stack>
      )}
    </PowerUnitPage>
  );
}

interface PartKindCardsProps {
  aggregateId: string;
  paths: PowerUnitPaths;
  canEdit: boolean;
}

function PartKindCards({ aggregateId, paths, canEdit }: PartKindCardsProps) {
  const { t } = useTranslation('parts');
  const counts = usePartCounts([aggregateId])?.[aggregateId];
  return (
    <section aria-labelledby="power-unit-parts">
      <Title order={3} size="h4" mb="sm" id="power-unit-parts">
        {t('powerUnit.parts')}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="xs">
        {PART_KINDS.map((kind) => (
          <Card key={kind} withBorder radius="md" padding="xs" data-testid={`part-kind-${kind}`}>
            {/* On a narrow phone the buttons move below the name rather than over it. */}
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 200px' }}>
                <Badge variant="light" size="lg" miw={36} data-testid="part-count">
                  {counts ? counts[kind] : '…'}
                </Badge>
                <Text fw={600} size="sm" style={{ minWidth: 0 }}>
                  {t(`kindPlural.${kind}`)}
                </Text>
              </Group>
              <Group gap={6} wrap="nowrap" ml="auto">
                <Button
                  component={Link}
                  to={paths.parts(kind)}
                  variant="light"
                  size="sm"
                  mih={44}
                  aria-label={t('powerUnit.showPartsNamed', { kind: t(`kindPlural.${kind}`) })}
                >
                  {t('powerUnit.showParts')}
                </Button>
                {canEdit ? (
                  <Tooltip label={t('powerUnit.addPartNamed', { kind: t(`kind.${kind}`) })}>
                    <ActionIcon
                      component={Link}
                      to={paths.partCreate(kind)}
                      variant="default"
                      size={44}
                      aria-label={t('powerUnit.addPartNamed', { kind: t(`kind.${kind}`) })}
                    >
                      +
                    </ActionIcon>
                  </Tooltip>
                ) : null}
              </Group>
            </Group>
          </Card>
        ))}
      </SimpleGrid>
    </section>
  );
}
