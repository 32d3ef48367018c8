/** Orders per management queue (docs/api.md), counted from the device's order rows. */
import { Badge, Card, Group, NavLink, Skeleton, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ORDER_QUEUES, useOrderQueueCounts, type OrderQueue } from './data/office-queries';

export function OrderQueuesCard() {
  const { t } = useTranslation('office');
  const counts = useOrderQueueCounts();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="office-orders">
      <Title order={2} size="h4" id="office-orders" mb="sm">
        {t('orders.heading')}
      </Title>
      {counts === undefined ? (
        <Skeleton height={96} />
      ) : (
        <Stack gap={0}>
          {(Object.keys(ORDER_QUEUES) as OrderQueue[]).map((queue) => (
            <NavLink
              key={queue}
              component={Link}
              to={`/orders?queue=${queue}`}
              label={t(`orders.${queue}`)}
              mih={44}
              data-testid={`order-queue-${queue}`}
              rightSection={
                <Group gap={4}>
                  <Badge color={counts[queue] > 0 ? 'blue' : 'gray'} variant="light">
                    {counts[queue]}
                  </Badge>
                </Group>
              }
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}
