/**
 * The end of a report's work step, the same for inspections and maintenance: photos, the
 * comment, and "save draft" / "continue to signing".
 */
import { Button, Group, Textarea } from '@mantine/core';
import type { ComponentProps } from 'react';
import { ReportPhotos, type ReportPhotosProps } from './report-photos';

export interface ReportFormFooterProps {
  entity: ReportPhotosProps['entity'];
  report: ReportPhotosProps['report'];
  /** `form.getInputProps('comment')`. */
  commentProps: ComponentProps<typeof Textarea>;
  saving: boolean;
  onSaveDraft: () => void;
  labels: { comment: string; saveDraft: string; toFinish: string };
}

export function ReportFormFooter(props: ReportFormFooterProps) {
  return (
    <>
      <ReportPhotos entity={props.entity} report={props.report} />
      <Textarea label={props.labels.comment} autosize minRows={2} {...props.commentProps} />
      <Group justify="flex-end" wrap="wrap">
        <Button variant="default" size="md" onClick={props.onSaveDraft} disabled={props.saving}>
          {props.labels.saveDraft}
        </Button>
        <Button
          type="submit"
          size="md"
          loading={props.saving}
          disabled={props.saving}
          data-testid="report-to-finish"
        >
          {props.labels.toFinish}
        </Button>
      </Group>
    </>
  );
}
