/** The hose's latest DGUV checks on the edit screen, read-only: date and result. */
import { Card, Skeleton, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePipeCheckHistory } from './data/hose-list-queries';
import { useFormat } from '@lib/i18n/use-format';
import { ResultBadge } from './hose-cells';

export function PipeHistory({ pipeId }: { pipeId: string }) {
  const { t } = useTranslation('pipes');
  const checks = usePipeCheckHistory(pipeId);
  const fmt = useFormat();
  return (
    <Card withBorder padding="md" data-testid="pipe-history">
      <Title order={3} size="h4" mb="sm">
        {t('history.title')}
      </Title>
      {!checks ? (
        <Skeleton height={48} />
      ) : checks.length === 0 ? (
        <Text c="dimmed">{t('history.none')}</Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('history.date')}</Table.Th>
              <Table.Th>{t('history.result')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {checks.map((check) => (
              <Table.Tr key={check.auditId}>
                <Table.Td>{fmt.day(check.checkedAt)}</Table.Td>
                <Table.Td>
                  <ResultBadge result={check.result} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}
