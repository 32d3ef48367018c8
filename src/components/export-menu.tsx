/**
 * The export button of a list: a menu "Export" with CSV and Excel, or one "Export CSV" button
 * when a list offers CSV only. The list hands over how to build its table at the moment of the
 * click (from the rows it shows), so the file always matches the screen; it is written on the
 * device (lib/export) and works offline.
 */
import { Button, Menu } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadTable, type ExportFormat } from '../lib/export/download';
import type { ExportTable } from '../lib/export/table';
import { DownloadIcon } from './icons';
import { snack } from './snacks';

export interface ExportMenuProps {
  /** The table of what the list shows now; called on click. */
  table: () => ExportTable | Promise<ExportTable>;
  fileName: (format: ExportFormat) => string;
  formats?: readonly ExportFormat[];
  disabled?: boolean;
}

export function ExportMenu({
  table,
  fileName,
  formats = ['csv', 'xlsx'],
  disabled,
}: ExportMenuProps) {
  const { t, i18n } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const run = async (format: ExportFormat) => {
    setBusy(true);
    try {
      await downloadTable(await table(), format, i18n.language, fileName(format));
    } catch {
      snack({ text: t('export.failed'), type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const button = {
    variant: 'light',
    mih: 44,
    loading: busy,
    disabled,
    leftSection: <DownloadIcon size={16} />,
  } as const;

  if (formats.length === 1) {
    const only = formats[0]!;
    return (
      <Button {...button} onClick={() => void run(only)} data-testid={`export-${only}`}>
        {t(`export.only.${only}`)}
      </Button>
    );
  }
  return (
    // No focus placeholder inside role=menu (axe aria-required-children): focus goes to the items.
    <Menu position="bottom-end" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button {...button} data-testid="export-menu">
          {t('export.button')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {formats.map((format) => (
          <Menu.Item key={format} onClick={() => void run(format)} data-testid={`export-${format}`}>
            {t(`export.format.${format}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
