/** What an issue is about: the record (entity and id), the call, and when it was made. */
import { Code, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '../../db/records';
import { formatRecent } from '../../domain/format';

export function IssueHeader({ entry }: { entry: OutboxEntry }) {
  const { t, i18n } = useTranslation('sync');
  return (
    <div>
      {entry.entity && entry.recordId ? (
        <Text fw={600}>
          {t('issues.record', { entity: entry.entity, id: entry.recordId.slice(0, 8) })}
        </Text>
      ) : null}
      <Group gap="xs">
        <Text size="xs" c="dimmed">
          {t('rejection.call')}:
        </Text>
        <Code data-testid="issue-call">
          {entry.name} · {entry.method} {entry.path}
        </Code>
      </Group>
      <Text size="xs" c="dimmed">
        {t('issues.madeAt', { time: formatRecent(entry.createdAt, i18n.language) })}
      </Text>
    </div>
  );
}
