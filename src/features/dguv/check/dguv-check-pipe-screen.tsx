/**
 * /dguv/audit/check-pipe?pipe=… (docs/architecture.md single hose check): the hose's data, the check form,
 * "replaced by a new assembly" (the swap on the hose screen, back to the audit afterwards,
 * docs/hose-lifecycle.md), previous / next hose. Without `pipe` the first unchecked hose opens; without a running
 * audit it goes to /dguv.
 */
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@components/page-header';
import { uuidv7 } from '@domain/ids';
import { isServiceLifeExceeded, preselectedFindings } from '@domain/rules/service-life';
import { checkContext } from '@domain/rules/dguv-reasons';
import { hoseSwapPath } from '@lib/hose-paths';
import { machineLabel } from '../dguv-labels';
import { DGUV_PATHS, useDguvSession } from '../use-dguv-session';
import { CheatsheetLink } from '../cheatsheet-link';
import { CheckForm } from './check-form';
import { CurrentHoseBar, PipeFacts } from './pipe-facts';

export function DguvCheckPipeScreen() {
  const { t } = useTranslation(['dguv', 'pipes']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { audit, summary, pipes, checks } = useDguvSession();
  const wanted = params.get('pipe');
  // Without a hose named: the first unchecked one; none left → the overview (not hose 1).
  const pipeId = wanted ?? pipes?.find((p) => !checks?.has(p.id))?.id ?? null;
  const newAnswerId = useMemo(() => uuidv7(), [pipeId]); // eslint-disable-line react-hooks/exhaustive-deps
  const current = useRef<HTMLDivElement>(null);
  const loaded = Boolean(pipes && checks && audit);
  // Each hose opens at the top with its code in view, and the screen reader starts there.
  useEffect(() => {
    if (!loaded) return;
    window.scrollTo({ top: 0 });
    current.current?.focus({ preventScroll: true });
  }, [pipeId, loaded]);

  if (audit === null) return <Navigate to={DGUV_PATHS.start} replace />;
  if (audit === undefined || !summary || !pipes || !checks) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" />
      </Center>
    );
  }
  if (!pipeId) return <Navigate to={DGUV_PATHS.audit} replace />;
  const index = pipes.findIndex((p) => p.id === pipeId);
  const pipe = pipes[index];
  const header = (
    <PageHeader
      title={t('check.title')}
      subtitle={machineLabel(summary)}
      back={{ to: DGUV_PATHS.audit, label: t('audit.title') }}
      actions={<CheatsheetLink />}
    />
  );
  if (!pipe) {
    return (
      <>
        {header}
        <Alert color="red" role="alert">
          {t('check.notOnMachine')}
        </Alert>
      </>
    );
  }
  const existing = checks.get(pipe.id);
  const previous = pipes[index - 1];
  const next = pipes[index + 1];
  const onSaved = async (goNext: boolean) => {
    if (!goNext) return;
    // The next unchecked hose after this one, else the first unchecked before it; all checked
    // (this one has just been saved) → the overview, where the audit is finished.
    const open = [...pipes.slice(index + 1), ...pipes.slice(0, index)].find(
      (p) => !checks.has(p.id),
    );
    await navigate(open ? DGUV_PATHS.check(open.id) : DGUV_PATHS.audit);
  };
  // The domain rule itself (as the preselection uses it): known at once, not after a query.
  const serviceLifeExceeded = isServiceLifeExceeded(pipe, new Date());

  return (
    <>
      {header}
      <Stack gap="md">
        <CurrentHoseBar ref={current} pipe={pipe} />
        <PipeFacts pipe={pipe} serviceLifeExceeded={serviceLifeExceeded} />
        {existing ? (
          <Alert color="blue" role="status">
            {t('check.alreadyChecked')}
          </Alert>
        ) : null}
        <CheckForm
          // One form per hose and answer: saving (the row appears, the server's answer raises
          // its version) does not re-make it, or a photo added or a note typed meanwhile would
          // be lost; CheckForm takes in a newer row itself while nothing is unsaved.
          key={`${pipe.id}:${existing?.id ?? newAnswerId}`}
          audit={audit}
          pipeId={pipe.id}
          existing={existing}
          answerId={existing?.id ?? newAnswerId}
          preselected={existing ? [] : preselectedFindings(pipe, new Date())}
          serviceLifeExceeded={serviceLifeExceeded}
          // Judged on the audit's date, as the server judges it.
          context={checkContext(pipe, audit)}
          onSaved={onSaved}
        />
        {pipe.retiredAt ? null : (
          // The hose came off for a new assembly: the swap on the hose screen, then back here.
          <Group gap="sm" wrap="wrap">
            <Button
              component={Link}
              to={hoseSwapPath(pipe, { back: DGUV_PATHS.audit })}
              variant="light"
              mih={44}
              data-testid="check-swap"
            >
              {t('pipes:swap.action')}
            </Button>
            <Text size="sm" c="dimmed" style={{ flex: '1 1 200px' }}>
              {t('check.swapHint')}
            </Text>
          </Group>
        )}
        <Group justify="space-between">
          <Button
            component={Link}
            to={previous ? DGUV_PATHS.check(previous.id) : '#'}
            variant="default"
            mih={44}
            disabled={!previous}
            // A link cannot be disabled: out of the Tab order and said to be off.
            aria-disabled={!previous || undefined}
            tabIndex={previous ? undefined : -1}
          >
            ← {t('check.previous')}
          </Button>
          <Button
            component={Link}
            to={next ? DGUV_PATHS.check(next.id) : '#'}
            variant="default"
            mih={44}
            disabled={!next}
            // A link cannot be disabled: out of the Tab order and said to be off.
            aria-disabled={!next || undefined}
            tabIndex={next ? undefined : -1}
          >
            {t('check.next')} →
          </Button>
        </Group>
      </Stack>
    </>
  );
}
