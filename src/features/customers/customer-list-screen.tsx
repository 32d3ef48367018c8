/**
 * `/customer` (ui-admininstrator): every customer on this device, searched as you type by
 * name or customer number. A row opens the customer's dashboard; "select" makes it the active
 * customer (kept in the selection cookie).
 */
import { Button, Group, Text, TextInput } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListState } from '@components/list-state';
import { PageHeader } from '@components/page-header';
import { useCustomerSummaries } from './data/customer-summaries';
import { useCanEdit } from '@lib/auth';
import { CustomerTable } from './customer-table';
import { searchCustomers } from './customer-search';

export function CustomerListScreen() {
  const { t } = useTranslation(['customers', 'routes']);
  const canEdit = useCanEdit();
  const rows = useCustomerSummaries();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const shown = rows ? searchCustomers(rows, deferred) : undefined;

  return (
    <>
      <PageHeader
        title={t('routes:customers')}
        subtitle={rows ? t('list.count', { count: rows.length }) : null}
        actions={
          canEdit ? (
            <Button component={Link} to="/customer/create" data-testid="customer-create">
              {t('list.create')}
            </Button>
          ) : null
        }
      />
      <Group mb="md">
        <TextInput
          type="search"
          label={t('list.search')}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          w={{ base: '100%', sm: 420 }}
          data-testid="customer-search"
        />
      </Group>
      <ListState
        rows={shown}
        filtered={deferred.trim() !== ''}
        emptyText={t('list.empty')}
        createHref={canEdit ? '/customer/create' : undefined}
        createLabel={t('list.createFirst')}
      >
        {(list) => <CustomerTable rows={list} />}
      </ListState>
      {shown && rows && shown.length !== rows.length && shown.length > 0 ? (
        <Text size="sm" c="dimmed" mt="xs">
          {t('list.count', { count: shown.length })}
        </Text>
      ) : null}
    </>
  );
}
