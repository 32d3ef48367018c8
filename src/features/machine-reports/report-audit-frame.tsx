/**
 * The frame of the inspection and maintenance work screens (`…/{kind}/audit`, `uvvAudit`):
 * opens the technician's draft or a new one in memory (use-draft-report.ts), shows the feature's
 * work step or, with `?step=finish` and a stored report, the signing step, and after finishing
 * goes to the report page. Customer users (read-only) get a notice instead.
 */
import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useAuthStore, useCanEdit } from '@lib/auth';
import { NotFoundNotice } from '@components/not-found-notice';
import { PageHeader } from '@components/page-header';
import {
  nsOf,
  reportPaths,
  type ReportEntity,
  type ReportPaths,
  type ReportRow,
} from './report-kinds';
import { ReportFinishForm } from './report-finish-form';
import { useDraftReport } from './use-draft-report';
import { useMachineName } from './use-machine-name';

export interface ReportAuditFrameProps<E extends ReportEntity> {
  entity: E;
  /** The heading (the UVV inspection has its own). */
  title: string;
  /** The work step: the checklist or the work lines, with their own save and next buttons. */
  children: (report: ReportRow<E>, paths: ReportPaths) => ReactNode;
}

function Working<E extends ReportEntity>({
  entity,
  children,
}: Omit<ReportAuditFrameProps<E>, 'title'>) {
  const { t } = useTranslation(nsOf(entity));
  const { customerId = '', machineId = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const technician = useAuthStore((s) => s.user?.name ?? s.user?.username ?? '');
  const { report, stored, failed } = useDraftReport(entity, machineId, technician);
  const paths = reportPaths(entity, customerId, machineId);

  if (failed)
    return (
      <Alert color="red" role="alert">
        {t('audit.startFailed')}
      </Alert>
    );
  if (report === undefined) {
    return (
      <Center py="xl" role="status" aria-label={t('audit.loading')}>
        <Loader size="sm" />
      </Center>
    );
  }
  if (report === null || report.machineId !== machineId) return <NotFoundNotice />;
  if (report.state === 'COMPLETE') {
    return (
      <Alert color="green" data-testid="report-already-complete">
        {t('audit.alreadyComplete')}{' '}
        <Anchor component={Link} to={paths.report(report.id)}>
          {t('audit.openReport')}
        </Anchor>
      </Alert>
    );
  }
  if (params.get('step') === 'finish' && stored) {
    return (
      <ReportFinishForm
        entity={entity}
        report={report}
        backTo={paths.audit(report.id)}
        onFinished={() => void navigate(paths.report(report.id), { replace: true })}
      />
    );
  }
  return <>{children(report, paths)}</>;
}

export function ReportAuditFrame<E extends ReportEntity>({
  entity,
  title,
  children,
}: ReportAuditFrameProps<E>) {
  const { t } = useTranslation(nsOf(entity));
  const { customerId = '', machineId = '' } = useParams();
  const canEdit = useCanEdit();
  const machine = useMachineName(machineId);
  const paths = reportPaths(entity, customerId, machineId);
  return (
    <Stack gap={0}>
      <PageHeader
        title={title}
        subtitle={machine ?? undefined}
        back={{ to: paths.list, label: t('report.back') }}
      />
      {machine === null ? (
        <NotFoundNotice />
      ) : !canEdit ? (
        <Alert color="blue" data-testid="report-read-only">
          {t('audit.readOnly')}
        </Alert>
      ) : machine === undefined ? null : (
        <Working entity={entity}>{children}</Working>
      )}
    </Stack>
  );
}
