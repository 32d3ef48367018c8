/**
 * /dguv (docs/architecture.md, permission module-dguv): the machine's hoses to check, its last check and
 * intervals, and "start". A machine is needed unless an audit runs; a running audit opens
 * the dialog (continue / discard / back), and starting past it fails with docs/api.md's message.
 */
import { Alert, Button, Center, Group, Loader, Text } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '@domain/format';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { NotFoundNotice } from '@components/not-found-notice';
import { PageHeader } from '@components/page-header';
import { snack } from '@components/snacks';
import { usePipes, usePipeStatuses } from '@db/hooks';
import { useMachineSummary } from '@db/machine-queries';
import type { Locale } from '@domain/schemas/enums';
import { AUDIT_RUNNING, startAudit } from '../data/audit-writes';
import { dguvStartAllowed } from '../dguv-entry';
import { DGUV_PATHS, machineHref, useDguvSession } from '../use-dguv-session';
import { MachineFacts } from './machine-facts';
import { MachinePicker } from './machine-picker';
import { RunningAuditDialog } from './running-audit-dialog';
import { DEFAULT_OCCASION, OccasionPicker } from './occasion-picker';
import { occasionIssues, type OccasionIssue } from '@domain/rules/dguv-occasion';
import { awaitsFirstUse, isInstalled } from '@domain/rules/hose-life';
import { machineLabel } from '../dguv-labels';

const LOCALES: readonly string[] = ['de', 'en-gb', 'fr'];

export function DguvStartScreen() {
  const { t, i18n } = useTranslation(['dguv', 'errors', 'routes']);
  const { search } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const session = useDguvSession();
  const machineId = params.get('machine')?.trim() ?? '';
  const summary = useMachineSummary(machineId);
  const allPipes = usePipes(machineId);
  // Retired hoses are off the machine: not to check (docs/hose-lifecycle.md).
  const pipes = useMemo(() => allPipes?.filter(isInstalled), [allPipes]);
  const statuses = usePipeStatuses(pipes);
  const firstUse = statuses
    ? (pipes ?? []).filter((p) => awaitsFirstUse(p, statuses.get(p.id)?.lastCheck ?? null)).length
    : 0;
  const [dialog, setDialog] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [occasion, setOccasion] = useState(DEFAULT_OCCASION);
  const [occasionErrors, setOccasionErrors] = useState<OccasionIssue[]>([]);
  const [occasionChosen, setOccasionChosen] = useState(false);
  const running = session.audit;

  // New hoses waiting for their inspection before first use: that is the occasion, unless the
  // inspector chose another.
  useEffect(() => {
    if (firstUse > 0 && !occasionChosen)
      setOccasion({ occasion: 'FIRST_USE', occasionEvent: null, occasionNote: null });
  }, [firstUse, occasionChosen]);

  // Arriving while an audit runs asks at once what to do with it.
  useEffect(() => {
    if (running && machineId) setDialog(true);
  }, [running, machineId]);

  if (running === undefined) return <Loading />;
  if (!dguvStartAllowed(search, running !== null)) return <MachinePicker />;
  const runningLabel = session.summary
    ? machineLabel(session.summary)
    : t('dguv:start.unknownMachine');

  const start = async (discardRunning: boolean) => {
    if (!summary) return;
    const issues = occasionIssues(occasion);
    setOccasionErrors(issues);
    if (issues.length > 0) return;
    setBusy(true);
    setError(null);
    try {
      const language = i18n.resolvedLanguage ?? 'de';
      await startAudit({
        machine: summary.machine,
        userId: session.userId ?? '',
        auditor: session.userName,
        locale: (LOCALES.includes(language) ? language : 'de') as Locale,
        running,
        discardRunning,
        occasion,
      });
      await navigate(DGUV_PATHS.audit);
    } catch (err) {
      const running = err instanceof Error && err.message === AUDIT_RUNNING;
      const text = running ? t('dguv:errors.auditRunning') : t('dguv:errors.startFailed');
      setError(text);
      snack({ text, type: 'error' });
      if (running) setDialog(true);
    } finally {
      setBusy(false);
    }
  };

  if (!machineId && running) {
    // No machine chosen but an audit runs: offer it.
    return (
      <>
        <PageHeader title={t('routes:dguv')} />
        <Alert color="blue" title={t('dguv:start.runningTitle')}>
          <Text mb="sm">
            {t('dguv:start.runningMessage', {
              machine: runningLabel,
              date: formatMoment(running.startDate, i18n.language),
            })}
          </Text>
          <Button component={Link} to={DGUV_PATHS.audit}>
            {t('dguv:start.continue')}
          </Button>
        </Alert>
      </>
    );
  }
  if (summary === null) return <NotFoundNotice />;
  if (!summary || !pipes) return <Loading />;

  return (
    <>
      <PageHeader
        title={t('dguv:start.title')}
        subtitle={machineLabel(summary)}
        back={{
          to: machineHref(summary.machine.companyId, summary.machine.id),
          label: t('dguv:toMachine'),
        }}
      />
      <MachineFacts summary={summary} pipes={pipes} statuses={statuses} />
      {pipes.length === 0 ? (
        <Text c="dimmed" mt="sm">
          {t('dguv:start.noHoses')}
        </Text>
      ) : null}
      {firstUse > 0 ? (
        <Alert color="blue" mt="md" data-testid="first-use-hoses">
          {t('dguv:start.firstUseHoses', { count: firstUse })}
        </Alert>
      ) : null}
      <OccasionPicker
        value={occasion}
        onChange={(next) => {
          setOccasionChosen(true);
          setOccasion(next);
          if (occasionErrors.length > 0) setOccasionErrors(occasionIssues(next));
        }}
        issues={occasionErrors}
      />
      {error ? (
        <Alert color="red" mt="md" role="alert">
          {error}
        </Alert>
      ) : null}
      <Group mt="lg">
        <Button size="md" loading={busy} onClick={() => void start(false)}>
          {t('dguv:start.start')}
        </Button>
      </Group>
      {running ? (
        <RunningAuditDialog
          opened={dialog}
          running={running}
          machineLabel={runningLabel}
          busy={busy}
          onContinue={() => void navigate(DGUV_PATHS.audit)}
          onDiscard={() => void start(true).then(() => setDialog(false))}
          onBack={() => setDialog(false)}
        />
      ) : null}
    </>
  );
}

function Loading() {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" />
    </Center>
  );
}
