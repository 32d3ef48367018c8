/**
 * The start screen's line for staff with a customer selected: which customer is active, the
 * way back to all customers and the office's work list one tap away. A customer still selected
 * from an earlier day (the selection cookie outlives the day) is said as such, with a button
 * to keep it for today.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useRow } from '@db/hooks';
import { isCarriedOver, useSelectionStore } from '@lib/selection/selection-store';

export function ActiveCustomerBar({ workListHref }: { workListHref: string }) {
  const { t } = useTranslation('office');
  const selection = useSelectionStore();
  const company = useRow('company', selection.customerId);
  if (!selection.customerId) return null;
  // Until the row is read (or if it is not on the device) the bar still offers the way out.
  const customer = company?.name ?? '…';
  const carriedOver = isCarriedOver(selection);
  return (
    <Alert
      color={carriedOver ? 'yellow' : 'blue'}
      variant="light"
      data-testid="active-customer"
      mb="md"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text fw={500} style={{ overflowWrap: 'anywhere', flex: '1 1 240px' }}>
          {carriedOver ? t('active.carriedOver', { customer }) : t('active.label', { customer })}
        </Text>
        <Group gap="xs" wrap="wrap">
          {carriedOver ? (
            <Button
              variant="default"
              mih={44}
              onClick={() => selection.selectCustomer(selection.customerId, selection.locationId)}
              data-testid="active-customer-confirm"
            >
              {t('active.confirm')}
            </Button>
          ) : null}
          <Button
            variant="default"
            mih={44}
            onClick={() => selection.selectCustomer(null)}
            data-testid="active-customer-all"
          >
            {t('active.all')}
          </Button>
          <Button component={Link} to={workListHref} mih={44} data-testid="active-customer-work">
            {t('active.workList')}
          </Button>
        </Group>
      </Group>
    </Alert>
  );
}
