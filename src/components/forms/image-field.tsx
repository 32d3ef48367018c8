/**
 * A photo of a saved row (machine, power unit): choose a JPG or PNG (SPEC §5), compressed
 * and stored on the device at once, uploaded by the blob queue; removing asks first.
 * While the file is only on this device it shows from there; afterwards from the server.
 * A picture that cannot be shown says so (SPEC §8 'image could not be loaded').
 */
import { Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalBlob } from '../../db/hooks';
import type { SyncedEntity } from '../../db/entity-tables';
import { ENTITY_PATHS } from '../../domain/entity-paths';
import { getAccessToken } from '../../lib/auth';
import { captureImage, ImageTypeError, StorageFullError } from '../../sync/blob-capture';
import { confirm } from '../confirm';

export interface ImageFieldProps {
  entity: SyncedEntity;
  rowId: string;
  /** The row's file field value (blob id) or null. */
  value: string | null;
  /** Saves the new value (usually `mutate.update(entity, rowId, { photo })`). */
  onChange: (blobId: string | null) => Promise<void>;
  label: string;
  readOnly?: boolean;
}

function useObjectUrl(blob: Blob | null | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [blob]);
  return url;
}

/** Where the picture of `value` comes from: this device while waiting, else the server. */
export function useImageSource(entity: SyncedEntity, rowId: string, value: string | null) {
  const local = useLocalBlob(value);
  const localUrl = useObjectUrl(local);
  if (!value || local === undefined) return { src: null, pending: false };
  if (localUrl) return { src: localUrl, pending: true };
  const token = getAccessToken();
  // `file` names this picture (a row may list several: the photos of a hose check).
  const query = new URLSearchParams({ file: value, ...(token ? { access_token: token } : {}) });
  return { src: `/api/cms/${ENTITY_PATHS[entity]}/${rowId}/file?${query}`, pending: false };
}

export function ImageField({ entity, rowId, value, onChange, label, readOnly }: ImageFieldProps) {
  const { t } = useTranslation(['forms', 'validation']);
  const { src, pending } = useImageSource(entity, rowId, value);
  const [failed, setFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => setFailed(false), [src]);

  const choose = async (file: File | null) => {
    if (!file) return;
    setError(null);
    setBusy(true);
    try {
      const blobId = await captureImage(file, { entity, rowId, field: 'photo' });
      await onChange(blobId);
    } catch (err) {
      if (err instanceof ImageTypeError) setError(t('validation:imageType'));
      else if (err instanceof StorageFullError) setError(t('forms:image.storageFull'));
      else setError(t('forms:saveFailed'));
    } finally {
      setBusy(false);
    }
  };
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
          <FileButton onChange={(f) => void choose(f)} accept="image/png,image/jpeg">
            {(props) => (
              <Button variant="light" loading={busy} {...props}>
                {value ? t('forms:image.replace') : t('forms:image.upload')}
              </Button>
            )}
          </FileButton>
          {value ? (
            <Button variant="subtle" color="red" onClick={() => void remove()}>
              {t('forms:image.remove')}
            </Button>
          ) : null}
          <Text size="xs" c="dimmed">
            {t('forms:image.hint')}
          </Text>
        </Group>
      )}
      {error ? (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}
