/**
 * The work step of an inspection: the checklist grouped by power unit, photos and a comment;
 * "save draft" keeps it on the device, "continue" saves and opens the signing step. Leaving
 * with unsaved changes asks first (useSchemaForm).
 */
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportWorkForm, WithReportTargets } from '../report-form-footer';
import { useDraftSave } from '../use-draft-save';
import type { LabelledGroup } from '../target-labels';
import { type ReportPaths, type ReportRow } from '../report-kinds';
import { useSchemaForm } from '@components/forms';
import { ChecklistLine } from './checklist-line';
import {
  buildChecklist,
  checklistSchema,
  countResults,
  type ChecklistValues,
} from './checklist-model';

interface Props {
  report: ReportRow<'inspection'>;
  paths: ReportPaths;
}

function ChecklistForm({ report, paths, groups }: Props & { groups: readonly LabelledGroup[] }) {
  const { t } = useTranslation('inspections');
  const [built] = useState(() => buildChecklist(groups, report.items, report.comment));
  const { form, saving, submit } = useSchemaForm<ChecklistValues>({
    schema: checklistSchema,
    initialValues: built.values,
  });
  const saveDraft = useDraftSave('inspection', report, paths);
  const save = (finish: boolean) => submit((input) => saveDraft(input, finish));
  const markRestOk = (indices: number[]) => {
    for (const i of indices) {
      if (form.getValues().items[i]?.result === 'NOT_CHECKED')
        form.setFieldValue(`items.${i}.result`, 'OK');
    }
  };
  const counts = countResults(form.getValues().items);

  return (
    <ReportWorkForm
      entity="inspection"
      report={report}
      commentProps={form.getInputProps('comment')}
      saving={saving}
      onSubmit={save(true)}
      onSaveDraft={() => save(false)()}
    >
      <Group justify="space-between" wrap="wrap">
        <Title order={3}>{t('checklist.title')}</Title>
        <Text size="sm" data-testid="checklist-summary">
          {t('checklist.summary', counts)}
        </Text>
      </Group>
      {built.sections.length === 0 ? <Alert color="blue">{t('checklist.noTargets')}</Alert> : null}
      {built.sections.map((section) => (
        <Paper key={section.unit.key} withBorder p="md" radius="md" data-testid="checklist-unit">
          <Stack gap="sm">
            <Group justify="space-between" wrap="wrap">
              <Title order={4} style={{ overflowWrap: 'break-word' }}>
                {section.unit.label}
              </Title>
              <Button
                variant="subtle"
                size="xs"
                onClick={() => markRestOk(section.lines.map((l) => l.index))}
              >
                {t('checklist.allOk')}
              </Button>
            </Group>
            {section.lines.map(({ index, target }) => (
              <ChecklistLine
                key={target.key}
                form={form}
                index={index}
                target={target}
                unit={target.type === 'aggregate'}
              />
            ))}
          </Stack>
        </Paper>
      ))}
    </ReportWorkForm>
  );
}

export function InspectionChecklist({ report, paths }: Props) {
  return (
    <WithReportTargets entity="inspection" machineId={report.machineId}>
      {(groups) => <ChecklistForm key={report.id} report={report} paths={paths} groups={groups} />}
    </WithReportTargets>
  );
}
