/**
 * A photo of a saved row (machine, power unit): choose a JPG or PNG (docs/api.md), compressed
 * and stored on the device at once, uploaded by the blob queue; removing asks first.
 * While the file is only on this device it shows from there; afterwards from the server.
 * A picture that cannot be shown says so (docs/api.md 'image could not be loaded'). Compressing
 * takes seconds on a phone: meanwhile a progress bar shows how far it is and the button waits.
 */
import { Button, FileButton, Group, Image, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LocalWriteError } from '@db/local-write';
import { useLocalBlob } from '@db/hooks';
import type { SyncedEntity } from '@db/entity-tables';
import { ENTITY_PATHS } from '@domain/entity-paths';
import { getAccessToken } from '@lib/auth';
import { useObjectUrl } from '@lib/object-url';
import {
  captureImage,
  ImageCompressionError,
  ImageTypeError,
  StorageFullError,
  type CaptureOptions,
  type OnProgress,
} from '@sync';
import { confirm } from '../confirm';

export interface ImageFieldProps {
  entity: SyncedEntity;
  rowId: string;
  /** The row's file field value (blob id) or null. */
  value: string | null;
  /** Saves the new value (the feature's write of the row's photo field, data/*-writes.ts). */
  onChange: (blobId: string | null) => Promise<void>;
  label: string;
  readOnly?: boolean;
}

/** Where the picture of `value` comes from: this device while waiting, else the server. */
export function useImageSource(entity: SyncedEntity, rowId: string, value: string | null) {
  const local = useLocalBlob(value);
  const localUrl = useObjectUrl(local);
  if (!value || local === undefined) return { src: null, pending: false };
  // The bytes are here: their object URL (none yet on the first render with them, see
  // useObjectUrl) — never the server's, which cannot give the file yet.
  if (local) return { src: localUrl, pending: true };
  const token = getAccessToken();
  // `file` names this picture (a row may list several: the photos of a hose check).
  const query = new URLSearchParams({ file: value, ...(token ? { access_token: token } : {}) });
  return { src: `/api/cms/${ENTITY_PATHS[entity]}/${rowId}/file?${query}`, pending: false };
}

/** How far the compression of the chosen photo(s) is: photo `current` of `total`. */
export interface CompressState {
  percent: number;
  current: number;
  total: number;
}

/** The progress of the photo being compressed; `track(i, n)` is photo i of n's onProgress. */
export function useCompressProgress() {
  const [progress, setProgress] = useState<CompressState | null>(null);
  const track =
    (current: number, total: number): OnProgress =>
    (percent) =>
      setProgress({ percent, current, total });
  return { progress, track, reset: () => setProgress(null) };
}

/** A progress bar named in words ("Foto wird verkleinert … 40 %") for screen readers too. */
export function CompressProgress({ state }: { state: CompressState }) {
  const { t } = useTranslation('forms');
  const label =
    state.total > 1
      ? t('image.compressingOf', { ...state })
      : t('image.compressing', { percent: state.percent });
  return (
    <Stack gap={4} data-testid="compress-progress">
      <Text size="sm" aria-hidden>
        {label}
      </Text>
      <Progress value={state.percent} size="lg" aria-label={label} />
    </Stack>
  );
}

/** What a failed capture says: the caller's words for the kinds of failure it knows. */
export interface CaptureMessages {
  wrongType: string;
  storageFull: string;
  saveFailed: string;
}

/**
 * One capture of chosen photos, for every photo picker: each file compressed and stored on the
 * device with its progress shown, then `save(ids)`; a failure named in the caller's words;
 * the picker waits meanwhile and is cleared afterwards (so the same file may be chosen again).
 */
export function useImageCapture(messages: CaptureMessages) {
  const { t } = useTranslation('forms');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { progress, track, reset } = useCompressProgress();
  const resetInput = useRef<() => void>(null);
  const capture = async (
    files: readonly File[],
    options: Omit<CaptureOptions, 'onProgress'>,
    save: (blobIds: string[]) => Promise<unknown>,
  ) => {
    if (files.length === 0) return;
    setError(null);
    setBusy(true);
    try {
      const ids: string[] = [];
      for (const [i, file] of files.entries()) {
        ids.push(await captureImage(file, { ...options, onProgress: track(i + 1, files.length) }));
      }
      await save(ids);
    } catch (err) {
      if (err instanceof ImageTypeError) setError(messages.wrongType);
      else if (err instanceof StorageFullError) setError(messages.storageFull);
      else if (err instanceof ImageCompressionError) setError(t('image.compressFailed'));
      else if (err instanceof LocalWriteError) setError(t(err.message as never));
      else setError(messages.saveFailed);
    } finally {
      setBusy(false);
      reset();
      resetInput.current?.();
    }
  };
  const status = (
    <>
      {progress ? <CompressProgress state={progress} /> : null}
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </>
  );
  return { busy, capture, setError, resetInput, status };
}

export function ImageField({ entity, rowId, value, onChange, label, readOnly }: ImageFieldProps) {
  const { t } = useTranslation(['forms', 'validation']);
  const { src, pending } = useImageSource(entity, rowId, value);
  const [failed, setFailed] = useState(false);
  const { busy, capture, setError, resetInput, status } = useImageCapture({
    wrongType: t('validation:imageType'),
    storageFull: t('forms:image.storageFull'),
    saveFailed: t('forms:saveFailed'),
  });
  useEffect(() => setFailed(false), [src]);

  const choose = (file: File | null) =>
    capture(file ? [file] : [], { entity, rowId, field: 'photo' }, ([blobId]) =>
      onChange(blobId ?? null),
    );
  const remove = async () => {
    const ok = await confirm({
      title: t('forms:image.removeTitle'),
      message: t('forms:image.removeMessage'),
      color: 'red',
    });
    if (!ok) return;
    try {
      await onChange(null);
    } catch {
      setError(t('forms:saveFailed'));
    }
  };

  return (
    <Stack gap="xs" data-testid="image-field">
      <Text fw={500} size="sm">
        {label}
      </Text>
      {src && !failed ? (
        <Image
          src={src}
          alt={t('forms:image.alt', { name: label })}
          maw={320}
          radius="sm"
          onError={() => setFailed(true)}
        />
      ) : null}
      {src && failed ? (
        <Text c="red" size="sm" role="alert">
          {t('forms:image.loadFailed')}
        </Text>
      ) : null}
      {pending ? (
        <Text c="dimmed" size="xs">
          {t('forms:image.pending')}
        </Text>
      ) : null}
      {readOnly ? null : (
        <Group gap="xs">
          <FileButton
            onChange={(f) => void choose(f)}
            accept="image/png,image/jpeg"
            disabled={busy}
            resetRef={resetInput}
          >
            {(props) => (
              <Button variant="light" mih={44} disabled={busy} {...props}>
                {value ? t('forms:image.replace') : t('forms:image.upload')}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button
              variant="subtle"
              color="red"
              mih={44}
              disabled={busy}
              onClick={() => void remove()}
            >
              {t('forms:image.remove')}
            </Button>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('forms:image.hint')}
          </Text>
        </Group>
      )}
      {status}
    </Stack>
  );
}
