/** A Select over one of docs/api.md's enumerations, labels from the `enums` namespace. */
import { Select, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type enums from '@locales/de/enums.json';

export type EnumName = keyof typeof enums;

export interface EnumSelectProps extends Omit<SelectProps, 'data'> {
  enumName: EnumName;
  values: readonly string[];
}

export function EnumSelect({ enumName, values, ...props }: EnumSelectProps) {
  const { t } = useTranslation('enums');
  const data = values.map((value) => ({
    value,
    label: t(`${enumName}.${value}` as never),
  }));
  return <Select data={data} allowDeselect={!props.required} {...props} />;
}

/** The translated label of one enum value (null/undefined → ''). */
export function useEnumLabel() {
  const { t } = useTranslation('enums');
  return (enumName: EnumName, value: string | null | undefined) =>
    value ? t(`${enumName}.${value}` as never) : '';
}
