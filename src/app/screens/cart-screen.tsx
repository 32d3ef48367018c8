/**
 * /cart without a selected customer (with one, the guard has already moved on to that
 * customer's cart): the cart needs a customer and location first (docs/api.md).
 */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CartIcon } from '@components/icons';
import { StatusPanel } from '@components/status-panel';
import { SELECT_CUSTOMER_PATH } from '../layouts/nav-items';

export function CartScreen() {
  const { t } = useTranslation(['errors', 'routes']);
  return (
    <StatusPanel
      eyebrow={t('routes:cart')}
      title={t('errors:customerRequired.title')}
      message={t('errors:customerRequired.message')}
      icon={<CartIcon size={28} />}
      color="blue"
      actions={
        <Button component={Link} to={SELECT_CUSTOMER_PATH}>
          {t('errors:customerRequired.action')}
        </Button>
      }
    />
  );
}
