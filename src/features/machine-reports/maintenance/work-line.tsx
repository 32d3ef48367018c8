/** One work line of a maintenance report: description, parts replaced, what it concerns. */
import { CloseButton, Group, Paper, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import type { targetSelectData, WorkValues } from './work-model';

export interface WorkLineProps {
  form: UseFormReturnType<WorkValues>;
  index: number;
  targets: ReturnType<typeof targetSelectData>;
  onRemove: () => void;
}

export function WorkLineFields({ form, index, targets, onRemove }: WorkLineProps) {
  const { t } = useTranslation('maintenance');
  const number = index + 1;
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="work-line">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{t('work.line', { number })}</Text>
          <CloseButton aria-label={t('work.remove', { number })} onClick={onRemove} />
        </Group>
        <Textarea
          label={t('work.description')}
          required
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps(`items.${index}.description`)}
        />
        <TextInput
          label={t('work.partsReplaced')}
          {...form.getInputProps(`items.${index}.partsReplaced`)}
        />
        <Select
          label={t('work.target')}
          placeholder={t('work.targetPlaceholder')}
          data={targets}
          clearable
          searchable
          comboboxProps={{ withinPortal: true }}
          value={form.getValues().items[index]?.target || null}
          onChange={(value) => form.setFieldValue(`items.${index}.target`, value ?? '')}
        />
      </Stack>
    </Paper>
  );
}
