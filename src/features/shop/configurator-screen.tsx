/**
 * `/configurator` (docs/api.md): customer (staff only) and location, the machine the new hose is
 * for, the hose from the catalogue (search, or narrow by DN), left and right fitting with
 * twist angle, protection and rope, and the summary — unit net price, quantity, total net,
 * assembly surcharge. Adding orders the new hose (next position and code of the company's
 * prefix) into the cart of the chosen location: hose and line in one call (data/cart-writes.ts).
 */
import {
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@components/page-header';
import { getDatabase } from '@db/database';
import { newPipeDefaults } from '@db/pipe-code-queries';
import { lineTotalCents } from '@domain/rules/prices';
import { CART_QUANTITY_MAX, CART_QUANTITY_MIN } from '@domain/schemas/shop-requests';
import { uuidv7 } from '@domain/ids';
import { useMoney } from '@lib/i18n/money';
import { useConfigurator, type FittingChoice } from './use-configurator';
import { useOrderPipes } from './use-order-pipes';

export function ConfiguratorScreen() {
  const { t } = useTranslation(['shop', 'routes', 'enums']);
  const money = useMoney();
  const c = useConfigurator();
  const { draft, change } = c;
  const { orderConfigured, busy } = useOrderPipes();
  const [dn, setDn] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const hoses = (c.products ?? []).filter((p) => p.kind === 'HOSE');
  const sizes = [...new Set(hoses.map((h) => h.dn).filter((d): d is number => d !== null))].sort(
    (a, b) => a - b,
  );
  const shown = hoses.filter((h) => dn === null || String(h.dn) === dn);
  const fittings = (c.products ?? []).filter(
    (p) => p.kind === 'FITTING' && p.fittingType && (p.dn === null || p.dn === c.hose?.dn),
  );
  const fittingTypes = [...new Set(fittings.map((f) => f.fittingType as string))].sort();
  const accessory = (kind: 'PROTECTION' | 'ROPE') =>
    (c.products ?? []).some((p) => p.accessory === kind && (p.dn === null || p.dn === c.hose?.dn));

  const add = async () => {
    if (!c.pipe || !c.price?.ok || !draft.machineId || !draft.locationId) return;
    setFailed(false);
    try {
      const defaults = await newPipeDefaults(getDatabase(), draft.machineId);
      const now = new Date().toISOString();
      const pipe = {
        ...c.pipe,
        id: uuidv7(),
        createdAt: now,
        updatedAt: now,
        position: defaults.position,
        code: defaults.code,
      };
      const added = await orderConfigured(pipe, {
        quantity: draft.quantity,
        locationId: draft.locationId,
      });
      if (added === 0) setFailed(true);
    } catch {
      setFailed(true);
    }
  };

  const fittingFields = (side: 'left' | 'right', value: FittingChoice) => (
    <Stack gap="xs">
      <Select
        label={t(`configurator.${side}`)}
        data={fittingTypes.map((type) => ({
          value: type,
          label: t(`enums:FITTING_TYPE.${type}`, { defaultValue: type }),
        }))}
        value={value.type}
        onChange={(v) => change({ [side]: { ...value, type: v } })}
        disabled={!c.hose}
        allowDeselect={false}
      />
      <NumberInput
        label={t('configurator.twist')}
        value={value.twistAngle}
        min={0}
        max={360}
        allowDecimal={false}
        clampBehavior="strict"
        suffix="°"
        onChange={(v) => change({ [side]: { ...value, twistAngle: Number(v) || 0 } })}
      />
    </Stack>
  );

  const unit = c.price?.ok ? c.price.line.unitNetCents : null;
  return (
    <>
      <PageHeader title={t('routes:configurator')} />
      <Stack gap="md" maw={900}>
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            {t('configurator.where')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {c.isCustomer ? null : (
              <Select
                label={t('configurator.customer')}
                searchable
                data={(c.companies ?? []).map((co) => ({ value: co.id, label: co.name }))}
                value={draft.companyId}
                onChange={(v) => change({ companyId: v, locationId: null, machineId: null })}
                withAsterisk
              />
            )}
            <Select
              label={t('configurator.location')}
              data={(c.locations ?? []).map((l) => ({
                value: l.id,
                // Two locations may share a street: the addition (hall, plant) tells them apart.
                label: [
                  l.addition,
                  `${l.street} ${l.houseNumber ?? ''}`.trim(),
                  `${l.zip} ${l.city}`,
                ]
                  .filter(Boolean)
                  .join(', '),
              }))}
              value={draft.locationId}
              onChange={(v) => change({ locationId: v, machineId: null })}
              disabled={!draft.companyId}
              withAsterisk
            />
            <Select
              label={t('configurator.machine')}
              data={(c.machines ?? []).map((m) => ({
                value: m.id,
                label: [m.internalId, m.machineType].filter(Boolean).join(' · '),
              }))}
              value={draft.machineId}
              withAsterisk
              onChange={(v) => change({ machineId: v })}
              disabled={!draft.locationId}
              nothingFoundMessage={t('configurator.noMachine')}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            {t('configurator.hose')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Select
              label={t('configurator.dn')}
              data={sizes.map((s) => ({ value: String(s), label: `DN ${s}` }))}
              value={dn}
              onChange={setDn}
              clearable
            />
            <Select
              label={t('configurator.search')}
              searchable
              data={shown.map((h) => ({ value: h.id, label: h.name }))}
              value={draft.hoseId}
              onChange={(v) =>
                change({
                  hoseId: v,
                  left: { type: null, twistAngle: 0 },
                  right: { type: null, twistAngle: 0 },
                })
              }
              nothingFoundMessage={t('errors.noMatchingHose')}
            />
            <NumberInput
              label={t('configurator.length')}
              value={draft.lengthMm ?? ''}
              min={1}
              allowDecimal={false}
              suffix=" mm"
              onChange={(v) => change({ lengthMm: v === '' ? null : Number(v) })}
            />
          </SimpleGrid>
        </Paper>
        <Paper withBorder p="md">
          <Title order={3} size="h4" mb="sm">
            {t('configurator.fittings')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {fittingFields('left', draft.left)}
            {fittingFields('right', draft.right)}
          </SimpleGrid>
          <Group mt="md" gap="lg">
            <Checkbox
              size="md"
              label={t('configurator.protection')}
              checked={draft.withProtection}
              disabled={!accessory('PROTECTION')}
              onChange={(e) => change({ withProtection: e.currentTarget.checked })}
            />
            <Checkbox
              size="md"
              label={t('configurator.rope')}
              checked={draft.withRope}
              disabled={!accessory('ROPE')}
              onChange={(e) => change({ withRope: e.currentTarget.checked })}
            />
          </Group>
        </Paper>
        <Paper withBorder p="md" data-testid="configurator-summary">
          <Title order={3} size="h4" mb="sm">
            {t('configurator.summary')}
          </Title>
          {c.price && !c.price.ok ? (
            <Text c="red" role="alert">
              {t('errors.noMatchingHose')}
            </Text>
          ) : null}
          <Group justify="space-between" align="flex-end" wrap="wrap">
            <Stack gap={2}>
              <Text>
                {t('line.unitNet')}: <b>{unit === null ? '—' : money(unit)}</b>
              </Text>
              <Text size="sm" c="dimmed">
                {t('line.surcharge')}:{' '}
                {c.price?.ok ? money(c.price.line.assemblySurchargeCents) : '—'}
              </Text>
              <Text fw={700} data-testid="configurator-total">
                {t('line.totalNet')}:{' '}
                {unit === null ? '—' : money(lineTotalCents(unit, draft.quantity))} ·{' '}
                {t('cart.exclVat')}
              </Text>
            </Stack>
            <NumberInput
              label={t('line.quantity')}
              w={120}
              value={draft.quantity}
              min={CART_QUANTITY_MIN}
              max={CART_QUANTITY_MAX}
              allowDecimal={false}
              clampBehavior="strict"
              onChange={(v) =>
                change({ quantity: Math.max(CART_QUANTITY_MIN, Number(v) || CART_QUANTITY_MIN) })
              }
            />
            <Button
              size="md"
              loading={busy}
              disabled={!c.price?.ok || !draft.machineId}
              onClick={() => void add()}
              data-testid="configurator-add"
            >
              {t('configurator.add')}
            </Button>
          </Group>
          {!draft.machineId ? (
            <Text c="dimmed" size="sm" mt="sm" data-testid="configurator-missing">
              {t('configurator.chooseFirst')}
            </Text>
          ) : null}
          {failed ? (
            <Text c="red" role="alert" mt="sm">
              {t('configurator.createFailed')}
            </Text>
          ) : null}
        </Paper>
      </Stack>
    </>
  );
}
