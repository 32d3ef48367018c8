/**
 * What an issue is about, in the user's words (call-words.ts), and when it was made; staff
 * also see the call itself (entity, id, method and path) to tell the office or support.
 */
import { Code, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OutboxEntry } from '@db/records';
import { formatRecent } from '@domain/format';
import { useCanEdit } from '@lib/auth';
import { describeCall } from './call-words';

export function IssueHeader({ entry }: { entry: OutboxEntry }) {
  const { t, i18n } = useTranslation('sync');
  const staff = useCanEdit();
  const words = describeCall(entry);
  const thing = words.params?.thing;
  return (
    <div>
      <Text fw={600} data-testid="issue-what">
        {t(words.key as never, {
          thing: thing ? t(thing as never, { defaultValue: t('things.other') }) : '',
        })}
      </Text>
      <Text size="xs" c="dimmed">
        {t('issues.madeAt', { time: formatRecent(entry.createdAt, i18n.language) })}
      </Text>
      {staff ? (
        <Group gap="xs">
          <Text size="xs" c="dimmed">
            {t('rejection.call')}:
          </Text>
          <Code data-testid="issue-call">
            {entry.entity && entry.recordId
              ? `${t('issues.record', { entity: entry.entity, id: entry.recordId.slice(0, 8) })} · `
              : ''}
            {entry.name} · {entry.method} {entry.path}
          </Code>
        </Group>
      ) : null}
    </div>
  );
}
