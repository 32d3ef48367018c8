/**
 * /dguv/audit/finish (docs/architecture.md finish: date and signature; docs/api.md COMPLETE on finish with
 * signature): the summary, the competent person — the signed-in user, whose id the audit
 * records; the printed name prefilled and editable, the qualification shown, a warning when
 * the refresher is overdue (docs/dguv-record.md) — the date and the signature. Works
 * offline: the signature and the finish are queued, the finish waits for the signature's
 * upload and reaches the server once. Afterwards the report opens.
 */
import { Alert, Button, Card, Center, Loader, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { confirm } from '@components/confirm';
import { LocalWriteError } from '@db/local-write';
import { PageHeader } from '@components/page-header';
import { SignaturePad } from '@components/signature-pad';
import { snack } from '@components/snacks';
import { classifyAnswer } from '@domain/rules/dguv';
import { finishAudit } from '../data/audit-writes';
import { machineLabel } from '../dguv-labels';
import { DGUV_PATHS, reportHref, useDguvSession } from '../use-dguv-session';
import { signedAtOf, todayLocal } from './finish-date';
import { savedKey } from '@sync';
import { DayInput } from '@components/forms';
import { CompetentPersonFacts } from './competent-person-facts';

export function DguvFinishScreen() {
  const { t } = useTranslation(['dguv', 'forms', 'validation']);
  const navigate = useNavigate();
  const { audit, summary, pipes, checks, checkedCount } = useDguvSession();
  const [auditor, setAuditor] = useState<string | null>(null);
  const [date, setDate] = useState(todayLocal);
  const [png, setPng] = useState<Blob | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // Once finished the audit no longer runs: go to its report, not to /dguv.
  const reportAfterFinish = useRef<string | null>(null);
  const counts = useMemo(() => {
    const c = { success: 0, warning: 0, error: 0 };
    for (const check of checks?.values() ?? []) c[classifyAnswer(check.answer)] += 1;
    return c;
  }, [checks]);

  if (audit === null) {
    return <Navigate to={reportAfterFinish.current ?? DGUV_PATHS.start} replace />;
  }
  if (audit === undefined || !summary || !pipes || !checks) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" />
      </Center>
    );
  }
  const name = auditor ?? audit.auditor;
  const unchecked = pipes.length - checkedCount;

  const finish = async () => {
    const next: Record<string, string> = {};
    if (!name.trim()) next.auditor = t('validation:required');
    if (!date) next.date = t('validation:required');
    if (!png) next.signature = t('dguv:finish.signatureRequired');
    setErrors(next);
    if (Object.keys(next).length > 0 || !png) return;
    if (unchecked > 0) {
      const ok = await confirm({
        title: t('dguv:finish.uncheckedConfirmTitle'),
        message: t('dguv:finish.uncheckedConfirm', { count: unchecked }),
      });
      if (!ok) return;
    }
    setBusy(true);
    reportAfterFinish.current = reportHref(audit.companyId, audit.machineId, audit.id);
    try {
      await finishAudit({
        audit,
        answers: checks.values(),
        png,
        auditor: name.trim(),
        signedAt: signedAtOf(date),
      });
      snack({ text: t(savedKey('dguv:finish.done', 'dguv:finish.doneOffline')), type: 'success' });
      await navigate(reportAfterFinish.current, { replace: true });
    } catch (err) {
      reportAfterFinish.current = null;
      // The device refused the write: say so (nothing was stored, the signature is still here).
      const text = err instanceof LocalWriteError ? t(err.message as never) : null;
      snack({ text: text ?? t('dguv:errors.finishFailed'), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={t('dguv:finish.title')}
        subtitle={machineLabel(summary)}
        back={{ to: DGUV_PATHS.audit, label: t('dguv:audit.title') }}
      />
      <Stack gap="md" maw={720}>
        <Card withBorder>
          <Text data-testid="finish-summary">
            {t('dguv:finish.summary', {
              checked: checkedCount,
              total: pipes.length,
              ok: counts.success,
              warning: counts.warning,
              error: counts.error,
            })}
          </Text>
          {unchecked > 0 ? (
            <Alert color="orange" mt="sm">
              {t('dguv:finish.unchecked', { count: unchecked })}
            </Alert>
          ) : null}
        </Card>
        <Card withBorder>
          <Stack gap="xs">
            <TextInput
              label={t('dguv:finish.auditor')}
              description={t('dguv:finish.auditorHint')}
              required
              value={name}
              error={errors.auditor}
              onChange={(e) => setAuditor(e.currentTarget.value)}
            />
            <CompetentPersonFacts />
          </Stack>
        </Card>
        <DayInput
          label={t('dguv:finish.date')}
          required
          value={date}
          error={errors.date}
          onChange={setDate}
        />
        <SignaturePad
          label={t('dguv:finish.signature')}
          required
          error={errors.signature}
          onChange={setPng}
          disabled={busy}
        />
        <Button size="md" color="green" loading={busy} onClick={() => void finish()}>
          {t('dguv:finish.submit')}
        </Button>
      </Stack>
    </>
  );
}
