/** The customer's apps (docs/architecture.md dashboard): machines, hoses, orders and cart. */
import { Button, Card, SimpleGrid, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CartIcon, ClipboardIcon, MachineIcon, WrenchIcon } from '@components/icons';

export function AppsCard({ customerId }: { customerId: string }) {
  const { t } = useTranslation('customers');
  const base = `/customer/${customerId}`;
  const apps: { key: string; to: string; label: string; icon: ReactNode }[] = [
    {
      key: 'machines',
      to: `${base}/machine`,
      label: t('dashboard.machines'),
      icon: <MachineIcon />,
    },
    { key: 'pipes', to: `${base}/pipes`, label: t('dashboard.pipes'), icon: <WrenchIcon /> },
    { key: 'orders', to: `${base}/orders`, label: t('dashboard.orders'), icon: <ClipboardIcon /> },
    { key: 'cart', to: `${base}/cart`, label: t('dashboard.cart'), icon: <CartIcon /> },
  ];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="customer-apps">
      <Title order={3} size="h4" id="customer-apps" mb="sm">
        {t('dashboard.apps')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        {apps.map((app) => (
          <Button
            key={app.key}
            component={Link}
            to={app.to}
            variant="light"
            leftSection={app.icon}
            justify="flex-start"
            data-testid={`customer-app-${app.key}`}
          >
            {app.label}
          </Button>
        ))}
      </SimpleGrid>
    </Card>
  );
}
