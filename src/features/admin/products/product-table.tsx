/**
 * The product list: a table on desktops, cards on phones (390 px), each with edit and
 * deactivate / activate. Deactivating asks first: the product leaves the configurator and
 * pricing (server: activeProducts; device: productsFor) but stays for old orders.
 */
import { Badge, Box, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirm } from '@components/confirm';
import { snack } from '@components/snacks';
import type { Product } from '@domain/schemas/product';
import { setProductActive } from './data/product-writes';
import { useMoney } from '@lib/i18n/money';
import { useProductDetails } from './product-format';

interface TableProps {
  products: readonly Product[];
  onEdit: (p: Product) => void;
}

function useToggle() {
  const { t } = useTranslation('products');
  return async (p: Product) => {
    if (p.active) {
      const ok = await confirm({
        title: t('deactivate.title'),
        message: t('deactivate.message', { name: p.name }),
        confirmText: t('deactivate.confirm'),
        color: 'red',
      });
      if (!ok) return;
    }
    try {
      await setProductActive(p, !p.active);
      snack({ text: p.active ? t('deactivate.done') : t('activate.done'), type: 'success' });
    } catch {
      snack({ text: t('saveFailed'), type: 'error' });
    }
  };
}

function Actions({ p, onEdit }: { p: Product; onEdit: (p: Product) => void }) {
  const { t } = useTranslation('products');
  const toggle = useToggle();
  return (
    <Group gap="xs">
      <Button
        variant="light"
        size="sm"
        mih={44}
        onClick={() => onEdit(p)}
        aria-label={t('edit', { name: p.name })}
      >
        {t('editButton')}
      </Button>
      <Button
        variant="subtle"
        color={p.active ? 'red' : 'green'}
        size="sm"
        mih={44}
        onClick={() => void toggle(p)}
        aria-label={
          p.active ? t('deactivate.label', { name: p.name }) : t('activate.label', { name: p.name })
        }
        data-testid={`product-toggle-${p.articleNumber}`}
      >
        {p.active ? t('deactivate.button') : t('activate.button')}
      </Button>
    </Group>
  );
}

function StateBadge({ p }: { p: Product }) {
  const { t } = useTranslation('products');
  return (
    <Badge
      color={p.active ? 'green' : 'gray'}
      variant="light"
      styles={{ root: { overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {p.active ? t('state.active') : t('state.inactive')}
    </Badge>
  );
}

export function ProductTable({ products, onEdit }: TableProps) {
  const { t } = useTranslation('products');
  const euro = useMoney();
  const details = useProductDetails();
  return (
    <>
      <Box visibleFrom="md">
        <Table.ScrollContainer minWidth={760} type="native">
          <Table striped highlightOnHover verticalSpacing="xs" data-testid="product-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.articleNumber')}</Table.Th>
                <Table.Th>{t('columns.name')}</Table.Th>
                <Table.Th>{t('columns.kind')}</Table.Th>
                <Table.Th>{t('columns.details')}</Table.Th>
                <Table.Th ta="right">{t('columns.price')}</Table.Th>
                <Table.Th>{t('columns.state')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {products.map((p) => (
                <Table.Tr key={p.id} data-testid={`product-row-${p.articleNumber}`}>
                  <Table.Td ff="monospace">{p.articleNumber}</Table.Td>
                  <Table.Td>{p.name}</Table.Td>
                  <Table.Td>{t(`kinds.${p.kind}`)}</Table.Td>
                  <Table.Td>{details(p)}</Table.Td>
                  <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                    {euro(p.priceCents)} {t(`perUnit.${p.unit}`)}
                  </Table.Td>
                  <Table.Td>
                    <StateBadge p={p} />
                  </Table.Td>
                  <Table.Td>
                    <Actions p={p} onEdit={onEdit} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
      <Stack gap="sm" hiddenFrom="md" data-testid="product-cards">
        {products.map((p) => (
          <Card key={p.id} withBorder padding="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'break-word' }}>
                  {p.name}
                </Text>
                <Text size="sm" c="dimmed" ff="monospace">
                  {p.articleNumber} · {t(`kinds.${p.kind}`)}
                </Text>
                <Text size="sm">{details(p)}</Text>
              </Stack>
              <StateBadge p={p} />
            </Group>
            <Group justify="space-between" mt="xs" wrap="wrap">
              <Text fw={600}>
                {euro(p.priceCents)} {t(`perUnit.${p.unit}`)}
              </Text>
              <Actions p={p} onEdit={onEdit} />
            </Group>
          </Card>
        ))}
      </Stack>
    </>
  );
}
