/**
 * Actions of the DGUV report, as the audit state table allows them
 * (src/domain/rules/audit-states.ts): approve a finished audit (office staff or an
 * administrator), cancel one that is not approved (staff; deletes it irrecoverably), download
 * the PDF (everyone, also customer users). Each asks first.
 */
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { confirm } from '@components/confirm';
import { ReportDownloadButton } from '@components/report-download-button';
import { snack } from '@components/snacks';
import type { AuditRow } from '../data/audit-queries';
import { useRowsBy } from '@db/hooks';
import { canApproveAudits, canAudit } from '@domain/rules/audit-states';
import { useAuthStore } from '@lib/auth';
import { approveAudit, cancelAudit } from '../data/audit-writes';
import { WRAP_BUTTON } from '@components/wrap-styles';

export const auditListPath = (audit: Pick<AuditRow, 'companyId' | 'machineId'>) =>
  `/customer/${audit.companyId}/machine/${audit.machineId}/documents/dguv`;

/**
 * Opened from the office's approval queue (`?queue=approval`): the next audit
 * awaiting approval — the longest waiting, as the queue sorts — or back to the start page.
 */
function NextInQueue({ audit }: { audit: AuditRow }) {
  const { t } = useTranslation('office');
  const waiting = useRowsBy('dguvAudit', 'state', 'COMPLETE');
  if (!waiting) return null;
  const next = waiting
    .filter((a) => a.id !== audit.id)
    .sort((a, b) => a.startDate.localeCompare(b.startDate) || a.id.localeCompare(b.id))[0];
  const to = next
    ? `/customer/${next.companyId}/machine/${next.machineId}/dguv/${next.id}?queue=approval`
    : '/';
  return (
    <Button
      component={Link}
      to={to}
      variant="light"
      styles={WRAP_BUTTON}
      data-testid="audit-queue-next"
    >
      {next ? t('approvals.next') : t('approvals.queueDone')}
    </Button>
  );
}

export function ReportActions({ audit }: { audit: AuditRow }) {
  const { t } = useTranslation('dguvReport');
  const navigate = useNavigate();
  const user = useAuthStore((s) => s.user);
  const [busy, setBusy] = useState<'approve' | 'cancel' | null>(null);
  // The state table decides, as on the server (src/domain/rules/audit-states.ts).
  const canApprove = canAudit(audit.state, 'approve', user);
  const canCancel = canAudit(audit.state, 'cancel', user);
  const [params] = useSearchParams();
  const inQueue = params.get('queue') === 'approval' && canApproveAudits(user);

  const approve = async () => {
    const ok = await confirm({
      title: t('report.approve.title'),
      message: t('report.approve.message'),
      confirmText: t('report.approve.button'),
      color: 'green',
    });
    if (!ok) return;
    setBusy('approve');
    try {
      await approveAudit(audit, user?.name ?? null);
      snack({ text: t('report.approve.done'), type: 'success' });
    } catch {
      snack({ text: t('report.approve.failed'), type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  const cancel = async () => {
    const ok = await confirm({
      title: t('report.cancel.title'),
      message: t('report.cancel.message'),
      confirmText: t('report.cancel.confirm'),
      color: 'red',
    });
    if (!ok) return;
    setBusy('cancel');
    try {
      await cancelAudit(audit);
      snack({ text: t('report.cancel.done'), type: 'success' });
      await navigate(auditListPath(audit), { replace: true });
    } catch {
      snack({ text: t('report.cancel.failed'), type: 'error' });
      setBusy(null);
    }
  };

  return (
    <>
      {canApprove ? (
        <Button
          color="green"
          loading={busy === 'approve'}
          disabled={busy !== null}
          onClick={() => void approve()}
          data-testid="audit-approve"
        >
          {t('report.approve.button')}
        </Button>
      ) : null}
      {canCancel ? (
        <Button
          color="red"
          variant="light"
          loading={busy === 'cancel'}
          disabled={busy !== null}
          onClick={() => void cancel()}
          data-testid="audit-cancel"
        >
          {t('report.cancel.button')}
        </Button>
      ) : null}
      <ReportDownloadButton kind="dguv" id={audit.id} version={audit.version} />
      {inQueue ? <NextInQueue audit={audit} /> : null}
    </>
  );
}
