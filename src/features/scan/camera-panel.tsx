/**
 * The camera part of the scan dialog: the live picture while codes are read from it, or why
 * there is none (no permission, no camera, one that does not start, no reader). A component
 * of its own inside the dialog, so the camera starts once its <video> is in the page and
 * stops when the dialog closes.
 */
import { Alert, Box, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCodeScanner } from './use-code-scanner';

export interface CameraPanelProps {
  /** Each text read; true when it opened a hose (the camera then stops). */
  onRead: (text: string) => Promise<boolean>;
  /** What the last read found instead of a hose. */
  notice: string | null;
  onFailed: () => void;
}

export function CameraPanel({ onRead, notice, onFailed }: CameraPanelProps) {
  const { t } = useTranslation('pipes');
  const videoRef = useRef<HTMLVideoElement>(null);
  const scanner = useCodeScanner(videoRef, onRead);
  const failed = scanner.status === 'failed';
  useEffect(() => {
    if (failed) onFailed();
  }, [failed, onFailed]);

  if (scanner.status === 'failed') {
    return (
      <Alert color="orange" role="alert" data-testid="scan-camera-error">
        {t(`scan.${scanner.reason}`)}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Box
        pos="relative"
        bg="black"
        style={{ aspectRatio: '4 / 3', borderRadius: 8, overflow: 'hidden' }}
      >
        <video
          ref={videoRef}
          muted
          playsInline
          autoPlay
          aria-label={t('scan.video')}
          data-testid="scan-video"
          style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
        />
        {scanner.status === 'starting' ? (
          <Stack pos="absolute" inset={0} align="center" justify="center" gap="xs">
            <Loader color="white" size="sm" />
            <Text c="white" size="sm">
              {t('scan.starting')}
            </Text>
          </Stack>
        ) : null}
      </Box>
      <Text size="sm" c="dimmed">
        {t('scan.hint')}
      </Text>
      {notice ? (
        <Alert color="yellow" role="status" data-testid="scan-notice">
          {notice}
        </Alert>
      ) : null}
    </Stack>
  );
}
