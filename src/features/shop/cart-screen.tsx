/**
 * `/customer/:customerId/cart` (docs/api.md): the customer's open carts, one per
 * location, from the device — so it works offline; every change goes through the outbox.
 */
import { Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { CartIcon } from '@components/icons';
import { PageHeader } from '@components/page-header';
import { StatusPanel } from '@components/status-panel';
import { useRow } from '@db/hooks';
import { CartSection } from './cart-section';
import { useCarts } from './data/cart-data';

export function CustomerCartScreen() {
  const { t } = useTranslation(['shop', 'routes']);
  const { customerId = '' } = useParams();
  const company = useRow('company', customerId);
  const carts = useCarts(customerId);
  const filled = carts?.filter((c) => c.lines.length > 0);

  return (
    <>
      <PageHeader title={t('cart.title')} subtitle={company?.name} />
      {filled === undefined ? (
        <Center py="xl" aria-busy="true">
          <Group gap="sm">
            <Loader size="sm" />
            <Text c="dimmed">{t('cart.loading')}</Text>
          </Group>
        </Center>
      ) : filled.length === 0 ? (
        <StatusPanel
          title={t('cart.empty')}
          message={t('cart.emptyHint')}
          icon={<CartIcon size={28} />}
          color="blue"
          actions={
            <>
              <Button component={Link} to="/configurator">
                {t('cart.toConfigurator')}
              </Button>
              <Button component={Link} to={`/customer/${customerId}/pipes`} variant="default">
                {t('cart.toHoses')}
              </Button>
            </>
          }
        />
      ) : (
        <Stack gap="lg">
          {filled.map((view) => (
            <CartSection key={view.order.id} view={view} />
          ))}
        </Stack>
      )}
    </>
  );
}
