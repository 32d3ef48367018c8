/**
 * The read-only page of one inspection or maintenance report: machine, date, technician,
 * state, the lines (rendered by the feature), comment, photos and the signature. A DRAFT
 * offers "continue" and a delete with confirmation to staff; a COMPLETE one the PDF.
 */
import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useMachineTargets } from './data/report-queries';
import { useRow } from '@db/hooks';
import { useCanEdit } from '@lib/auth';
import { removeReport } from './data/report-writes';
import { DeleteButton } from '@components/forms';
import { PageHeader } from '@components/page-header';
import { ReportDownloadButton } from '@components/report-download-button';
import { RowState } from '@components/row-state';
import { nsOf, reportPaths, type ReportEntity, type ReportRow } from './report-kinds';
import { formatDay } from '@domain/format';
import { ReportPhotos } from './report-photos';
import { ReportSignature } from './report-signature';
import { ReportStateBadge } from './report-state-badge';
import { labelIndex, useLabelledTargets } from './target-labels';
import { useMachineName } from './use-machine-name';

export interface ReportViewProps<E extends ReportEntity> {
  entity: E;
  /** The lines of the report; `labels` names each target by `targetKey`. */
  renderItems: (report: ReportRow<E>, labels: Map<string, string>) => ReactNode;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

export function ReportView<E extends ReportEntity>({ entity, renderItems }: ReportViewProps<E>) {
  const { t, i18n } = useTranslation(nsOf(entity));
  const params = useParams();
  const { customerId = '', machineId = '' } = params;
  const id = params[`${entity}Id`] ?? '';
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const report = useRow(entity, id) as ReportRow<E> | null | undefined;
  const machine = useMachineName(machineId);
  const labelled = useLabelledTargets(useMachineTargets(machineId));
  const labels = labelIndex(labelled ?? []);
  const paths = reportPaths(entity, customerId, machineId);

  return (
    <>
      <PageHeader
        title={t('report.title')}
        subtitle={machine ?? undefined}
        back={{ to: paths.list, label: t('report.back') }}
        actions={
          report?.state === 'COMPLETE' ? (
            <ReportDownloadButton kind={entity} id={report.id} version={report.version} />
          ) : report && canEdit ? (
            <>
              <Button component={Link} to={paths.audit(report.id)} data-testid="report-continue">
                {t('report.continue')}
              </Button>
              <DeleteButton
                name={t('report.deleteName', { date: formatDay(report.date, i18n.language) })}
                failureText={t('report.deleteFailed')}
                onDelete={async () => {
                  await removeReport(entity, report.id);
                  await navigate(paths.list, { replace: true });
                }}
              />
            </>
          ) : null
        }
      />
      <RowState row={report}>
        {(row) => (
          <Stack gap="md">
            <Paper withBorder p="md" radius="md">
              <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                <Fact label={t('report.machine')}>{machine ?? '–'}</Fact>
                <Fact label={t('report.date')}>{formatDay(row.date, i18n.language)}</Fact>
                <Fact label={t('report.technician')}>{row.technician}</Fact>
                <Fact label={t('report.state')}>
                  <ReportStateBadge entity={entity} state={row.state} />
                </Fact>
              </SimpleGrid>
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={3} mb="sm">
                {t('report.items')}
              </Title>
              {renderItems(row, labels)}
            </Paper>
            <Paper withBorder p="md" radius="md">
              <Title order={3} mb="xs">
                {t('comment')}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap' }} c={row.comment ? undefined : 'dimmed'}>
                {row.comment ?? t('report.noComment')}
              </Text>
            </Paper>
            <ReportPhotos entity={entity} report={row} readOnly />
            <ReportSignature entity={entity} report={row} />
            {row.state === 'COMPLETE' ? null : (
              <Group>
                <Text size="sm" c="dimmed">
                  {t('report.draftHint')}
                </Text>
              </Group>
            )}
          </Stack>
        )}
      </RowState>
    </>
  );
}
