/**
 * Bulk order: from a machine's hose list or a DGUV report, choose several hoses —
 * one by one or all with findings / replacement recommended / past service life / to replace
 * at the next visit — and put them into the cart in one step. It opens with the hoses to
 * replace at the next visit chosen (docs/hose-lifecycle.md).
 */
import { Button, Chip, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrderCandidate } from '@components/order-slot';
import { PipeChecklist } from '@components/pipe-checklist';
import { useToggleSet } from '@components/use-toggle-set';
import { BulkOrderTrigger, bulkOrderShows } from './bulk-order-trigger';
import { useOrderPipes } from './use-order-pipes';

type Pick = 'finding' | 'replace' | 'pastServiceLife' | 'replaceNextVisit';
const PICKS: Array<{
  key: Pick;
  label:
    | 'order.withFindings'
    | 'order.replaceRecommended'
    | 'order.pastServiceLife'
    | 'order.replaceNextVisit';
}> = [
  { key: 'finding', label: 'order.withFindings' },
  { key: 'replace', label: 'order.replaceRecommended' },
  { key: 'pastServiceLife', label: 'order.pastServiceLife' },
  { key: 'replaceNextVisit', label: 'order.replaceNextVisit' },
];

/** The hoses the bulk order opens with: exactly those to replace at the next visit. */
export const preselected = (candidates: readonly OrderCandidate[]) =>
  new Set(candidates.filter((c) => c.replaceNextVisit).map((c) => c.pipe.id));

export function BulkOrderButton({
  candidates,
  pending = false,
}: {
  candidates: readonly OrderCandidate[];
  pending?: boolean;
}) {
  const { t } = useTranslation('shop');
  const [open, setOpen] = useState(false);
  const { chosen, toggle, replace: setChosen } = useToggleSet();
  const { order, busy } = useOrderPipes();
  if (!bulkOrderShows({ candidates, pending })) return null;
  if (pending) return <BulkOrderTrigger />;

  const pick = (key: Pick) =>
    setChosen(new Set(candidates.filter((c) => c[key]).map((c) => c.pipe.id)));
  const submit = async () => {
    const pipes = candidates.filter((c) => chosen.has(c.pipe.id)).map((c) => c.pipe);
    if ((await order(pipes)) > 0) {
      setOpen(false);
      setChosen(new Set());
    }
  };

  return (
    <>
      <BulkOrderTrigger
        onClick={() => {
          setChosen(preselected(candidates));
          setOpen(true);
        }}
      />
      <Modal opened={open} onClose={() => setOpen(false)} title={t('order.bulkTitle')} size="lg">
        <Stack gap="sm">
          <Group gap="xs">
            {PICKS.map(({ key, label }) => (
              <Chip
                key={key}
                checked={false}
                onChange={() => pick(key)}
                disabled={!candidates.some((c) => c[key])}
                size="md"
              >
                {t(label)} ({candidates.filter((c) => c[key]).length})
              </Chip>
            ))}
            <Chip checked={false} onChange={() => setChosen(new Set())} size="md">
              {t('order.none')}
            </Chip>
          </Group>
          <PipeChecklist
            pipes={candidates.map((c) => c.pipe)}
            chosen={chosen}
            onToggle={toggle}
            ariaLabel={(pipe) => t('order.selectPipe', { code: pipe.code })}
            detail={(pipe) => pipe.hoseType}
          />
          {chosen.size === 0 ? (
            <Text size="sm" c="dimmed">
              {t('order.nothingSelected')}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setOpen(false)}>
              {t('order.cancel')}
            </Button>
            <Button
              disabled={chosen.size === 0}
              loading={busy}
              onClick={() => {
                void submit();
              }}
              data-testid="bulk-order-submit"
            >
              {t('order.addSelected', { count: chosen.size })}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
