/**
 * /admin/shop/product-list (admin-shop): the shop's products with search and a kind filter,
 * create and edit in a dialog, deactivate (asks first) and reactivate, and the price list as
 * CSV — export, and import with a preview before anything changes.
 */
import {
  Button,
  Checkbox,
  FileButton,
  Group,
  ScrollArea,
  SegmentedControl,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListState } from '@components/list-state';
import { PageHeader } from '@components/page-header';
import { ShowMore } from '@components/show-more';
import { snack } from '@components/snacks';
import { PRODUCT_KIND, type Product, type ProductKind } from '@domain/schemas/product';
import { useProducts } from './data/products';
import { exportPriceList } from './price-list';
import { decimalMarkOf } from '@domain/rules/money';
import { PriceImportModal } from './price-import';
import { ProductFormModal } from './product-form';
import { ProductTable } from './product-table';

type KindFilter = ProductKind | 'ALL';

export function matchesSearch(p: Product, query: string): boolean {
  const q = query.trim().toLowerCase();
  return (
    !q || p.name.toLowerCase().includes(q) || (p.articleNumber ?? '').toLowerCase().includes(q)
  );
}

/** The file as UTF-8 text (FileReader: also where Blob.text() is missing). */
function readText(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(file, 'utf-8');
  });
}

export function ProductListScreen() {
  const { t, i18n } = useTranslation('products');
  const phone = useMediaQuery('(max-width: 36em)');
  const products = useProducts();
  const [query, setQuery] = useState('');
  const [kind, setKind] = useState<KindFilter>('ALL');
  const [showInactive, setShowInactive] = useState(false);
  const [editing, setEditing] = useState<Product | 'new' | null>(null);
  const [file, setFile] = useState<{ name: string; text: string } | null>(null);

  const rows = useMemo(
    () =>
      products
        ?.filter(
          (p) =>
            (kind === 'ALL' || p.kind === kind) &&
            (showInactive || p.active) &&
            matchesSearch(p, query),
        )
        .sort((a, b) => (a.articleNumber ?? '').localeCompare(b.articleNumber ?? '', 'de')),
    [products, kind, showInactive, query],
  );

  const download = () => {
    if (!products) return;
    const blob = new Blob([exportPriceList(products, decimalMarkOf(i18n.language))], {
      type: 'text/csv;charset=utf-8',
    });
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = `${t('export.fileName')}-${new Date().toISOString().slice(0, 10)}.csv`;
    a.click();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const read = async (picked: File | null) => {
    if (!picked) return;
    try {
      setFile({ name: picked.name, text: await readText(picked) });
    } catch {
      snack({ text: t('import.unreadable'), type: 'error' });
    }
  };

  return (
    <Stack gap="md">
      <PageHeader
        title={t('title')}
        subtitle={t('subtitle')}
        actions={
          <Button onClick={() => setEditing('new')} mih={44} data-testid="product-new">
            {t('new')}
          </Button>
        }
      />
      <Group gap="xs" wrap="wrap">
        <Button variant="light" onClick={download} disabled={!products?.length} mih={44}>
          {t('export.button')}
        </Button>
        <FileButton onChange={(f) => void read(f)} accept=".csv,text/csv,text/plain">
          {(props) => (
            <Button variant="light" mih={44} {...props} data-testid="price-import">
              {t('import.button')}
            </Button>
          )}
        </FileButton>
      </Group>
      <Text size="sm" c="dimmed">
        {t('import.help')}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label={t('search')}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
        />
        <Stack gap={4} maw="100%" style={{ minWidth: 0 }}>
          <Text size="sm" fw={500} id="kind-filter">
            {t('kindFilter')}
          </Text>
          {/* Four long French labels do not fit a phone: stacked there, side by side above. */}
          <ScrollArea type="never" maw="100%">
            <SegmentedControl
              orientation={phone ? 'vertical' : 'horizontal'}
              fullWidth={phone}
              aria-labelledby="kind-filter"
              value={kind}
              onChange={(v) => setKind(v as KindFilter)}
              data={[
                { value: 'ALL', label: t('allKinds') },
                ...PRODUCT_KIND.map((k) => ({ value: k, label: t(`kinds.${k}`) })),
              ]}
            />
          </ScrollArea>
        </Stack>
      </Group>
      <Group justify="space-between">
        <Checkbox
          label={t('showInactive')}
          checked={showInactive}
          onChange={(e) => setShowInactive(e.currentTarget.checked)}
        />
        {rows ? (
          <Text size="sm" c="dimmed" data-testid="product-count">
            {t('count', { count: rows.length })}
          </Text>
        ) : null}
      </Group>
      <ListState rows={rows} filtered={Boolean(products?.length)} emptyText={t('empty')}>
        {(list) => (
          <ShowMore resetKey={`${kind}|${String(showInactive)}|${query}`} rows={list}>
            {(shown) => <ProductTable products={shown} onEdit={(p) => setEditing(p)} />}
          </ShowMore>
        )}
      </ListState>
      {editing && products ? (
        <ProductFormModal
          product={editing === 'new' ? null : editing}
          products={products}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {file && products ? (
        <PriceImportModal file={file} products={products} onClose={() => setFile(null)} />
      ) : null}
    </Stack>
  );
}
