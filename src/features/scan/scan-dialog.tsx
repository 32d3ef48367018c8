/**
 * The scan dialog: the camera reads a label's QR code (its hose link) or a printed
 * hose code, the hose is looked up on this device (offline too) and opened through its link
 * route `/h/{code}` (which knows the running DGUV audit). A code that is not on this device,
 * or one that is no hose label, is said so and scanning goes on. Without a camera — no
 * permission, none there, none that starts — the dialog says why; the code can always be
 * typed. Loaded lazily with the first scan: the reader (and its WebAssembly) stays out of the
 * first screen's bundle.
 */
import { Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getDatabase } from '@db/database';
import { codeFromScan, hoseLinkPath } from '@domain/rules/hose-link';
import { CameraPanel } from './camera-panel';
import { CodeEntry } from './code-entry';
import { findHoseByCode } from './data/hose-lookup';

type Notice = { kind: 'notHose' } | { kind: 'notOnDevice'; code: string };

export interface ScanDialogProps {
  onClose: () => void;
}

export default function ScanDialog({ onClose }: ScanDialogProps) {
  const { t } = useTranslation('pipes');
  const navigate = useNavigate();
  const phone = useMediaQuery('(max-width: 36em)');
  const [cameraNotice, setCameraNotice] = useState<Notice | null>(null);
  const [typedNotice, setTypedNotice] = useState<Notice | null>(null);
  const [cameraFailed, setCameraFailed] = useState(false);
  const lastRead = useRef<string | null>(null);

  /** Opens the hose `text` names; false (and a notice) when there is none on the device. */
  const open = useCallback(
    async (text: string, show: (notice: Notice) => void): Promise<boolean> => {
      const code = codeFromScan(text);
      if (!code) {
        show({ kind: 'notHose' });
        return false;
      }
      const pipe = await findHoseByCode(getDatabase(), code);
      if (!pipe) {
        show({ kind: 'notOnDevice', code });
        return false;
      }
      onClose();
      await navigate(hoseLinkPath(pipe.code));
      return true;
    },
    [navigate, onClose],
  );
  const onRead = useCallback(
    async (text: string) => {
      // The same label stays in view for many frames: it is looked up once.
      if (text === lastRead.current) return false;
      lastRead.current = text;
      return open(text, setCameraNotice);
    },
    [open],
  );
  const onFailed = useCallback(() => setCameraFailed(true), []);
  const noticeText = (notice: Notice | null) =>
    notice === null
      ? null
      : notice.kind === 'notHose'
        ? t('scan.notHose')
        : `${t('scan.notOnDevice', { code: notice.code })} ${t('scan.notOnDeviceHint')}`;

  return (
    <Modal opened onClose={onClose} title={t('scan.title')} fullScreen={phone} size="lg">
      <Stack gap="md" data-testid="scan-dialog">
        <CameraPanel onRead={onRead} notice={noticeText(cameraNotice)} onFailed={onFailed} />
        <CodeEntry
          key={cameraFailed ? 'focus' : 'camera'}
          autoFocus={cameraFailed}
          error={noticeText(typedNotice)}
          onSubmit={async (text) => {
            setTypedNotice(null);
            await open(text, setTypedNotice);
          }}
        />
      </Stack>
    </Modal>
  );
}
