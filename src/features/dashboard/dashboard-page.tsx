/**
 * The overview at `/`: a welcome, the signed-in account and the main areas. Figures per area
 * arrive with a later update; until then the page says so instead of showing numbers.
 */
import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CartIcon, ClipboardIcon, MachineIcon } from '../../components/icons';
import { hasPermission, isCustomerUser } from '../../domain/rules/permissions';
import { useAuthStore } from '../../lib/auth';
import { AreaCard } from './area-card';

export interface DashboardPageProps {
  /** The machine list of the selected customer, or where to select one. */
  machinesHref: string;
  /** Name of the user's customer from its public branding, when known. */
  customerName: string | null;
}

export function DashboardPage({ machinesHref, customerName }: DashboardPageProps) {
  const { t } = useTranslation('dashboard');
  const user = useAuthStore((s) => s.user);
  if (!user) return null;
  const customerAccount = isCustomerUser(user);

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} data-testid="dashboard-welcome">
          {t('welcome', { firstName: user.firstName, lastName: user.lastName })}
        </Title>
        <Text c="dimmed" mt={4}>
          {t('subtitle')}
        </Text>
      </div>

      <Card withBorder padding="lg" radius="md" component="section" aria-labelledby="account">
        <Title order={2} size="h4" id="account" mb="sm">
          {t('account.heading')}
        </Title>
        <Stack gap="xs">
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {customerAccount ? t('account.customerAccount') : t('account.staffAccount')}
            </Text>
            {customerAccount ? (
              <Text size="sm" c="dimmed" data-testid="dashboard-customer">
                {t('account.customer')}: {customerName ?? user.customer}
              </Text>
            ) : null}
          </Group>
          <Group gap="xs" data-testid="dashboard-roles">
            <Text size="sm" fw={500}>
              {t('account.roles')}:
            </Text>
            {user.roles.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('account.noRoles')}
              </Text>
            ) : (
              user.roles.map((role) => (
                <Badge key={role} variant="light" tt="none">
                  {role}
                </Badge>
              ))
            )}
          </Group>
        </Stack>
      </Card>

      <section aria-labelledby="areas">
        <Title order={2} size="h4" id="areas" mb="sm">
          {t('areas.heading')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <AreaCard
            testId="area-machines"
            to={machinesHref}
            icon={<MachineIcon />}
            title={t('areas.machines.title')}
            description={t('areas.machines.description')}
            action={t('areas.machines.action')}
          />
          {hasPermission(user, 'module-dguv') ? (
            <AreaCard
              testId="area-dguv"
              to="/dguv"
              icon={<ClipboardIcon />}
              title={t('areas.dguv.title')}
              description={t('areas.dguv.description')}
              action={t('areas.dguv.action')}
            />
          ) : null}
          <AreaCard
            testId="area-orders"
            to="/orders"
            icon={<CartIcon />}
            title={t('areas.orders.title')}
            description={t('areas.orders.description')}
            action={t('areas.orders.action')}
          />
        </SimpleGrid>
      </section>
    </Stack>
  );
}
