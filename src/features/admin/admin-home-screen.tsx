/** `/admin`: one tile per administration area the signed-in user may open (docs/architecture.md, docs/operations.md). */
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@components/page-header';
import { hasPermission, type Permission } from '@domain/rules/permissions';
import { useAuthStore } from '@lib/auth';

interface Tile {
  to: string;
  permission: Permission;
  title:
    | 'routes:adminUsers'
    | 'routes:adminManufacturers'
    | 'routes:adminProducts'
    | 'admin:home.ordersTitle'
    | 'admin:home.settingsTitle';
  text:
    | 'admin:home.users'
    | 'admin:home.manufacturers'
    | 'admin:home.products'
    | 'admin:home.orders'
    | 'admin:home.settings';
}

export const ADMIN_TILES: readonly Tile[] = [
  {
    to: '/admin/user',
    permission: 'has-admin-permission',
    title: 'routes:adminUsers',
    text: 'admin:home.users',
  },
  {
    to: '/admin/manufacturer',
    permission: 'has-admin-permission',
    title: 'routes:adminManufacturers',
    text: 'admin:home.manufacturers',
  },
  {
    to: '/admin/shop/product-list',
    permission: 'admin-shop',
    title: 'routes:adminProducts',
    text: 'admin:home.products',
  },
  {
    to: '/orders?queue=approve',
    permission: 'admin-shop',
    title: 'admin:home.ordersTitle',
    text: 'admin:home.orders',
  },
  {
    to: '/settings',
    permission: 'can-edit',
    title: 'admin:home.settingsTitle',
    text: 'admin:home.settings',
  },
];

export function AdminHomeScreen() {
  const { t } = useTranslation(['admin', 'routes']);
  const user = useAuthStore((s) => s.user);
  const tiles = ADMIN_TILES.filter((tile) => hasPermission(user, tile.permission));
  return (
    <>
      <PageHeader title={t('routes:admin')} subtitle={t('home.intro')} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {tiles.map((tile) => (
          <Card
            key={tile.to}
            component={Link}
            to={tile.to}
            withBorder
            radius="md"
            padding="lg"
            data-testid="admin-tile"
          >
            <Title order={3} size="h4" mb={4}>
              {t(tile.title)}
            </Title>
            <Text size="sm" c="dimmed">
              {t(tile.text)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
