/** Shows stored part and power-unit values: numbers with their unit, dates, enum labels. */
import { useTranslation } from 'react-i18next';
import { useEnumLabel } from '@components/forms';
import { useManufacturers } from '@db/hooks';
import { formatDay, formatNumber } from '@domain/format';
import type { PartField } from './part-fields';

/** A function that renders one stored value of a field as text ('' when empty). */
export function useFieldFormatter() {
  const { t, i18n } = useTranslation('forms');
  const enumLabel = useEnumLabel();
  const manufacturers = useManufacturers();
  const language = i18n.language;
  return (field: PartField, value: unknown): string => {
    if (value === null || value === undefined || value === '') return '';
    switch (field.input) {
      case 'manufacturer':
        return manufacturers?.find((m) => m.id === value)?.name ?? '';
      case 'enum':
        return field.enumName ? enumLabel(field.enumName, String(value)) : String(value);
      case 'date':
        return formatDay(String(value), language);
      case 'measure':
      case 'integer': {
        const text = typeof value === 'number' ? formatNumber(value, language) : String(value);
        return field.unit ? `${text} ${t(`units.${field.unit}`)}` : text;
      }
      default:
        return String(value);
    }
  };
}
