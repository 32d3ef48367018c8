/**
 * Photos of a hose check (several per hose): the stored ones (from this device while they
 * wait for upload, else from the server) and new ones taken with the camera, kept in memory
 * until the check is saved — so an abandoned check leaves no file behind.
 */
import { ActionIcon, Button, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useImageSource } from '@components/forms/image-field';

export interface PhotoPickerProps {
  answerId: string;
  stored: readonly string[];
  added: readonly File[];
  onRemoveStored: (id: string) => void;
  onAdd: (files: File[]) => void;
  onRemoveAdded: (index: number) => void;
}

function StoredPhoto({
  answerId,
  id,
  alt,
  onRemove,
}: {
  answerId: string;
  id: string;
  alt: string;
  onRemove: () => void;
}) {
  const { src } = useImageSource('dguvAnswer', answerId, id);
  return <Thumb src={src} alt={alt} onRemove={onRemove} />;
}

function AddedPhoto({ file, alt, onRemove }: { file: File; alt: string; onRemove: () => void }) {
  const url = useMemo(() => URL.createObjectURL(file), [file]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return <Thumb src={url} alt={alt} onRemove={onRemove} />;
}

function Thumb({ src, alt, onRemove }: { src: string | null; alt: string; onRemove: () => void }) {
  const { t } = useTranslation('dguv');
  return (
    <Stack gap={2} align="center">
      {src ? (
        <Image src={src} alt={alt} w={96} h={96} fit="cover" radius="sm" />
      ) : (
        <Text size="xs" c="dimmed" w={96}>
          {alt}
        </Text>
      )}
      <ActionIcon
        variant="light"
        color="red"
        size={44}
        aria-label={`${t('check.removePhoto')}: ${alt}`}
        onClick={onRemove}
      >
        ×
      </ActionIcon>
    </Stack>
  );
}

export function PhotoPicker(props: PhotoPickerProps) {
  const { t } = useTranslation(['dguv', 'forms']);
  const alt = (i: number) => t('dguv:check.photoAlt', { index: i + 1 });
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        {t('dguv:check.photos')}
      </Text>
      <Group gap="sm">
        {props.stored.map((id, i) => (
          <StoredPhoto
            key={id}
            answerId={props.answerId}
            id={id}
            alt={alt(i)}
            onRemove={() => props.onRemoveStored(id)}
          />
        ))}
        {props.added.map((file, i) => (
          <AddedPhoto
            key={`${file.name}-${i}`}
            file={file}
            alt={alt(props.stored.length + i)}
            onRemove={() => props.onRemoveAdded(i)}
          />
        ))}
      </Group>
      <Group gap="xs">
        <FileButton
          multiple
          accept="image/png,image/jpeg"
          capture="environment"
          onChange={(files) => props.onAdd(files)}
        >
          {(p) => (
            <Button variant="light" mih={44} {...p}>
              {t('dguv:check.addPhoto')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t('forms:image.hint')}
        </Text>
      </Group>
    </Stack>
  );
}
