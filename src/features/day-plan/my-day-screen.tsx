/**
 * The technician's day (docs/architecture.md "Day plan"), offline from the device's rows: the
 * plans made for the signed-in user for today, machine by machine in the planned order with
 * what to do and links to the machine's DGUV start and hoses, and the progress — a machine
 * is done once an audit of it was finished on or after the plan's day (rules/day-plan).
 */
import { Anchor, Badge, Card, Group, Progress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDbQuery } from '@db/hooks';
import type { EntityRow } from '@db/entity-tables';
import { planProgress, planTasks } from '@domain/rules/day-plan';
import { useAuthStore } from '@lib/auth';
import { useFormat } from '@lib/i18n/use-format';
import { localDay } from '@lib/selection/selection-store';
import { planAudits, planInputs, plansFor } from './data/plan-inputs';
import { machineDguvStart, machineHoses, machineName, swapForLine } from './plan-paths';
import { TaskBadges } from './plan-tasks-list';

function PlanCard({ plan }: { plan: EntityRow<'dayPlan'> }) {
  const { t } = useTranslation('dayPlan');
  const format = useFormat();
  const view = useDbQuery(
    async (db) => {
      const inputs = await planInputs(db, plan.companyId, [], plan.date);
      const audits = await planAudits(db, plan.machineIds);
      const tasks = planTasks(plan.machineIds, inputs, plan.date);
      return { inputs, tasks, progress: planProgress(plan, audits, tasks) };
    },
    [plan.id, plan.version],
  );
  if (!view) return null;
  const { progress, tasks } = view;
  return (
    <Card withBorder padding="md" data-testid="my-plan">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {format.day(plan.date)}
          </Title>
          <Text fw={600} data-testid="plan-progress">
            {t('mine.progress', { done: progress.doneCount, total: progress.total })}
          </Text>
        </Group>
        <Progress
          value={progress.total === 0 ? 0 : (100 * progress.doneCount) / progress.total}
          aria-label={t('mine.progress', { done: progress.doneCount, total: progress.total })}
        />
        {plan.note ? <Text size="sm">{plan.note}</Text> : null}
        <ol style={{ margin: 0, paddingInlineStart: 20 }}>
          {tasks.map((task) => {
            const m = view.inputs.machineRows.get(task.machineId);
            const done = progress.done.has(task.machineId);
            return (
              <li key={task.machineId} data-testid="my-plan-machine">
                <Stack gap={4} py={6}>
                  <Group gap="xs" wrap="wrap">
                    <Text fw={600}>{m ? machineName(m) : task.machineId}</Text>
                    <Badge color={done ? 'green' : 'gray'} variant="light">
                      {done ? t('mine.done') : t('mine.open')}
                    </Badge>
                  </Group>
                  <TaskBadges tasks={task} />
                  <Group gap="md" wrap="wrap">
                    <Anchor component={Link} to={machineDguvStart(task.machineId)}>
                      {t('mine.inspect')}
                    </Anchor>
                    <Anchor component={Link} to={machineHoses(plan.companyId, task.machineId)}>
                      {t('mine.hoses')}
                    </Anchor>
                  </Group>
                  {task.replacements.map((line) => (
                    <Anchor
                      key={line.orderItemId}
                      component={Link}
                      to={swapForLine(plan.companyId, line)}
                      data-testid="my-plan-install"
                    >
                      {t('mine.installAt', { position: line.position, code: line.code })}
                    </Anchor>
                  ))}
                </Stack>
              </li>
            );
          })}
        </ol>
      </Stack>
    </Card>
  );
}

export function MyDayScreen() {
  const { t } = useTranslation('dayPlan');
  const userId = useAuthStore((s) => s.user?.id ?? null);
  const plans = useDbQuery((db) => (userId ? plansFor(db, userId) : []), [userId]);
  const day = localDay();
  const todays = (plans ?? []).filter((p) => p.date === day);
  const later = (plans ?? []).filter((p) => p.date > day);
  return (
    <Stack gap="lg" data-testid="my-day-screen">
      <Title order={1}>{t('mine.title')}</Title>
      <Text c="dimmed" size="sm">
        {t('mine.offlineHint')}
      </Text>
      {plans && todays.length === 0 ? <Text>{t('mine.none')}</Text> : null}
      {todays.map((p) => (
        <PlanCard key={p.id} plan={p} />
      ))}
      {later.length > 0 ? (
        <>
          <Title order={2} size="h4">
            {t('mine.later')}
          </Title>
          {later.map((p) => (
            <PlanCard key={p.id} plan={p} />
          ))}
        </>
      ) : null}
    </Stack>
  );
}
