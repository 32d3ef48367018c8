/**
 * The photos of a report (several): taken or chosen as JPG/PNG (docs/api.md), compressed and
 * stored on the device at once, their ids added to the report's `photoIds` (the first photo of
 * a new report creates it, see data/draft-writes.ts); each shows from the device until uploaded,
 * then from the server. Removing one asks first. While photos are compressed a progress bar
 * says which and how far, and the add button waits.
 */
import {
  Button,
  CloseButton,
  FileButton,
  Group,
  Image,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '@components/confirm';
import { useImageCapture, useImageSource } from '@components/forms/image-field';
import { writeDraft } from './data/draft-writes';
import { REPORT_NS, type ReportEntity, type ReportRow } from './report-kinds';

export interface ReportPhotosProps {
  entity: ReportEntity;
  report: ReportRow;
  readOnly?: boolean;
}

function Photo({
  entity,
  report,
  id,
  index,
  onRemove,
}: {
  entity: ReportEntity;
  report: ReportRow;
  id: string;
  index: number;
  onRemove?: () => void;
}) {
  const { t } = useTranslation(REPORT_NS[entity]);
  const { src, pending } = useImageSource(entity, report.id, id);
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  return (
    <Stack gap={4} data-testid="report-photo">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('photos.number', { number: index + 1 })}
          {pending ? ` · ${t('photos.pending')}` : ''}
        </Text>
        {onRemove ? (
          <CloseButton
            size={44}
            aria-label={t('photos.remove', { number: index + 1 })}
            onClick={onRemove}
          />
        ) : null}
      </Group>
      {src && !failed ? (
        <Image
          src={src}
          alt={t('photos.alt', { number: index + 1 })}
          radius="sm"
          h={160}
          fit="cover"
          onError={() => setFailed(true)}
        />
      ) : (
        <Text size="sm" c={failed ? 'red' : 'dimmed'}>
          {failed ? t('photos.loadFailed') : '…'}
        </Text>
      )}
    </Stack>
  );
}

export function ReportPhotos({ entity, report, readOnly }: ReportPhotosProps) {
  const { t } = useTranslation(REPORT_NS[entity]);
  const { busy, capture, setError, resetInput, status } = useImageCapture({
    wrongType: t('photos.wrongType'),
    storageFull: t('photos.storageFull'),
    saveFailed: t('photos.saveFailed'),
  });
  const ids = report.photoIds;

  const add = (files: File[]) =>
    capture(files, { entity, rowId: report.id, field: 'photoIds' }, (added) =>
      writeDraft(entity, report, { photoIds: [...ids, ...added] }),
    );

  const remove = async (id: string, index: number) => {
    const ok = await confirm({
      title: t('photos.removeTitle'),
      message: t('photos.removeMessage', { number: index + 1 }),
      color: 'red',
    });
    if (!ok) return;
    try {
      await writeDraft(entity, report, { photoIds: ids.filter((p) => p !== id) });
    } catch {
      setError(t('photos.saveFailed'));
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={3}>{t('photos.title')}</Title>
        {ids.length === 0 ? <Text c="dimmed">{t('photos.none')}</Text> : null}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
          {ids.map((id, i) => (
            <Photo
              key={id}
              entity={entity}
              report={report}
              id={id}
              index={i}
              onRemove={readOnly ? undefined : () => void remove(id, i)}
            />
          ))}
        </SimpleGrid>
        {readOnly ? null : (
          <Group gap="xs">
            <FileButton
              onChange={(f) => void add(f)}
              accept="image/png,image/jpeg"
              multiple
              disabled={busy}
              resetRef={resetInput}
            >
              {(props) => (
                <Button variant="light" mih={44} disabled={busy} {...props}>
                  {t('photos.add')}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {t('photos.hint')}
            </Text>
          </Group>
        )}
        {status}
      </Stack>
    </Paper>
  );
}
