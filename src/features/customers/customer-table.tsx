/** The rows of the customer list: name, number, main city, machine count, select action. */
import { Anchor, Badge, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { CustomerSummary } from './data/customer-summaries';
import { useSelectionStore } from '@lib/selection/selection-store';

export function CustomerTable({ rows }: { rows: readonly CustomerSummary[] }) {
  const { t } = useTranslation(['customers', 'forms']);
  const navigate = useNavigate();
  const { customerId: selected, selectCustomer } = useSelectionStore();
  const open = (id: string) => void navigate(`/customer/${id}`);

  return (
    <Table.ScrollContainer minWidth={0}>
      <Table highlightOnHover verticalSpacing="sm" data-testid="customer-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.columns.name')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('list.columns.number')}</Table.Th>
            <Table.Th visibleFrom="sm">{t('list.columns.city')}</Table.Th>
            <Table.Th ta="right">{t('list.columns.machines')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('list.columns.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map(({ company, city, machineCount }) => (
            <Table.Tr
              key={company.id}
              onClick={() => open(company.id)}
              style={{ cursor: 'pointer' }}
              data-testid="customer-row"
            >
              <Table.Td>
                <Anchor
                  component={Link}
                  to={`/customer/${company.id}`}
                  fw={500}
                  onClick={(e) => e.stopPropagation()}
                >
                  {company.name}
                </Anchor>
                {/* Phones: number and city under the name instead of their own columns. */}
                <Text size="xs" c="dimmed" hiddenFrom="sm">
                  {[company.customerNumber, city].filter(Boolean).join(' · ')}
                </Text>
              </Table.Td>
              <Table.Td visibleFrom="sm">{company.customerNumber ?? t('forms:none')}</Table.Td>
              <Table.Td visibleFrom="sm">{city ?? t('forms:none')}</Table.Td>
              <Table.Td ta="right">{machineCount}</Table.Td>
              <Table.Td ta="right">
                {selected === company.id ? (
                  <Badge variant="light">{t('list.active')}</Badge>
                ) : (
                  <Button
                    size="xs"
                    variant="light"
                    aria-label={t('list.selectName', { name: company.name })}
                    onClick={(e) => {
                      e.stopPropagation();
                      selectCustomer(company.id);
                      open(company.id);
                    }}
                  >
                    {t('list.select')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
