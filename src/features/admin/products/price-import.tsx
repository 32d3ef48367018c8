/**
 * The price list import: the chosen CSV is read on the device and shown as a
 * preview — counts of new, changed, unchanged and invalid lines, each changed price old → new,
 * each invalid line with its reasons — and only "apply" writes, through data/product-writes.ts.
 */
import { Alert, Badge, Button, Checkbox, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { snack } from '@components/snacks';
import type { Product } from '@domain/schemas/product';
import { ApplyError, applyPriceLines } from './data/product-writes';
import { decimalMarkOf } from '@domain/rules/money';
import { countByStatus, previewPriceList, type PreviewLine, type PricePreview } from './price-list';
import { useMoney } from '@lib/i18n/money';

const STATUS_COLOR = { new: 'blue', changed: 'orange', unchanged: 'gray', invalid: 'red' } as const;

export interface PriceImportProps {
  /** The file's text and name. */
  file: { name: string; text: string };
  products: readonly Product[];
  onClose: () => void;
}

export function PriceImportModal({ file, products, onClose }: PriceImportProps) {
  const { t, i18n } = useTranslation('products');
  const phone = useMediaQuery('(max-width: 48em)');
  // Read once on open: the preview must not shift while the clerk looks at it.
  const [preview] = useState<PricePreview>(() =>
    previewPriceList(file.text, products, decimalMarkOf(i18n.language)),
  );
  const [showUnchanged, setShowUnchanged] = useState(false);
  const [busy, setBusy] = useState(false);

  const apply = async (lines: readonly PreviewLine[], total: number) => {
    setBusy(true);
    try {
      const done = await applyPriceLines(lines);
      snack({ text: t('import.applied', { count: done }), type: 'success' });
      onClose();
    } catch (err) {
      const done = err instanceof ApplyError ? err.done : 0;
      snack({ text: t('import.failed', { done, total }), type: 'error' });
      setBusy(false);
    }
  };

  let body;
  if (!preview.ok) {
    body = (
      <Alert color="red" role="alert">
        {t(preview.message as never, { columns: preview.columns?.join(', ') ?? '' })}
      </Alert>
    );
  } else {
    const counts = countByStatus(preview.lines);
    const writes = counts.new + counts.changed;
    const shown = preview.lines.filter((l) => showUnchanged || l.status !== 'unchanged');
    body = (
      <Stack gap="sm">
        <Group gap="xs" data-testid="import-summary">
          {(['new', 'changed', 'unchanged', 'invalid'] as const).map((s) => (
            <Badge key={s} color={STATUS_COLOR[s]} variant="light" size="lg">
              {counts[s]} {t(`import.summary.${s}`)}
            </Badge>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          {writes === 0 ? t('import.nothing') : null}{' '}
          {counts.invalid > 0 ? t('import.invalidSkipped') : null}
        </Text>
        <Checkbox
          label={t('import.showUnchanged')}
          checked={showUnchanged}
          onChange={(e) => setShowUnchanged(e.currentTarget.checked)}
        />
        <Table.ScrollContainer minWidth={320}>
          <Table striped verticalSpacing="xs" data-testid="import-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('import.line')}</Table.Th>
                <Table.Th>{t('columns.articleNumber')}</Table.Th>
                <Table.Th>{t('import.what')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {shown.map((line) => (
                <LineRow key={line.line} line={line} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy} mih={44}>
            {t('import.cancel')}
          </Button>
          <Button
            onClick={() => void apply(preview.lines, writes)}
            disabled={writes === 0}
            loading={busy}
            mih={44}
            data-testid="import-apply"
          >
            {t('import.apply', { count: writes })}
          </Button>
        </Group>
      </Stack>
    );
  }
  return (
    <Modal
      opened
      onClose={onClose}
      title={`${t('import.title')}: ${file.name}`}
      size="xl"
      fullScreen={phone}
    >
      {body}
    </Modal>
  );
}

function LineRow({ line }: { line: PreviewLine }) {
  const { t } = useTranslation(['products', 'validation']);
  const euro = useMoney();
  const number =
    line.status === 'invalid'
      ? line.articleNumber
      : line.status === 'unchanged'
        ? line.product.articleNumber
        : line.values.articleNumber;
  let what: string;
  if (line.status === 'new') what = t('import.newProduct', { price: euro(line.values.priceCents) });
  else if (line.status === 'unchanged') what = t('import.summary.unchanged');
  else if (line.status === 'invalid')
    what = line.issues
      .map((i) => `${t(`fields.${i.field}` as never)}: ${t(i.message as never)}`)
      .join(' · ');
  else {
    const parts: string[] = [];
    const { priceCents, ...others } = line.changes;
    if (priceCents !== undefined)
      parts.push(
        t('import.priceChange', { from: euro(line.product.priceCents), to: euro(priceCents) }),
      );
    const fields = Object.keys(others).map((f) => t(`fields.${f}` as never));
    if (fields.length > 0) parts.push(t('import.otherChanges', { fields: fields.join(', ') }));
    what = parts.join(' · ');
  }
  return (
    <Table.Tr data-status={line.status}>
      <Table.Td>{line.line}</Table.Td>
      <Table.Td style={{ overflowWrap: 'break-word' }}>{number}</Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLOR[line.status]} variant="light" mr="xs">
          {t(`import.summary.${line.status}`)}
        </Badge>
        <Text span size="sm">
          {what}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
