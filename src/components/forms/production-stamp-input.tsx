/**
 * The production date of a hose assembly as the technician reads it off the fitting
 * (docs/dguv-record.md): typed as stamped — `2409`, `09/2024` or the hose print's quarter
 * `3Q24` — with a hint saying which date is meant. The form holds the text; `stampDay` turns it
 * into the stored day and `stampFieldRule` refuses anything else with the translated message
 * (rules/production-stamp, one reading for every hose form).
 */
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  formatProductionStamp,
  parseProductionStamp,
  STAMP_ERROR,
} from '@domain/rules/production-stamp';

export function ProductionStampInput(props: TextInputProps) {
  const { t } = useTranslation('forms');
  return (
    <TextInput
      description={t('productionStamp.hint')}
      placeholder={t('productionStamp.placeholder')}
      autoComplete="off"
      maxLength={20}
      {...props}
    />
  );
}

/** The typed stamp as the stored day ('YYYY-MM-DD'); '' when blank or not a stamp. */
export function stampDay(typed: string): string {
  if (!typed.trim()) return '';
  const read = parseProductionStamp(typed);
  return read.ok ? read.date : '';
}

/** `{ [field]: message key }` when the typed text is not a stamp; nothing when blank or read. */
export function stampFieldRule(field: string, typed: string): Record<string, string> {
  return typed.trim() && !parseProductionStamp(typed).ok ? { [field]: STAMP_ERROR } : {};
}

/**
 * A stored production date as the form shows it: month/year (`09/2024`). A day other than the
 * first (recorded before stamps were read) stays as it is, so an edit of another field never
 * moves it.
 */
export function stampText(date: string | null | undefined): string {
  if (!date) return '';
  return date.endsWith('-01') ? formatProductionStamp(date) : date;
}
