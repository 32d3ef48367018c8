/**
 * The occasion of a new audit (docs/dguv-record.md "Occasion"): before first use, after repair
 * or replacement, extraordinary (with its event; "other" described in words) or recurring,
 * the default. The rule of what is needed is rules/dguv-occasion, shared with the server.
 */
import { Radio, Select, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OccasionInput, OccasionIssue } from '@domain/rules/dguv-occasion';
import {
  AUDIT_OCCASION,
  OCCASION_EVENT,
  type AuditOccasion,
  type OccasionEvent,
} from '@domain/schemas/enums';

export const DEFAULT_OCCASION: OccasionInput = {
  occasion: 'RECURRING',
  occasionEvent: null,
  occasionNote: null,
};

export interface OccasionPickerProps {
  value: OccasionInput;
  onChange: (value: OccasionInput) => void;
  /** Shown once the user tried to start (translated below). */
  issues: readonly OccasionIssue[];
}

export function OccasionPicker({ value, onChange, issues }: OccasionPickerProps) {
  const { t } = useTranslation(['dguv', 'enums']);
  const errorOf = (field: OccasionIssue['field']) => {
    const issue = issues.find((i) => i.field === field);
    return issue ? t(issue.message as 'dguv:occasionEventRequired') : undefined;
  };
  return (
    <Stack gap="sm" mt="md">
      <Radio.Group
        label={t('dguv:occasion.label')}
        required
        value={value.occasion}
        onChange={(occasion) => onChange({ ...value, occasion: occasion as AuditOccasion })}
        data-testid="occasion"
      >
        <Stack gap={6} mt={6}>
          {AUDIT_OCCASION.map((occasion) => (
            <Radio key={occasion} value={occasion} label={t(`enums:AUDIT_OCCASION.${occasion}`)} />
          ))}
        </Stack>
      </Radio.Group>
      {value.occasion === 'EXTRAORDINARY' ? (
        <Select
          label={t('dguv:occasion.event')}
          required
          data={OCCASION_EVENT.map((event) => ({
            value: event,
            label: t(`enums:OCCASION_EVENT.${event}`),
          }))}
          value={value.occasionEvent ?? null}
          onChange={(event) => onChange({ ...value, occasionEvent: event as OccasionEvent | null })}
          error={errorOf('occasionEvent')}
        />
      ) : null}
      {value.occasion === 'EXTRAORDINARY' && value.occasionEvent === 'OTHER' ? (
        <Textarea
          label={t('dguv:occasion.note')}
          required
          autosize
          minRows={2}
          value={value.occasionNote ?? ''}
          onChange={(e) => onChange({ ...value, occasionNote: e.currentTarget.value })}
          error={errorOf('occasionNote')}
        />
      ) : null}
    </Stack>
  );
}
