/**
 * Inspections overdue and due within 30 days, and hoses past their service life, per customer
 * and machine across every customer. A machine links to its hose list (where the hoses are
 * replaced or checked) and, for the technicians among the staff, to the DGUV start; the
 * machines past the first few are one link to the customer's machine list.
 */
import { Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDueByCustomer, type MachineDue } from './data/office-queries';
import { WRAP_BADGE } from '@components/wrap-styles';

const SHOWN_CUSTOMERS = 8;
const SHOWN_MACHINES = 4;

/** Badges that wrap instead of cutting off longer (French) texts on a phone. */
function Counts({ overdue, dueSoon, pastLife }: Omit<MachineDue, 'machine'>) {
  const { t } = useTranslation('office');
  return (
    <Group gap={4} wrap="wrap">
      {overdue > 0 ? (
        <Badge color="red" tt="none" styles={WRAP_BADGE}>
          {t('due.overdue', { count: overdue })}
        </Badge>
      ) : null}
      {dueSoon > 0 ? (
        <Badge color="orange" tt="none" styles={WRAP_BADGE}>
          {t('due.soon', { count: dueSoon })}
        </Badge>
      ) : null}
      {pastLife > 0 ? (
        <Badge color="grape" tt="none" styles={WRAP_BADGE}>
          {t('due.pastLife', { count: pastLife })}
        </Badge>
      ) : null}
    </Group>
  );
}

export function DueCustomersCard({ canAudit }: { canAudit: boolean }) {
  const { t } = useTranslation('office');
  const customers = useDueByCustomer();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="office-due">
      <Title order={2} size="h4" id="office-due" mb={4}>
        {t('due.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('due.intro')}
      </Text>
      {customers === undefined ? (
        <Skeleton height={96} />
      ) : customers.length === 0 ? (
        <Text c="dimmed" data-testid="due-empty">
          {t('due.none')}
        </Text>
      ) : (
        <Stack gap="md" data-testid="due-customers">
          {customers.slice(0, SHOWN_CUSTOMERS).map((c) => (
            <Stack key={c.company.id} gap={4}>
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Anchor component={Link} to={`/customer/${c.company.id}/pipes`} fw={600}>
                  {c.company.name}
                </Anchor>
                <Counts overdue={c.overdue} dueSoon={c.dueSoon} pastLife={c.pastLife} />
              </Group>
              {c.machines.slice(0, SHOWN_MACHINES).map((m) => (
                <Group
                  key={m.machine.id}
                  justify="space-between"
                  wrap="wrap"
                  gap="xs"
                  pl="sm"
                  style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
                >
                  <Stack gap={0} style={{ minWidth: 0, flex: '1 1 160px' }}>
                    <Anchor
                      component={Link}
                      to={`/customer/${c.company.id}/machine/${m.machine.id}/parts/pipes`}
                      size="sm"
                    >
                      {[m.machine.machineType, m.machine.internalId].filter(Boolean).join(' · ')}
                    </Anchor>
                    <Counts {...m} />
                  </Stack>
                  {canAudit && m.overdue + m.dueSoon > 0 ? (
                    <Button
                      component={Link}
                      to={`/dguv?machine=${encodeURIComponent(m.machine.id)}`}
                      size="xs"
                      variant="light"
                      mih={44}
                    >
                      {t('due.audit')}
                    </Button>
                  ) : null}
                </Group>
              ))}
              {c.machines.length > SHOWN_MACHINES ? (
                <Anchor
                  component={Link}
                  to={`/customer/${c.company.id}/machine`}
                  size="xs"
                  pl="sm"
                  data-testid="due-more-machines"
                >
                  {t('due.moreMachines', { count: c.machines.length - SHOWN_MACHINES })}
                </Anchor>
              ) : null}
            </Stack>
          ))}
          {customers.length > SHOWN_CUSTOMERS ? (
            <Text size="sm" c="dimmed">
              {t('due.moreCustomers', { count: customers.length - SHOWN_CUSTOMERS })}
            </Text>
          ) : null}
        </Stack>
      )}
    </Card>
  );
}
