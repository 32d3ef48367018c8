/**
 * The one list of every part kind: columns from the kind's table (part-kinds.ts), values
 * with their units, an empty state with a create-first button (SPEC §2) and, for users who
 * may edit, an edit link and a delete that asks first (SPEC §8 failure message per kind).
 */
import { Anchor, Group, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListState } from '../../components/list-state';
import { DeleteButton } from '../../components/forms';
import { useParts } from '../../db/hooks';
import type { PartEntityName } from '../../domain/schemas/parts';
import { mutate } from '../../sync';
import { useFieldFormatter } from './format';
import { partFields } from './part-fields';
import { PART_KIND_UI } from './part-kinds';
import { usePartName } from './names';
import type { PowerUnitPaths } from './paths';

export interface PartListProps {
  kind: PartEntityName;
  paths: PowerUnitPaths;
  canEdit: boolean;
}

export function PartList({ kind, paths, canEdit }: PartListProps) {
  const { t } = useTranslation(['parts', 'forms']);
  const rows = useParts(kind, paths.powerUnitId);
  const format = useFieldFormatter();
  const partName = usePartName(kind);
  const fields = partFields(kind);
  const columns = PART_KIND_UI[kind].columns.flatMap((name) => {
    const field = fields.find((f) => f.name === name);
    return field ? [field] : [];
  });
  const label = (name: string) => t(`parts:fields.${kind}.${name}` as never);

  return (
    <ListState
      rows={rows}
      emptyText={t(`parts:empty.${kind}`)}
      {...(canEdit
        ? { createHref: paths.partCreate(kind), createLabel: t(`parts:createFirst.${kind}`) }
        : {})}
    >
      {(list) => (
        <Table.ScrollContainer minWidth={560}>
          <Table striped highlightOnHover verticalSpacing="xs" data-testid={`part-list-${kind}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('parts:list.number')}</Table.Th>
                {columns.map((f) => (
                  <Table.Th key={f.name}>{label(f.name)}</Table.Th>
                ))}
                {canEdit ? <Table.Th>{t('parts:list.actions')}</Table.Th> : null}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((row, index) => {
                const values = row as Record<string, unknown>;
                const name = partName(row);
                return (
                  <Table.Tr key={row.id} data-testid="part-row">
                    <Table.Td>{index + 1}</Table.Td>
                    {columns.map((f) => (
                      <Table.Td key={f.name}>{format(f, values[f.name]) || '—'}</Table.Td>
                    ))}
                    {canEdit ? (
                      <Table.Td>
                        <Group gap="xs" wrap="nowrap">
                          <Anchor
                            component={Link}
                            to={paths.partEdit(kind, row.id)}
                            aria-label={t('parts:list.editNamed', { name })}
                          >
                            {t('parts:list.edit')}
                          </Anchor>
                          <DeleteButton
                            size="compact-sm"
                            variant="subtle"
                            name={name}
                            aria-label={t('parts:list.deleteNamed', { name })}
                            failureText={t(`parts:deleteFailed.${kind}`)}
                            onDelete={() => mutate.remove(kind, row.id).then(() => undefined)}
                          />
                        </Group>
                      </Table.Td>
                    ) : null}
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </ListState>
  );
}
