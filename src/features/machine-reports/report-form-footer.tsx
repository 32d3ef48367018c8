/**
 * The end of a report's work step, the same for inspections and maintenance: photos, the
 * comment, and "save draft" / "continue to signing".
 */
import { Button, Center, Group, Loader, Stack, Text, Textarea } from '@mantine/core';
import type { ComponentProps, FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachineTargets } from './data/report-queries';
import { REPORT_NS } from './report-kinds';
import { ReportPhotos, type ReportPhotosProps } from './report-photos';
import { useLabelledTargets, type LabelledGroup } from './target-labels';

export interface ReportFormFooterProps {
  entity: ReportPhotosProps['entity'];
  report: ReportPhotosProps['report'];
  /** `form.getInputProps('comment')`. */
  commentProps: ComponentProps<typeof Textarea>;
  saving: boolean;
  onSaveDraft: () => void;
}

/** The texts come from the report kind's namespace (inspections / maintenance). */
function ReportFormFooter(props: ReportFormFooterProps) {
  const { t } = useTranslation(REPORT_NS[props.entity]);
  return (
    <>
      <ReportPhotos entity={props.entity} report={props.report} />
      <Textarea label={t('comment')} autosize minRows={2} {...props.commentProps} />
      <Group justify="flex-end" wrap="wrap">
        <Button variant="default" size="md" onClick={props.onSaveDraft} disabled={props.saving}>
          {t('audit.saveDraft')}
        </Button>
        <Button
          type="submit"
          size="md"
          loading={props.saving}
          disabled={props.saving}
          data-testid="report-to-finish"
        >
          {t('audit.toFinish')}
        </Button>
      </Group>
    </>
  );
}

/**
 * The machine's power units and parts a work step lists, labelled; a loader until they are
 * read. Both kinds' forms open inside it, keyed by the report so a new one starts fresh.
 */
export function WithReportTargets(props: {
  entity: ReportPhotosProps['entity'];
  machineId: string;
  children: (groups: readonly LabelledGroup[]) => ReactNode;
}) {
  const { t } = useTranslation(REPORT_NS[props.entity]);
  const groups = useLabelledTargets(useMachineTargets(props.machineId));
  if (!groups) {
    return (
      <Center py="xl" role="status" aria-label={t('audit.loading')}>
        <Loader size="sm" />
      </Center>
    );
  }
  return <>{props.children(groups)}</>;
}

/**
 * A report's work step as a form: the note that everything is kept on the device, the kind's
 * own fields (`children`), then photos, comment and the two buttons. Submitting goes on to
 * signing; "save draft" stays.
 */
export function ReportWorkForm({
  onSubmit,
  children,
  ...footer
}: ReportFormFooterProps & {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation(REPORT_NS[footer.entity]);
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('audit.draftInfo')}
        </Text>
        {children}
        <ReportFormFooter {...footer} />
      </Stack>
    </form>
  );
}
