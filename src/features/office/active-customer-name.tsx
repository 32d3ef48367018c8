/**
 * The active customer named in the app shell: in the header (tablets and desktops) as a link
 * to the customer selection, and under the menu's "Select customer" entry (phones see it
 * there). Nothing while no customer is selected. Loaded after the first paint.
 */
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRow } from '@db/hooks';
import { useSelectionStore } from '@lib/selection/selection-store';

function useActiveCustomerName(): string | null {
  const customerId = useSelectionStore((s) => s.customerId);
  const company = useRow('company', customerId);
  if (!customerId) return null;
  return company?.name ?? null;
}

export function HeaderActiveCustomer() {
  const { t } = useTranslation('shell');
  const name = useActiveCustomerName();
  if (!name) return null;
  return (
    <Anchor
      component={Link}
      to="/customer/select"
      size="sm"
      c="inherit"
      truncate="end"
      maw={280}
      style={{ minWidth: 0 }}
      title={t('activeCustomerChange', { customer: name })}
      data-testid="header-active-customer"
    >
      {t('activeCustomer', { customer: name })}
    </Anchor>
  );
}

export function NavActiveCustomer() {
  const name = useActiveCustomerName();
  if (!name) return null;
  return (
    <Text size="xs" c="dimmed" truncate="end" data-testid="nav-active-customer">
      {name}
    </Text>
  );
}
