/**
 * docs/architecture.md: a customer's machines that stand at no location yet, each linking to it — on the
 * customer dashboard and on the start page.
 */
import { Anchor, Card, List, Skeleton, Text, Title } from '@mantine/core';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMachinesWithoutLocation } from '../db/machines-without-location';

export interface MachinesWithoutLocationProps {
  customerId: string;
  /** Called once the list is shown (a page can reveal its parts together, without shifts). */
  onLoaded?: () => void;
}

export function MachinesWithoutLocation({ customerId, onLoaded }: MachinesWithoutLocationProps) {
  const { t } = useTranslation('forms');
  const headingId = useId();
  const machines = useMachinesWithoutLocation(customerId);
  const loaded = machines !== undefined;
  useEffect(() => {
    if (loaded) onLoaded?.();
  }, [loaded, onLoaded]);
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={headingId}>
      <Title order={3} size="h4" id={headingId} mb="sm">
        {t('machinesWithoutLocation.heading')}
      </Title>
      {machines === undefined ? (
        <Skeleton height={40} />
      ) : machines.length === 0 ? (
        <Text c="dimmed">{t('machinesWithoutLocation.none')}</Text>
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
