/**
 * The one date input: Mantine's DateInput in the app's language, not the
 * browser's (a native `type="date"` in an en-US Chromium showed 11/22/2026 in the German app).
 * It shows and takes the day the way lib/i18n/format writes it (24.11.2026 · 24/11/2026),
 * keeps the value as SPEC's 'YYYY-MM-DD' ('' when empty) and opens a calendar whose week
 * starts on Monday, with translated names on every control.
 */
import { DateInput, type DateInputProps } from '@mantine/dates';
import 'dayjs/locale/de';
import 'dayjs/locale/en-gb';
import 'dayjs/locale/fr';
import { useTranslation } from 'react-i18next';
import { dayPattern, parseDay } from '@domain/format';

export interface DayInputProps extends Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat'
> {
  value?: string | null;
  onChange?: (value: string) => void;
}

export function DayInput({ value, onChange, ...rest }: DayInputProps) {
  const { t, i18n } = useTranslation('forms');
  const language = i18n.language;
  return (
    <DateInput
      locale={language}
      firstDayOfWeek={1}
      valueFormat={dayPattern(language)}
      dateParser={parseDay}
      placeholder={t('day.placeholder')}
      clearable
      clearButtonProps={{ 'aria-label': t('day.clear') }}
      ariaLabels={{
        nextMonth: t('day.nextMonth'),
        previousMonth: t('day.previousMonth'),
        nextYear: t('day.nextYear'),
        previousYear: t('day.previousYear'),
        nextDecade: t('day.nextDecade'),
        previousDecade: t('day.previousDecade'),
        monthLevelControl: t('day.chooseMonth'),
        yearLevelControl: t('day.chooseYear'),
      }}
      popoverProps={{ withinPortal: true }}
      {...rest}
      value={value || null}
      onChange={(next) => onChange?.(next ?? '')}
    />
  );
}
