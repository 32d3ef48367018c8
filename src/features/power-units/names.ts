/**
 * How parts and power units are named in headings, confirm dialogs and links: a part by its
 * kind and its first filled list column, a power unit by its translated type and its type
 * designation or serial number.
 */
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '@components/forms';
import type { EntityRow } from '@db/entity-tables';
import type { PartEntityName } from '@domain/schemas/parts';
import { useFieldFormatter } from './format';
import { partFields } from './part-fields';
import { PART_KIND_UI } from './part-kinds';
export function usePartName(kind: PartEntityName) {
  const { t } = useTranslation('parts');
  const format = useFieldFormatter();
  const fields = partFields(kind);
  return (row: object): string => {
    const values = row as Record<string, unknown>;
    const kindLabel = t(`kind.${kind}`);
    for (const name of PART_KIND_UI[kind].columns) {
      const field = fields.find((f) => f.name === name);
      const text = field ? format(field, values[name]) : '';
      if (text) return `${kindLabel} ${text}`;
    }
    return kindLabel;
  };
}

export function usePowerUnitName() {
  const enumLabel = useEnumLabel();
  return (row: EntityRow<'aggregate'>): string => {
    const type = enumLabel('AGGREGATETYPE', row.type);
    const detail = row.circuitId ?? row.machineType;
    return detail ? `${type} ${detail}` : type;
  };
}
