/** One machine's work on a plan: its due state and what to do, as badges. */
import { Badge, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { MachineTasks } from '@domain/rules/day-plan';

export function TaskBadges({ tasks }: { tasks: MachineTasks }) {
  const { t } = useTranslation('dayPlan');
  return (
    <Group gap={4} wrap="wrap">
      {tasks.tasks.includes('inspect') ? (
        <Badge color={tasks.due === 'overdue' ? 'red' : 'yellow'} variant="light">
          {t(`due.${tasks.due}`)}
        </Badge>
      ) : null}
      {tasks.firstUse.length > 0 ? (
        <Badge color="blue" variant="light">
          {t('task.firstUse', { count: tasks.firstUse.length })}
        </Badge>
      ) : null}
      {tasks.replacements.length > 0 ? (
        <Badge color="grape" variant="light">
          {t('task.install', { count: tasks.replacements.length })}
        </Badge>
      ) : null}
    </Group>
  );
}
