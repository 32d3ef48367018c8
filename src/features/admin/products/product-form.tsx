/**
 * Create or edit a shop product in a dialog (full screen on phones). The form validates with
 * the domain's product schema refined by THE kind rule (productKindIssues) — the same rule the
 * server applies — and shows only the fields the chosen kind uses. The price is entered in
 * euros in the UI language's format, read by rules/money, and stored as integer cents.
 */
import { Button, Group, Modal, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { EnumSelect, useSchemaForm } from '@components/forms';
import { snack } from '@components/snacks';
import { FITTING_TYPE, PRODUCTUNITTYPE } from '@domain/schemas/enums';
import { useDecimalSeparator } from '@lib/i18n/decimal';
import { decimalMarkOf, formatMoneyInput, parseMoney, type DecimalMark } from '@domain/rules/money';
import {
  ACCESSORY_TYPE,
  PRODUCT_KIND,
  productWholeSchema,
  sameArticleNumber,
  type Product,
  type ProductKind,
} from '@domain/schemas/product';
import { createProduct, updateProduct, type ProductInput } from './data/product-writes';

interface FormValues extends Record<string, unknown> {
  articleNumber: string;
  name: string;
  kind: string;
  unit: string;
  dn: number | string;
  maxPn: number | string;
  fittingType: string;
  accessory: string;
  /** Euros as typed ('12,50' or '12.50' by language); turned into cents for the schema. */
  priceCents: string;
}

const initial = (p: Product | null, decimal: DecimalMark): FormValues => ({
  articleNumber: p?.articleNumber ?? '',
  name: p?.name ?? '',
  kind: p?.kind ?? '',
  unit: p?.unit ?? '',
  dn: p?.dn ?? '',
  maxPn: p?.maxPn ?? '',
  fittingType: p?.fittingType ?? '',
  accessory: p?.accessory ?? '',
  priceCents: p ? formatMoneyInput(p.priceCents, decimal) : '',
});

const toInput = (decimal: DecimalMark) => (v: FormValues) => {
  const price = parseMoney(v.priceCents, decimal);
  // Unreadable text stays as typed; the form's field rule names what is wrong with it.
  return { ...v, priceCents: price.ok ? price.cents : v.priceCents.trim(), active: true };
};

/** The price's message key, if the typed amount cannot be read. */
const priceRule =
  (decimal: DecimalMark) =>
  (v: FormValues): Record<string, string> => {
    const price = parseMoney(v.priceCents, decimal);
    return price.ok ? {} : { priceCents: price.message };
  };

export interface ProductFormProps {
  /** The product to edit; null creates one. */
  product: Product | null;
  products: readonly Product[];
  onClose: () => void;
}

export function ProductFormModal({ product, products, onClose }: ProductFormProps) {
  const { t, i18n } = useTranslation('products');
  const decimalSeparator = useDecimalSeparator();
  const mark = decimalMarkOf(i18n.language);
  const phone = useMediaQuery('(max-width: 48em)');
  const { form, saving, submit } = useSchemaForm<FormValues>({
    schema: productWholeSchema,
    initialValues: initial(product, mark),
    toInput: toInput(mark),
    fieldRules: priceRule(mark),
    extraErrors: (v): Record<string, string> =>
      products.some(
        (p) => p.id !== product?.id && sameArticleNumber(p.articleNumber ?? '', v.articleNumber),
      )
        ? { articleNumber: t('articleNumberExists') }
        : {},
  });
  const kind = form.values.kind as ProductKind | '';

  // A new kind brings its unit and drops the fields only another kind carries.
  const changeKind = (next: string | null) => {
    form.setFieldValue('kind', next ?? '');
    if (next === 'HOSE') form.setFieldValue('unit', 'METER');
    if (next === 'FITTING') form.setFieldValue('unit', 'PIECE');
    if (next !== 'FITTING') form.setFieldValue('fittingType', '');
    if (next !== 'ACCESSORY') form.setFieldValue('accessory', '');
  };

  const save = submit(async (input) => {
    const { id: _id, active: _active, ...fields } = input;
    if (product) {
      await updateProduct(product, fields as Partial<ProductInput>);
      snack({ text: t('form.saved'), type: 'success' });
    } else {
      await createProduct({ ...(fields as ProductInput), active: true });
      snack({ text: t('form.created'), type: 'success' });
    }
    onClose();
  });

  return (
    <Modal
      opened
      onClose={onClose}
      title={product ? t('form.editTitle') : t('form.createTitle')}
      fullScreen={phone}
      size="lg"
    >
      <form onSubmit={save} noValidate data-testid="product-form">
        <Stack gap="sm">
          <Group grow align="flex-start" wrap="wrap">
            <TextInput
              label={t('fields.articleNumber')}
              required
              miw={160}
              {...form.getInputProps('articleNumber')}
            />
            <Select
              label={t('fields.kind')}
              required
              miw={160}
              data={PRODUCT_KIND.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              {...form.getInputProps('kind')}
              onChange={changeKind}
            />
          </Group>
          <TextInput label={t('fields.name')} required {...form.getInputProps('name')} />
          {kind === 'FITTING' ? (
            <EnumSelect
              enumName="FITTING_TYPE"
              values={FITTING_TYPE}
              label={t('fields.fittingType')}
              required
              {...form.getInputProps('fittingType')}
            />
          ) : null}
          {kind === 'ACCESSORY' ? (
            <Select
              label={t('fields.accessory')}
              required
              data={ACCESSORY_TYPE.map((a) => ({ value: a, label: t(`accessories.${a}`) }))}
              {...form.getInputProps('accessory')}
            />
          ) : null}
          <Group grow align="flex-start" wrap="wrap">
            <NumberInput
              label={t('fields.dn')}
              required={kind === 'HOSE'}
              description={kind === 'FITTING' ? t('form.dnHintFitting') : undefined}
              allowDecimal={false}
              allowNegative={false}
              miw={140}
              {...form.getInputProps('dn')}
            />
            {kind !== 'ACCESSORY' ? (
              <NumberInput
                label={t('fields.maxPn')}
                required={kind === 'HOSE'}
                allowNegative={false}
                decimalSeparator={decimalSeparator}
                miw={140}
                {...form.getInputProps('maxPn')}
              />
            ) : null}
          </Group>
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={t('fields.unit')}
              required
              miw={140}
              data={PRODUCTUNITTYPE.map((u) => ({ value: u, label: t(`units.${u}`) }))}
              {...form.getInputProps('unit')}
            />
            <TextInput
              label={t('fields.priceCents')}
              description={t('form.priceHint')}
              required
              inputMode="decimal"
              miw={140}
              {...form.getInputProps('priceCents')}
            />
          </Group>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={onClose} disabled={saving} mih={44}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={saving} mih={44} data-testid="product-save">
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
