/** SPEC §2: the customer's machines that stand at no location yet, each linking to it. */
import { Anchor, Card, List, Skeleton, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMachinesWithoutLocation } from '../../db/customer-queries';

export function MachinesWithoutLocation({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const machines = useMachinesWithoutLocation(customerId);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="customer-unplaced">
      <Title order={3} size="h4" id="customer-unplaced" mb="sm">
        {t('dashboard.withoutLocation')}
      </Title>
      {machines === undefined ? (
        <Skeleton height={40} />
      ) : machines.length === 0 ? (
        <Text c="dimmed">{t('dashboard.noneWithoutLocation')}</Text>
      ) : (
        <List spacing={4} data-testid="machines-without-location">
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
