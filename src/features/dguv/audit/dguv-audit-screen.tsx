/**
 * /dguv/audit (docs/architecture.md): the running audit's dashboard — progress (checked / total), the
 * hoses to check or correct, new hoses whose inspection before first use is an audit of its own
 * (docs/hose-lifecycle.md), add a hose, go to the machine, finish, discard. Without a
 * running audit it goes to /dguv.
 */
import {
  Alert,
  Button,
  Card,
  Center,
  Group,
  List,
  Loader,
  Progress,
  Stack,
  Text,
} from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoment } from '@domain/format';
import { Link, Navigate, useNavigate } from 'react-router';
import { confirm } from '@components/confirm';
import { PageHeader } from '@components/page-header';
import { snack } from '@components/snacks';
import { discardAudit } from '../data/audit-writes';
import { CheatsheetLink } from '../cheatsheet-link';
import { dguvAuditRedirect } from '../dguv-entry';
import { machineLabel } from '../dguv-labels';
import { useOccasionText } from '@components/dguv-audit-parts';
import { DGUV_PATHS, machineHref, useDguvSession } from '../use-dguv-session';
import { AddHoseDialog } from './add-hose-dialog';
import { AuditHoseList } from './audit-hose-list';

export interface DguvAuditScreenProps {
  /** The scan button, composed in by the app. */
  scan?: ReactNode;
}

export function DguvAuditScreen({ scan }: DguvAuditScreenProps) {
  const { t, i18n } = useTranslation(['dguv', 'forms']);
  const navigate = useNavigate();
  const session = useDguvSession();
  const { audit, summary, pipes, firstUseApart, checks, statuses, checkedCount } = session;
  const [adding, setAdding] = useState(false);
  const occasionText = useOccasionText();

  if (audit === undefined) return <Busy />;
  const redirect = dguvAuditRedirect(audit !== null);
  if (redirect || !audit) return <Navigate to={redirect ?? DGUV_PATHS.start} replace />;
  if (!summary || !pipes || !checks) return <Busy />;

  const total = pipes.length;
  const firstOpen = pipes.find((p) => !checks.has(p.id)) ?? pipes[0];
  const discard = async () => {
    const ok = await confirm({
      title: t('dguv:audit.discardTitle'),
      message: t('dguv:audit.discardMessage'),
      color: 'red',
      confirmText: t('dguv:audit.discard'),
    });
    if (!ok) return;
    try {
      await discardAudit(audit);
      snack({ text: t('dguv:audit.discarded'), type: 'success' });
      await navigate(DGUV_PATHS.start, { replace: true });
    } catch {
      snack({ text: t('dguv:errors.noAudit'), type: 'error' });
    }
  };

  return (
    <>
      <PageHeader
        title={t('dguv:audit.title')}
        subtitle={machineLabel(summary)}
        actions={
          <>
            <CheatsheetLink />
            <Button
              component={Link}
              to={machineHref(summary.machine.companyId, summary.machine.id)}
              variant="default"
            >
              {t('dguv:toMachine')}
            </Button>
          </>
        }
      />
      <Card withBorder mb="md">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('dguv:audit.started', {
              date: formatMoment(audit.startDate, i18n.language),
              auditor: audit.auditor,
            })}
          </Text>
          <Text size="sm" fw={500} data-testid="audit-occasion">
            {t('dguv:occasion.label')}: {occasionText(audit)}
          </Text>
          <Progress
            value={total ? (checkedCount / total) * 100 : 0}
            aria-label={t('dguv:audit.progressLabel')}
            size="lg"
          />
          <Text fw={600} data-testid="audit-progress">
            {t('dguv:audit.progress', { checked: checkedCount, count: total })}
          </Text>
          <Group gap="xs" mt="xs">
            {firstOpen ? (
              <Button component={Link} to={DGUV_PATHS.check(firstOpen.id)}>
                {checkedCount === 0 ? t('dguv:audit.checkHoses') : t('dguv:audit.continueChecks')}
              </Button>
            ) : null}
            {scan}
            <Button variant="light" onClick={() => setAdding(true)}>
              {t('dguv:audit.addHose')}
            </Button>
            <Button component={Link} to={DGUV_PATHS.finish} variant="light" color="green">
              {t('dguv:audit.finish')}
            </Button>
            <Button variant="subtle" color="red" onClick={() => void discard()}>
              {t('dguv:audit.discard')}
            </Button>
          </Group>
          {total > 0 && checkedCount === total ? (
            <Text c="green" size="sm">
              {t('dguv:audit.allChecked')}
            </Text>
          ) : null}
        </Stack>
      </Card>
      {firstUseApart && firstUseApart.length > 0 ? (
        <Alert
          color="blue"
          mb="md"
          title={t('dguv:start.firstUseHoses', { count: firstUseApart.length })}
          data-testid="audit-first-use-apart"
        >
          <List size="sm" mb="xs">
            {firstUseApart.map((p) => (
              <List.Item key={p.id}>
                {t('dguv:audit.firstUseHose', { position: p.position, code: p.code })}
              </List.Item>
            ))}
          </List>
          <Text size="sm">{t('dguv:audit.firstUseApart')}</Text>
        </Alert>
      ) : null}
      {total === 0 ? (
        <Text c="dimmed">{t('dguv:audit.noHoses')}</Text>
      ) : (
        <AuditHoseList
          pipes={pipes}
          others={firstUseApart ?? []}
          checks={checks}
          statuses={statuses}
        />
      )}
      <AddHoseDialog
        machineId={summary.machine.id}
        opened={adding}
        onClose={() => setAdding(false)}
      />
    </>
  );
}

function Busy() {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" />
    </Center>
  );
}
