/**
 * The decimal separator people type and read in the UI language (1,5 in German and French,
 * 1.5 in English): one rule for every number field that takes decimals.
 */
import { useTranslation } from 'react-i18next';
import { decimalMarkOf } from '@domain/rules/money';

export const decimalSeparatorOf = decimalMarkOf;

export function useDecimalSeparator(): string {
  const { i18n } = useTranslation();
  return decimalSeparatorOf(i18n.language);
}
