/**
 * `/admin/manufacturer`: manufacturers on this device with their number of uses; create,
 * rename (duplicates refused as on create), delete with confirmation — refused while any
 * machine, power unit or part names it (the server refuses it too, with the count).
 * Synced: works offline through data/manufacturer-writes.ts.
 */
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@components/confirm';
import { ListState } from '@components/list-state';
import { PageHeader } from '@components/page-header';
import { snack } from '@components/snacks';
import { removeManufacturer } from './data/manufacturer-writes';
import { useManufacturerUsage, type ManufacturerUsage } from './data/manufacturer-queries';
import { ManufacturerDialog } from './manufacturer-dialog';

const normalise = (text: string) => text.trim().toLocaleLowerCase();

export function ManufacturerListScreen() {
  const { t } = useTranslation(['admin', 'routes']);
  const rows = useManufacturerUsage();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [target, setTarget] = useState<ManufacturerUsage | 'new' | null>(null);
  const shown = rows?.filter((m) => normalise(m.name).includes(normalise(deferred)));

  const remove = async (m: ManufacturerUsage) => {
    if (m.uses > 0) {
      snack({ text: t('manufacturers.inUse', { name: m.name, count: m.uses }), type: 'error' });
      return;
    }
    const ok = await confirm({
      title: t('manufacturers.deleteTitle'),
      message: t('manufacturers.deleteMessage', { name: m.name }),
      color: 'red',
      confirmText: t('manufacturers.delete'),
    });
    if (!ok) return;
    await removeManufacturer(m.id);
    snack({ text: t('manufacturers.deleted', { name: m.name }), type: 'success' });
  };

  return (
    <>
      <PageHeader
        title={t('routes:adminManufacturers')}
        subtitle={rows ? t('manufacturers.count', { count: rows.length }) : null}
        actions={
          <Button onClick={() => setTarget('new')} data-testid="manufacturer-create">
            {t('manufacturers.create')}
          </Button>
        }
      />
      <Group mb="md">
        <TextInput
          type="search"
          label={t('manufacturers.search')}
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          w={{ base: '100%', sm: 420 }}
          data-testid="manufacturer-search"
        />
      </Group>
      <ListState
        rows={shown}
        filtered={deferred.trim() !== ''}
        emptyText={t('manufacturers.empty')}
      >
        {(list) => (
          <Stack gap="xs">
            {list.map((m) => (
              <Paper key={m.id} withBorder p="sm" radius="md" data-testid="manufacturer-row">
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Text fw={600} style={{ overflowWrap: 'break-word' }}>
                      {m.name}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {m.uses > 0
                        ? t('manufacturers.uses', { count: m.uses })
                        : t('manufacturers.unused')}
                    </Text>
                  </Stack>
                  <Group gap="xs">
                    <Button
                      variant="default"
                      mih={44}
                      onClick={() => setTarget(m)}
                      aria-label={`${t('manufacturers.rename')}: ${m.name}`}
                    >
                      {t('manufacturers.rename')}
                    </Button>
                    <Button
                      variant="light"
                      color="red"
                      mih={44}
                      onClick={() => void remove(m)}
                      aria-label={`${t('manufacturers.delete')}: ${m.name}`}
                    >
                      {t('manufacturers.delete')}
                    </Button>
                  </Group>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </ListState>
      <ManufacturerDialog
        target={target}
        existing={rows ?? []}
        onClose={() => setTarget(null)}
        onSaved={() => {
          setTarget(null);
          snack({ text: t('manufacturers.saved'), type: 'success' });
        }}
      />
    </>
  );
}
