/** The formatters of lib/i18n/format bound to the UI language, for components. */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatBytes,
  formatDay,
  formatMoment,
  formatNumber,
  formatRecent,
  formatTime,
} from '@domain/format';

type DateValue = Parameters<typeof formatDay>[0];

export interface Formatters {
  language: string;
  day: (value: DateValue) => string;
  moment: (value: DateValue) => string;
  time: (value: DateValue) => string;
  recent: (value: DateValue) => string;
  number: (value: number | null | undefined, maxDigits?: number) => string;
  bytes: (value: number) => string;
}

export function useFormat(): Formatters {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return useMemo(
    () => ({
      language,
      day: (value) => formatDay(value, language),
      moment: (value) => formatMoment(value, language),
      time: (value) => formatTime(value, language),
      recent: (value) => formatRecent(value, language),
      number: (value, maxDigits) => formatNumber(value, language, maxDigits),
      bytes: (value) => formatBytes(value, language),
    }),
    [language],
  );
}
