/** The recorded data of a power unit as label/value pairs (list cards and root page). */
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EntityRow } from '@db/entity-tables';
import { useFieldFormatter } from './format';
import { AGGREGATE_FIELDS } from './part-fields';

export interface PowerUnitFactsProps {
  row: EntityRow<'aggregate'>;
  /** Cards leave out the type (it is the title) and the comment. */
  compact?: boolean;
}

export function PowerUnitFacts({ row, compact = false }: PowerUnitFactsProps) {
  const { t } = useTranslation('parts');
  const format = useFieldFormatter();
  const values = row as Record<string, unknown>;
  const fields = compact
    ? AGGREGATE_FIELDS.filter((f) => f.name !== 'type' && f.name !== 'comment')
    : AGGREGATE_FIELDS;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
      {fields.map((f) => (
        <Stack key={f.name} gap={0} style={{ minWidth: 0 }}>
          <Text size="xs" c="dimmed">
            {t(`powerUnit.fields.${f.name}` as never)}
          </Text>
          <Text size="sm" style={{ overflowWrap: 'break-word', whiteSpace: 'pre-line' }}>
            {format(f, values[f.name]) || '—'}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
