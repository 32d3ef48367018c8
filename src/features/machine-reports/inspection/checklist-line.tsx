/** One line of the inspection checklist: what it is, OK / defect / not checked, and a note. */
import { Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { TargetOption } from '../target-labels';
import { CHECK_RESULT } from '@domain/schemas/reports';
import type { CheckResult, ChecklistValues } from './checklist-model';

const COLOR: Record<CheckResult, string> = { OK: 'green', DEFECT: 'red', NOT_CHECKED: 'gray' };

export interface ChecklistLineProps {
  form: UseFormReturnType<ChecklistValues>;
  index: number;
  target: TargetOption;
  /** The power unit's own line is set apart from its parts. */
  unit?: boolean;
}

export function ChecklistLine({ form, index, target, unit }: ChecklistLineProps) {
  const { t } = useTranslation('inspections');
  const path = `items.${index}` as const;
  const result = form.getValues().items[index]?.result ?? 'NOT_CHECKED';
  return (
    <Paper
      withBorder
      p="sm"
      radius="sm"
      bg={result === 'DEFECT' ? 'var(--mantine-color-red-light)' : undefined}
      data-testid="checklist-line"
    >
      <Stack gap="xs">
        <Text fw={unit ? 700 : 500} style={{ overflowWrap: 'break-word' }}>
          {target.label}
        </Text>
        <SegmentedControl
          fullWidth
          aria-label={t('checklist.resultLabel', { name: target.label })}
          color={COLOR[result]}
          // Long labels ('Nicht geprüft', 'Non vérifié') wrap on a phone instead of being cut.
          styles={{
            label: {
              whiteSpace: 'normal',
              overflowWrap: 'break-word',
              lineHeight: 1.25,
              height: '100%',
            },
            control: { display: 'flex' },
          }}
          value={result}
          onChange={(value) => {
            form.setFieldValue(`${path}.result`, value as CheckResult);
            if (value !== 'DEFECT') form.clearFieldError(`${path}.note`);
          }}
          data={CHECK_RESULT.map((r) => ({ value: r, label: t(`result.${r}`) }))}
        />
        <Textarea
          label={t('checklist.note')}
          aria-label={t('checklist.noteFor', { name: target.label })}
          required={result === 'DEFECT'}
          autosize
          minRows={1}
          maxRows={6}
          {...form.getInputProps(`${path}.note`)}
        />
      </Stack>
    </Paper>
  );
}
