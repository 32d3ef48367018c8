/**
 * "Print labels": the label format (A4 sheet 3 × 8 or 62 mm roll, remembered on
 * the device) and — for a machine's list — all its hoses or the ones chosen; then the PDF from
 * the server, in the app's language. A single hose's label skips the choice.
 */
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '@components/icons';
import { PipeChecklist } from '@components/pipe-checklist';
import { snack } from '@components/snacks';
import { useToggleSet } from '@components/use-toggle-set';
import { LABEL_FORMATS, type LabelFormat } from '@domain/schemas/labels';
import type { Pipe } from '../hose-filters';
import { downloadLabels, LabelDownloadError, labelFileName } from './label-download';

const FORMAT_KEY = 'schlauchmanager.labelFormat';

function storedFormat(): LabelFormat {
  try {
    const value = localStorage.getItem(FORMAT_KEY);
    return (LABEL_FORMATS as readonly string[]).includes(value ?? '')
      ? (value as LabelFormat)
      : 'a4-3x8';
  } catch {
    return 'a4-3x8';
  }
}

function storeFormat(format: LabelFormat): void {
  try {
    localStorage.setItem(FORMAT_KEY, format);
  } catch {
    // Private mode without storage: the choice is simply not remembered.
  }
}

export interface PrintLabelsDialogProps {
  opened: boolean;
  onClose: () => void;
  machineId: string;
  /** The hoses offered, by position; one hose: its label alone, no choice. */
  pipes: readonly Pipe[];
  /** Names the file (the machine, or the hose's code). */
  subject: string;
}

export function PrintLabelsDialog({
  opened,
  onClose,
  machineId,
  pipes,
  subject,
}: PrintLabelsDialogProps) {
  const { t, i18n } = useTranslation('pipes');
  const [format, setFormat] = useState<LabelFormat>(storedFormat);
  const [which, setWhich] = useState<'all' | 'chosen'>('all');
  const { chosen, toggle } = useToggleSet();
  const [busy, setBusy] = useState(false);
  const single = pipes.length === 1;
  const selected = which === 'all' || single ? pipes : pipes.filter((p) => chosen.has(p.id));

  const download = async () => {
    setBusy(true);
    storeFormat(format);
    try {
      await downloadLabels(
        machineId,
        {
          format,
          // All of a machine's hoses: no list, so hoses synced since are printed too.
          pipeIds: which === 'all' && !single ? [] : selected.map((p) => p.id),
          lang: i18n.language,
        },
        labelFileName(t('labels.fileName'), subject),
      );
      onClose();
    } catch (err) {
      const reason = err instanceof LabelDownloadError ? err.reason : 'failed';
      snack({ text: t(`labels.${reason}`), type: reason === 'failed' ? 'error' : 'info' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={single ? t('labels.printOne') : t('labels.title')}
      size="lg"
    >
      <Stack gap="md">
        <Radio.Group
          label={t('labels.format')}
          value={format}
          onChange={(v) => setFormat(v as LabelFormat)}
        >
          <Stack gap="xs" mt={6}>
            {LABEL_FORMATS.map((f) => (
              <Radio
                key={f}
                value={f}
                label={t(`labels.formats.${f}`)}
                data-testid={`label-format-${f}`}
              />
            ))}
          </Stack>
        </Radio.Group>
        {single ? null : (
          <Radio.Group
            label={t('labels.which')}
            value={which}
            onChange={(v) => setWhich(v === 'chosen' ? 'chosen' : 'all')}
          >
            <Group gap="lg" mt={6}>
              <Radio value="all" label={t('labels.all', { count: pipes.length })} />
              <Radio value="chosen" label={t('labels.choose')} data-testid="labels-choose" />
            </Group>
          </Radio.Group>
        )}
        {which === 'chosen' && !single ? (
          <PipeChecklist
            pipes={pipes}
            chosen={chosen}
            onToggle={toggle}
            ariaLabel={(pipe) => t('labels.selectPipe', { code: pipe.code })}
            maxHeight="40vh"
          />
        ) : null}
        {selected.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('labels.nothingSelected')}
          </Text>
        ) : null}
        <Text size="sm" c="dimmed">
          {t('labels.hint')}
        </Text>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onClose}>
            {t('labels.cancel')}
          </Button>
          <Button
            leftSection={<DownloadIcon size={16} />}
            disabled={selected.length === 0}
            loading={busy}
            onClick={() => void download()}
            data-testid="labels-download"
          >
            {t('labels.download', { count: selected.length })}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
