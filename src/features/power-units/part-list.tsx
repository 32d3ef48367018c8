/**
 * The one list of every part kind: columns from the kind's table (part-kinds.ts), values
 * with their units, an empty state with a create-first button (docs/architecture.md) and, for users who
 * may edit, an edit link and a delete that asks first (docs/api.md failure message per kind).
 * A table from tablet width up, cards on a phone.
 */
import { Box } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListState } from '@components/list-state';
import { useParts } from '@db/hooks';
import type { PartEntityName } from '@domain/schemas/parts';
import { partFields } from './part-fields';
import { PART_KIND_UI } from './part-kinds';
import { PartCards, PartTable } from './part-rows';
import type { PowerUnitPaths } from './paths';

export interface PartListProps {
  kind: PartEntityName;
  paths: PowerUnitPaths;
  canEdit: boolean;
}

export function PartList({ kind, paths, canEdit }: PartListProps) {
  const { t } = useTranslation('parts');
  const rows = useParts(kind, paths.powerUnitId);
  const fields = partFields(kind);
  const columns = PART_KIND_UI[kind].columns.flatMap((name) => {
    const field = fields.find((f) => f.name === name);
    return field ? [field] : [];
  });
  return (
    <ListState
      rows={rows}
      emptyText={t(`empty.${kind}`)}
      {...(canEdit
        ? { createHref: paths.partCreate(kind), createLabel: t(`createFirst.${kind}`) }
        : {})}
    >
      {(list) => {
        const props = { kind, rows: list, columns, paths, canEdit };
        return (
          <>
            <Box visibleFrom="sm">
              <PartTable {...props} />
            </Box>
            <Box hiddenFrom="sm">
              <PartCards {...props} />
            </Box>
          </>
        );
      }}
    </ListState>
  );
}
