/**
 * Company data and hose settings of the service company (the `settings` singleton, synced):
 * letterhead, hose code prefix (rules/hose-code) and whether a swapped-in assembly keeps its
 * predecessor's code, assembly surcharge and the DGUV intervals
 * new machines start with, and how often a competent person's refresher is due
 * (rules/competent-person). Saved through data/settings-writes.ts, so it works offline; only
 * administrators may change it (the server refuses others), everyone else sees it read-only.
 */
import { Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EnumSelect, ImageField } from '@components/forms';
import { snack } from '@components/snacks';
import type { EntityRow } from '@db/entity-tables';
import { validatePipeCodePrefix, PIPE_CODE_PREFIX_MAX } from '@domain/rules/hose-code';
import { DEFAULT_INTERVALS } from '@domain/rules/intervals';
import { DEFAULT_REFRESHER_YEARS, parseRefresherYears } from '@domain/rules/competent-person';
import { CHANGEINTERVAL } from '@domain/schemas/enums';
import type { ChangeInterval } from '@domain/schemas/enums';
import { decimalMarkOf, formatMoneyInput, parseMoney, type DecimalMark } from '@domain/rules/money';
import { setCompanyLogo, updateCompanySettings } from './data/settings-writes';
import { savedKey } from '@sync';

type Settings = EntityRow<'companySettings'>;

interface Values {
  name: string;
  street: string;
  houseNr: string;
  zip: string;
  city: string;
  pipeCodePrefix: string;
  /** Euros as typed, in the UI language's format (rules/money). */
  surchargeEuro: string;
  defaultDguvInterval: ChangeInterval;
  defaultDguvIntervalCritical: ChangeInterval;
  /** Whole years as typed (1–10). */
  refresherYears: string;
  /** A swapped-in assembly keeps its predecessor's code (docs/hose-lifecycle.md). */
  codesStayWithPosition: boolean;
}

const valuesOf = (s: Settings, decimal: DecimalMark): Values => ({
  name: s.name,
  street: s.street ?? '',
  houseNr: s.houseNr ?? '',
  zip: s.zip ?? '',
  city: s.city ?? '',
  pipeCodePrefix: s.pipeCodePrefix,
  surchargeEuro: formatMoneyInput(s.assemblySurchargeCents, decimal),
  defaultDguvInterval: s.defaultDguvInterval ?? DEFAULT_INTERVALS.dguvInterval,
  defaultDguvIntervalCritical:
    s.defaultDguvIntervalCritical ?? DEFAULT_INTERVALS.dguvIntervalCritical,
  refresherYears: String(s.refresherYears ?? DEFAULT_REFRESHER_YEARS),
  codesStayWithPosition: s.codesStayWithPosition,
});

const sameValues = (a: Values, b: Values) => JSON.stringify(a) === JSON.stringify(b);

export function CompanySettingsForm({
  settings,
  canSave,
}: {
  settings: Settings;
  canSave: boolean;
}) {
  const { t, i18n } = useTranslation(['settings', 'validation']);
  const mark = decimalMarkOf(i18n.language);
  const [values, setValues] = useState<Values>(() => valuesOf(settings, mark));
  // What the form last took from the row or saved: input differing from it is unsaved.
  const [base, setBase] = useState<Values>(values);
  // A newer row (the server's answer to a save, another administrator's change) is taken in
  // while nothing is unsaved; unsaved input is kept and the next save wins.
  useEffect(() => {
    const incoming = valuesOf(settings, mark);
    setValues((now) => (sameValues(now, base) ? incoming : now));
    setBase(incoming);
    // Only a new version is news.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [settings.version]);
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const readOnly = !canSave;

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!values.name.trim()) next.name = t('validation:required');
    const prefix = validatePipeCodePrefix(values.pipeCodePrefix);
    if (prefix) next.pipeCodePrefix = t(prefix as never, { count: PIPE_CODE_PREFIX_MAX });
    const surcharge = parseMoney(values.surchargeEuro, mark);
    if (!surcharge.ok) next.surchargeEuro = t(surcharge.message);
    const refresher = parseRefresherYears(values.refresherYears);
    if (!refresher.ok) next.refresherYears = t(refresher.message);
    setErrors(next);
    if (Object.keys(next).length > 0 || !surcharge.ok || !refresher.ok) return;
    setSaving(true);
    try {
      await updateCompanySettings(settings.id, {
        name: values.name.trim(),
        street: values.street.trim() || null,
        houseNr: values.houseNr.trim() || null,
        zip: values.zip.trim() || null,
        city: values.city.trim() || null,
        pipeCodePrefix: values.pipeCodePrefix.trim().toUpperCase(),
        assemblySurchargeCents: surcharge.cents,
        defaultDguvInterval: values.defaultDguvInterval,
        defaultDguvIntervalCritical: values.defaultDguvIntervalCritical,
        refresherYears: refresher.years,
        codesStayWithPosition: values.codesStayWithPosition,
      });
      setBase(values);
      snack({ text: t(savedKey('saved', 'savedOffline')), type: 'success' });
    } catch {
      snack({ text: t('saveError'), type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(e) => void save(e)} noValidate>
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h4">
            {t('company.title')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('company.intro')}
          </Text>
          <Stack gap="sm">
            <TextInput
              label={t('company.name')}
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
              required
              readOnly={readOnly}
              data-testid="settings-name"
            />
            <Group grow wrap="wrap" gap="sm" align="flex-start">
              <TextInput
                label={t('company.street')}
                value={values.street}
                onChange={(e) => set('street', e.currentTarget.value)}
                readOnly={readOnly}
                miw={200}
              />
              <TextInput
                label={t('company.houseNr')}
                value={values.houseNr}
                onChange={(e) => set('houseNr', e.currentTarget.value)}
                readOnly={readOnly}
                miw={100}
              />
            </Group>
            <Group grow wrap="wrap" gap="sm" align="flex-start">
              <TextInput
                label={t('company.zip')}
                value={values.zip}
                onChange={(e) => set('zip', e.currentTarget.value)}
                readOnly={readOnly}
                miw={100}
              />
              <TextInput
                label={t('company.city')}
                value={values.city}
                onChange={(e) => set('city', e.currentTarget.value)}
                readOnly={readOnly}
                miw={200}
              />
            </Group>
            <ImageField
              entity="companySettings"
              rowId={settings.id}
              value={settings.logo ?? null}
              onChange={async (logo) => {
                await setCompanyLogo(settings.id, logo);
              }}
              label={t('company.logo')}
              readOnly={readOnly}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Title order={3} size="h4" mb="sm">
            {t('hose.title')}
          </Title>
          <Stack gap="sm">
            <TextInput
              label={t('hose.prefix')}
              description={t('hose.prefixHint')}
              value={values.pipeCodePrefix}
              onChange={(e) => set('pipeCodePrefix', e.currentTarget.value)}
              error={errors.pipeCodePrefix}
              required
              readOnly={readOnly}
              maw={320}
              data-testid="settings-prefix"
            />
            <Checkbox
              label={t('hose.codesStayWithPosition')}
              description={t('hose.codesStayWithPositionHint')}
              checked={values.codesStayWithPosition}
              onChange={(e) => set('codesStayWithPosition', e.currentTarget.checked)}
              disabled={readOnly}
              data-testid="settings-codes-stay"
            />
            <TextInput
              label={t('hose.surcharge')}
              value={values.surchargeEuro}
              onChange={(e) => set('surchargeEuro', e.currentTarget.value)}
              error={errors.surchargeEuro}
              inputMode="decimal"
              required
              readOnly={readOnly}
              maw={320}
              data-testid="settings-surcharge"
            />
            <Text fw={500} size="sm">
              {t('hose.intervals')}
            </Text>
            <Group grow wrap="wrap" gap="sm" align="flex-start">
              <EnumSelect
                enumName="CHANGEINTERVAL"
                values={CHANGEINTERVAL}
                label={t('hose.interval')}
                value={values.defaultDguvInterval}
                onChange={(v) => v && set('defaultDguvInterval', v as ChangeInterval)}
                required
                readOnly={readOnly}
                miw={200}
              />
              <EnumSelect
                enumName="CHANGEINTERVAL"
                values={CHANGEINTERVAL}
                label={t('hose.intervalCritical')}
                value={values.defaultDguvIntervalCritical}
                onChange={(v) => v && set('defaultDguvIntervalCritical', v as ChangeInterval)}
                required
                readOnly={readOnly}
                miw={200}
              />
            </Group>
            <TextInput
              label={t('hose.refresherYears')}
              description={t('hose.refresherYearsHint')}
              value={values.refresherYears}
              onChange={(e) => set('refresherYears', e.currentTarget.value)}
              error={errors.refresherYears}
              inputMode="numeric"
              required
              readOnly={readOnly}
              maw={320}
              data-testid="settings-refresher-years"
            />
          </Stack>
        </Paper>
        {canSave ? (
          <Group justify="flex-end">
            <Button type="submit" loading={saving} data-testid="settings-save">
              {t('save')}
            </Button>
          </Group>
        ) : null}
      </Stack>
    </form>
  );
}
