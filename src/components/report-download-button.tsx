/**
 * Downloads a report PDF (docs/architecture.md "download", docs/api.md file names): from the device's cache when it
 * is current, else from the server (and cached); offline an older copy with a note that it may
 * be outdated. Failures say why: not available offline yet, audit not synchronised yet, or
 * docs/api.md 'report data could not be retrieved'.
 */
import { Button, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ReportNotSyncedError,
  ReportOfflineError,
  downloadReport,
  type ReportKind,
} from '../lib/api/report-download';
import { formatMoment } from '../domain/format';
import { DownloadIcon } from './icons';
import { snack } from './snacks';

export interface ReportDownloadButtonProps {
  kind: ReportKind;
  id: string;
  /** The version of the report's row on this device (a cached PDF of it needs no request). */
  version: number;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  /** Defaults to "Download PDF". */
  label?: string;
}

export function ReportDownloadButton({
  kind,
  id,
  version,
  variant = 'light',
  size,
  label,
}: ReportDownloadButtonProps) {
  const { t, i18n } = useTranslation('dguvReport');
  const [busy, setBusy] = useState(false);

  const download = async () => {
    setBusy(true);
    try {
      const report = await downloadReport(kind, id, version);
      if (report.source === 'stale') {
        const date = formatMoment(report.fetchedAt, i18n.language);
        snack({ text: t('download.stale', { date }), type: 'warning' });
      }
    } catch (err) {
      if (err instanceof ReportOfflineError) snack({ text: t('download.offline'), type: 'info' });
      else if (err instanceof ReportNotSyncedError)
        snack({ text: t('download.notSynced'), type: 'info' });
      else snack({ text: t('download.failed'), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant={variant}
      size={size}
      loading={busy}
      leftSection={<DownloadIcon size={18} />}
      onClick={() => void download()}
      data-testid={`report-download-${kind}`}
    >
      {label ?? t('download.button')}
    </Button>
  );
}
