/**
 * Checkout (`/cart/checkout/{orderId}`, no sidebar; docs/architecture.md: an unknown id goes to /cart):
 * the cart's lines and net total "excl. VAT" beside the submit form. Submitting queues
 * `POST /shop/submit/{id}` through the outbox, so it works offline; the order then shows
 * "will be sent when you are online" until the server answers (a customer's order awaits
 * approval, staff's is ready at once — docs/architecture.md).
 */
import {
  Alert,
  Box,
  Button,
  Center,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { PageHeader } from '@components/page-header';
import { snack } from '@components/snacks';
import type { OrderSubmitBody } from '@domain/schemas/shop-requests';
import { isBrowserOnline } from '@lib/network/use-online-status';
import { submitOrder } from './data/order-writes';
import { useOrderDetail, type OrderDetail } from './data/order-queries';
import { CheckoutForm } from './checkout-form';
import { OrderLinesList } from './order-lines-list';
import { useOrderActor } from './use-order-actor';

export function CheckoutScreen() {
  const { orderId = '' } = useParams();
  const detail = useOrderDetail(orderId);
  if (detail === undefined) {
    return (
      <Center py="xl" role="status">
        <Loader size="sm" />
      </Center>
    );
  }
  if (detail === null) return <Navigate to="/cart" replace />;
  return <Checkout detail={detail} />;
}

function Checkout({ detail }: { detail: OrderDetail }) {
  const { t } = useTranslation('orders');
  const navigate = useNavigate();
  const actor = useOrderActor();
  const { order } = detail;
  const detailPath = `/orders/${order.id}`;

  if (order.state !== 'NEW' || detail.submitQueued) {
    return (
      <Stack gap="md" maw={640} mx="auto">
        <PageHeader title={t('checkout.title')} />
        <Alert color="blue">{t('checkout.notCart')}</Alert>
        <Button component={Link} to={detailPath} variant="light">
          {t('list.open_detail')}
        </Button>
      </Stack>
    );
  }

  const submit = async (body: OrderSubmitBody) => {
    try {
      await submitOrder(order.id, body);
    } catch {
      snack({ type: 'error', text: t('checkout.failed') });
      return;
    }
    const online = isBrowserOnline();
    snack({
      type: online ? 'success' : 'info',
      text: t(online ? 'checkout.submitted' : 'checkout.submittedOffline'),
    });
    void navigate(detailPath, { replace: true });
  };

  const cartPath = `/customer/${encodeURIComponent(order.companyId)}/cart`;
  return (
    <Stack gap="md" maw={1100} mx="auto" data-testid="checkout">
      <PageHeader
        title={t('checkout.title')}
        subtitle={actor.isCustomer ? t('checkout.approvalNote') : detail.companyName}
        back={{ to: cartPath, label: t('checkout.backToCart') }}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Box>
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={3} size="h4">
                {t('checkout.summary')}
              </Title>
              {detail.items.length === 0 ? (
                <Text c="dimmed">{t('checkout.emptyCart')}</Text>
              ) : (
                <OrderLinesList items={detail.items} totalNetCents={detail.totalNetCents} />
              )}
            </Stack>
          </Paper>
        </Box>
        <Box>
          <Paper withBorder p="md">
            <CheckoutForm
              locations={detail.locations}
              contacts={detail.contacts}
              cartLocationId={order.locationId}
              onSubmit={submit}
            />
          </Paper>
        </Box>
      </SimpleGrid>
    </Stack>
  );
}
