/**
 * The work step of a maintenance report: the work lines (added and removed by the
 * technician), photos and a comment; "save draft" keeps it on the device, "continue" saves
 * and opens the signing step. Leaving with unsaved changes asks first (useSchemaForm).
 */
import { Button, Group, Text, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReportWorkForm, WithReportTargets } from '../report-form-footer';
import { useDraftSave } from '../use-draft-save';
import type { LabelledGroup } from '../target-labels';
import { type ReportPaths, type ReportRow } from '../report-kinds';
import { useSchemaForm } from '@components/forms';
import { WorkLineFields } from './work-line';
import {
  emptyLine,
  targetSelectData,
  workInput,
  workSchema,
  workValues,
  type WorkValues,
} from './work-model';

interface Props {
  report: ReportRow<'maintenance'>;
  paths: ReportPaths;
}

function WorkForm({ report, paths, groups }: Props & { groups: readonly LabelledGroup[] }) {
  const { t } = useTranslation('maintenance');
  const [initial] = useState(() => workValues(report.items, report.comment, groups));
  const targets = useMemo(() => targetSelectData(groups), [groups]);
  const { form, saving, submit } = useSchemaForm<WorkValues>({
    schema: workSchema,
    initialValues: initial,
    toInput: workInput,
  });
  const saveDraft = useDraftSave('maintenance', report, paths);
  const save = (finish: boolean) => submit((input) => saveDraft(input, finish));
  const lines = form.getValues().items;

  return (
    <ReportWorkForm
      entity="maintenance"
      report={report}
      commentProps={form.getInputProps('comment')}
      saving={saving}
      onSubmit={save(true)}
      onSaveDraft={() => save(false)()}
    >
      <Title order={3}>{t('work.title')}</Title>
      {lines.length === 0 ? <Text c="dimmed">{t('work.empty')}</Text> : null}
      {lines.map((_, index) => (
        <WorkLineFields
          // Lines have no id of their own; the position is their identity while editing.
          key={index}
          form={form}
          index={index}
          targets={targets}
          onRemove={() => form.removeListItem('items', index)}
        />
      ))}
      <Group>
        <Button
          variant="light"
          onClick={() => form.insertListItem('items', emptyLine())}
          data-testid="work-add"
        >
          {t('work.add')}
        </Button>
      </Group>
    </ReportWorkForm>
  );
}

export function MaintenanceWork({ report, paths }: Props) {
  return (
    <WithReportTargets entity="maintenance" machineId={report.machineId}>
      {(groups) => <WorkForm key={report.id} report={report} paths={paths} groups={groups} />}
    </WithReportTargets>
  );
}
