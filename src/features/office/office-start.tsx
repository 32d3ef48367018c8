/**
 * The office's start screen: staff without a selected customer see their
 * work across customers instead of "no customer selected" — audits to approve, orders per
 * queue, inspections due and hoses past their service life, each linking to the screen that
 * handles it — plus the way into one customer.
 */
import type { ReactNode } from 'react';
import { Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApprovalQueueCard } from './approval-queue-card';
import { DueCustomersCard } from './due-customers-card';
import { OrderQueuesCard } from './order-queues-card';

export interface OfficeStartProps {
  firstName: string;
  lastName: string;
  /** Approving audits: office staff (ui-admininstrator) or admins. */
  canApprove: boolean;
  /** Managing orders: admin-shop. */
  canManageOrders: boolean;
  /** Running DGUV audits: module-dguv. */
  canAudit: boolean;
  /** Warnings composed by the app from other features (devices with old unsent work). */
  notices?: ReactNode;
}

export function OfficeStart(props: OfficeStartProps) {
  const { t } = useTranslation('office');
  return (
    <Stack gap="lg" data-testid="office-start">
      <div>
        <Title order={1}>
          {t('welcome', { firstName: props.firstName, lastName: props.lastName })}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('subtitle')}
        </Text>
      </div>
      {props.notices}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {props.canApprove ? <ApprovalQueueCard /> : null}
        {props.canManageOrders ? <OrderQueuesCard /> : null}
      </SimpleGrid>
      <DueCustomersCard canAudit={props.canAudit} />
      <Card withBorder padding="md">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Stack gap={2} style={{ flex: '1 1 240px' }}>
            <Title order={2} size="h4">
              {t('customer.heading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('customer.text')}
            </Text>
          </Stack>
          <Button component={Link} to="/customer/select" mih={44}>
            {t('customer.action')}
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
