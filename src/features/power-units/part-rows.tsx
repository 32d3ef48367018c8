/** The rows of a part list: a table for wide screens, cards for phones, same actions. */
import { Anchor, Card, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeleteButton } from '@components/forms';
import type { EntityRow } from '@db/entity-tables';
import type { PartEntityName } from '@domain/schemas/parts';
import { removePart } from './data/power-unit-writes';
import { useFieldFormatter } from './format';
import { usePartName } from './names';
import type { PartField } from './part-fields';
import type { PowerUnitPaths } from './paths';

export interface PartRowsProps {
  kind: PartEntityName;
  rows: readonly EntityRow<PartEntityName>[];
  columns: readonly PartField[];
  paths: PowerUnitPaths;
  canEdit: boolean;
}

function PartActions({
  kind,
  row,
  paths,
}: Pick<PartRowsProps, 'kind' | 'paths'> & { row: EntityRow<PartEntityName> }) {
  const { t } = useTranslation('parts');
  const name = usePartName(kind)(row);
  return (
    <Group gap="xs" wrap="nowrap">
      <Anchor
        component={Link}
        to={paths.partEdit(kind, row.id)}
        size="sm"
        fw={600}
        aria-label={t('list.editNamed', { name })}
      >
        {t('list.edit')}
      </Anchor>
      <DeleteButton
        size="compact-sm"
        variant="subtle"
        name={name}
        aria-label={t('list.deleteNamed', { name })}
        failureText={t(`deleteFailed.${kind}`)}
        onDelete={() => removePart(kind, row.id)}
      />
    </Group>
  );
}

export function PartTable({ kind, rows, columns, paths, canEdit }: PartRowsProps) {
  const { t } = useTranslation('parts');
  const format = useFieldFormatter();
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover verticalSpacing="xs" data-testid={`part-list-${kind}`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.number')}</Table.Th>
            {columns.map((f) => (
              <Table.Th key={f.name}>{t(`fields.${kind}.${f.name}` as never)}</Table.Th>
            ))}
            {canEdit ? <Table.Th>{t('list.actions')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={row.id} data-testid="part-row">
              <Table.Td>{index + 1}</Table.Td>
              {columns.map((f) => (
                <Table.Td key={f.name}>
                  {format(f, (row as Record<string, unknown>)[f.name]) || '—'}
                </Table.Td>
              ))}
              {canEdit ? (
                <Table.Td>
                  <PartActions kind={kind} row={row} paths={paths} />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function PartCards({ kind, rows, columns, paths, canEdit }: PartRowsProps) {
  const { t } = useTranslation('parts');
  const format = useFieldFormatter();
  return (
    <Stack gap="sm">
      {rows.map((row, index) => (
        <Card key={row.id} withBorder radius="md" padding="sm" data-testid="part-card">
          <Text fw={600} mb="xs">
            {t('list.number')} {index + 1}
          </Text>
          <SimpleGrid cols={2} spacing="sm" verticalSpacing={6}>
            {columns.map((f) => (
              <Stack key={f.name} gap={0} style={{ minWidth: 0 }}>
                <Text size="xs" c="dimmed">
                  {t(`fields.${kind}.${f.name}` as never)}
                </Text>
                <Text size="sm" style={{ overflowWrap: 'break-word' }}>
                  {format(f, (row as Record<string, unknown>)[f.name]) || '—'}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          {canEdit ? (
            <Group justify="flex-end" mt="xs">
              <PartActions kind={kind} row={row} paths={paths} />
            </Group>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}
