/**
 * DGUV audits awaiting approval across all customers, the longest waiting first. Each opens
 * the report with `?queue=approval`: the report's actions then offer "next waiting audit",
 * so the clerk works through the queue (approve, next) without coming back here.
 */
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatMoment } from '@domain/format';
import { useApprovalQueue, type ApprovalItem } from './data/office-queries';

const SHOWN = 8;

export const reportHref = ({ audit }: Pick<ApprovalItem, 'audit'>) =>
  `/customer/${audit.companyId}/machine/${audit.machineId}/dguv/${audit.id}?queue=approval`;

function machineName(item: ApprovalItem): string {
  const m = item.machine;
  if (!m) return '—';
  return [m.machineType, m.internalId].filter(Boolean).join(' · ');
}

export function ApprovalQueueCard() {
  const { t, i18n } = useTranslation('office');
  const queue = useApprovalQueue();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="office-approvals">
      <Group justify="space-between" mb="sm" wrap="nowrap">
        <Title order={2} size="h4" id="office-approvals">
          {t('approvals.heading')}
        </Title>
        {queue && queue.length > 0 ? (
          <Badge color="orange" size="lg" data-testid="approval-count">
            {queue.length}
          </Badge>
        ) : null}
      </Group>
      {queue === undefined ? (
        <Skeleton height={64} />
      ) : queue.length === 0 ? (
        <Text c="dimmed" data-testid="approvals-empty">
          {t('approvals.none')}
        </Text>
      ) : (
        <Stack gap="sm">
          <Stack gap={0} data-testid="approval-queue">
            {queue.slice(0, SHOWN).map((item) => (
              <Group
                key={item.audit.id}
                justify="space-between"
                wrap="nowrap"
                gap="sm"
                py={6}
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Anchor component={Link} to={reportHref(item)} fw={500} truncate>
                    {item.company?.name ?? '—'}
                  </Anchor>
                  <Text size="xs" c="dimmed" truncate>
                    {machineName(item)} · {item.audit.auditor}
                  </Text>
                </Stack>
                <Text size="sm" c="dimmed" style={{ flexShrink: 0 }}>
                  {formatMoment(item.audit.startDate, i18n.language)}
                </Text>
              </Group>
            ))}
          </Stack>
          {queue.length > SHOWN ? (
            <Text size="sm" c="dimmed">
              {t('approvals.more', { count: queue.length - SHOWN })}
            </Text>
          ) : null}
          <Button component={Link} to={reportHref(queue[0]!)} mih={44} data-testid="approval-start">
            {t('approvals.start')}
          </Button>
        </Stack>
      )}
    </Card>
  );
}
