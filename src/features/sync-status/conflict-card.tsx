/** One conflict: per field my value and the server's, a choice per field, and "apply". */
import { Button, Card, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConflictRecord, OutboxEntry } from '@db/records';
import type { ConflictChoice } from '@sync';
import { formatRecent } from '@domain/format';
import { formatValue } from './format';
import { applyChoice, discard } from './issue-actions';
import { IssueHeader } from './issue-header';
import { useBusy } from './refusal';

export interface ConflictCardProps {
  entry: OutboxEntry;
  conflict: ConflictRecord;
}

export function ConflictCard({ entry, conflict }: ConflictCardProps) {
  const { t, i18n } = useTranslation('sync');
  const [choice, setChoice] = useState<ConflictChoice>(() =>
    Object.fromEntries(conflict.fields.map((f) => [f, 'mine' as const])),
  );
  const [busy, act] = useBusy();
  const server = conflict.serverRow;
  const time = formatRecent(server.updatedAt, i18n.language);
  // The server row names its last editor only where the entity has such a field.
  const by = typeof server['updatedBy'] === 'string' ? server['updatedBy'] : null;
  const value = (v: unknown) => formatValue(v) ?? t('conflict.empty');

  return (
    <Card withBorder padding="md" radius="md" data-testid={`conflict-${entry.mutationId}`}>
      <Stack gap="sm">
        <IssueHeader entry={entry} />
        <Text size="sm">{t('conflict.explanation')}</Text>
        <Text size="xs" c="dimmed">
          {by
            ? t('conflict.serverChangedBy', { time, user: by })
            : t('conflict.serverChanged', { time })}
        </Text>
        <Table.ScrollContainer minWidth={480}>
          <Table verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('conflict.field')}</Table.Th>
                <Table.Th>{t('conflict.mine')}</Table.Th>
                <Table.Th>{t('conflict.theirs')}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {conflict.fields.map((field) => (
                <Table.Tr key={field} data-testid={`conflict-field-${field}`}>
                  <Table.Td fw={500}>{field}</Table.Td>
                  <Table.Td>{value(conflict.mine[field])}</Table.Td>
                  <Table.Td>{value(conflict.theirs[field])}</Table.Td>
                  <Table.Td>
                    <SegmentedControl
                      size="xs"
                      aria-label={t('conflict.choiceLabel', { field })}
                      value={choice[field] ?? 'mine'}
                      onChange={(v) =>
                        setChoice((c) => ({ ...c, [field]: v === 'theirs' ? 'theirs' : 'mine' }))
                      }
                      data={[
                        { value: 'mine', label: t('conflict.mine') },
                        { value: 'theirs', label: t('conflict.theirs') },
                      ]}
                    />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group gap="sm">
          <Button
            loading={busy}
            onClick={() => void act(() => applyChoice(t, entry.mutationId, choice))}
          >
            {t('conflict.apply')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            disabled={busy}
            onClick={() => void act(() => discard(t, entry.mutationId))}
          >
            {t('rejection.discard')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
