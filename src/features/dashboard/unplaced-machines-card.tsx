/** Machines of the selected customer that stand at no location yet (SPEC §2). */
import { Anchor, Card, List, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMachinesWithoutLocation } from '../../db/customer-queries';

export function UnplacedMachinesCard({ customerId }: { customerId: string }) {
  const { t } = useTranslation('dashboard');
  const machines = useMachinesWithoutLocation(customerId);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="unplaced-machines">
      <Title order={3} size="h4" id="unplaced-machines" mb="sm">
        {t('unplaced.heading')}
      </Title>
      {machines === undefined ? (
        <Skeleton height={40} />
      ) : machines.length === 0 ? (
        <Text c="dimmed">{t('unplaced.none')}</Text>
      ) : (
        <List spacing={4} data-testid="dashboard-unplaced">
          {machines.map((m) => (
            <List.Item key={m.id}>
              <Anchor component={Link} to={`/customer/${customerId}/machine/${m.id}`}>
                {m.machineType ? `${m.machineType} (${m.internalId})` : m.internalId}
              </Anchor>
            </List.Item>
          ))}
        </List>
      )}
    </Card>
  );
}
