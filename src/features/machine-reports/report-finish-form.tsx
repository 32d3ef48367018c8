/**
 * The signing step of an inspection or maintenance report: date (today by default), the
 * technician's name (the signed-in user's by default) and the drawn signature, all required
 * with translated messages. Finishing works offline (see data/report-writes.ts).
 */
import { Button, Group, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { z } from 'zod';
import { isoDateField, requiredText } from '@domain/schemas/fields';
import { DayInput, useSchemaForm } from '@components/forms';
import { SignaturePad } from '@components/signature-pad';
import { finishReport } from './data/report-writes';
import { REPORT_NS, todayIso, type ReportEntity, type ReportRow } from './report-kinds';

export interface ReportFinishFormProps {
  entity: ReportEntity;
  report: ReportRow;
  /** Where "back" goes (the checklist). */
  backTo: string;
  /** Called once the report is COMPLETE on the device. */
  onFinished: () => void;
}

interface FinishValues extends Record<string, unknown> {
  date: string;
  technician: string;
  signature: Blob | null;
}

export function ReportFinishForm({ entity, report, backTo, onFinished }: ReportFinishFormProps) {
  const ns = REPORT_NS[entity];
  const { t } = useTranslation(ns);
  const schema = useMemo(
    () =>
      z.object({
        date: isoDateField(),
        technician: requiredText(),
        signature: z.instanceof(Blob, { error: `${ns}:finish.signatureRequired` }),
      }),
    [ns],
  );
  const { form, saving, submit } = useSchemaForm<FinishValues>({
    schema,
    initialValues: { date: todayIso(), technician: report.technician, signature: null },
  });

  const onSubmit = submit(async (_input, values) => {
    if (!values.signature) return;
    await finishReport({
      entity,
      report,
      png: values.signature,
      date: values.date,
      technician: values.technician.trim(),
    });
    onFinished();
  });

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Title order={3}>{t('finish.title')}</Title>
          <Group grow align="flex-start" wrap="wrap">
            <DayInput label={t('finish.date')} required miw={180} {...form.getInputProps('date')} />
            <TextInput
              label={t('finish.technician')}
              required
              miw={220}
              autoComplete="name"
              {...form.getInputProps('technician')}
            />
          </Group>
          <SignaturePad
            label={t('finish.signature')}
            required
            disabled={saving}
            error={form.errors.signature ? String(form.errors.signature) : null}
            onChange={(png) => form.setFieldValue('signature', png)}
          />
          <Group justify="space-between" wrap="wrap">
            <Button component={Link} to={backTo} variant="default" size="md">
              {t('finish.back')}
            </Button>
            <Button
              type="submit"
              size="md"
              loading={saving}
              disabled={saving}
              data-testid="report-finish"
            >
              {t('finish.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
