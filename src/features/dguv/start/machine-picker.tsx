/**
 * /dguv without a machine (and no running audit): instead of a dead end, pick the machine to
 * inspect — searched across every customer on the device. Texts live in
 * the office namespace, which owns the office's start screen that leads here.
 */
import { Anchor, Card, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@components/page-header';
import { useAllRows, useCompanies } from '@db/hooks';
import { useSelectionStore } from '@lib/selection/selection-store';

const SHOWN = 30;

export function MachinePicker() {
  const { t } = useTranslation(['office', 'routes']);
  const machines = useAllRows('machine');
  const companies = useCompanies();
  const selected = useSelectionStore((s) => s.customerId);
  const [query, setQuery] = useState('');
  const rows = useMemo(() => {
    if (!machines || !companies) return undefined;
    const byId = new Map(companies.map((c) => [c.id, c]));
    const q = query.trim().toLowerCase();
    return machines
      .map((machine) => ({ machine, company: byId.get(machine.companyId) }))
      .filter(({ machine, company }) =>
        [machine.internalId, machine.machineType, company?.name, company?.customerNumber]
          .filter((s): s is string => Boolean(s))
          .some((s) => !q || s.toLowerCase().includes(q)),
      )
      .sort(
        (a, b) =>
          // The selected customer's machines first, then by customer and inventory number.
          Number(b.machine.companyId === selected) - Number(a.machine.companyId === selected) ||
          (a.company?.name ?? '').localeCompare(b.company?.name ?? '') ||
          a.machine.internalId.localeCompare(b.machine.internalId),
      );
  }, [machines, companies, query, selected]);
  return (
    <Stack gap="md" data-testid="dguv-machine-picker">
      <PageHeader title={t('office:picker.heading')} subtitle={t('office:picker.text')} />
      <TextInput
        label={t('office:picker.search')}
        type="search"
        value={query}
        onChange={(e) => setQuery(e.currentTarget.value)}
        autoFocus
      />
      {rows === undefined ? null : rows.length === 0 ? (
        <Text c="dimmed">{t('office:picker.none')}</Text>
      ) : (
        <Stack gap="xs">
          {rows.slice(0, SHOWN).map(({ machine, company }) => (
            <Card key={machine.id} withBorder padding="sm">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text fw={600} truncate>
                    {[machine.machineType, machine.internalId].filter(Boolean).join(' · ')}
                  </Text>
                  <Text size="sm" c="dimmed" truncate>
                    {company?.name ?? '—'}
                  </Text>
                </Stack>
                <Anchor
                  component={Link}
                  to={`/dguv?machine=${encodeURIComponent(machine.id)}`}
                  fw={600}
                  py={10}
                  style={{ flexShrink: 0 }}
                  data-testid="dguv-pick-machine"
                >
                  {t('office:picker.choose')}
                </Anchor>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
