/**
 * Tracking link and delivery note (docs/architecture.md: from ORDERED/WORKSHOP on). Everyone who sees
 * the order may follow the link and download the note; staff with admin-shop set the link and
 * upload the note (PDF, JPG or PNG) while online.
 */
import { Anchor, Button, FileButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '@components/icons';
import { snack } from '@components/snacks';
import { canAttachShipping, isFinalOrderState } from '@domain/rules/order-states';
import { orderUpdateSchema } from '@domain/schemas/order';
import { DELIVERY_NOTE_TYPES, deliveryNoteIssue, MAX_UPLOAD_BYTES } from '@domain/rules/uploads';
import { downloadDeliveryNote, uploadDeliveryNote } from '@lib/api/order-files';
import { HttpError, NetworkError } from '@lib/api/http-errors';
import { looksLikeMessageKey } from '@lib/i18n';
import { useOnlineStatus } from '@lib/network/use-online-status';
import { updateShipping } from './data/order-writes';
import type { OrderRow } from './data/order-queries';
import { runOrderCall } from './run-order-call';
import { useOrderActor } from './use-order-actor';
import { WRAP_BUTTON } from '@components/wrap-styles';

const trackingSchema = orderUpdateSchema.shape.trackingLink;

/** Why the server (or the way to it) refused an upload, as a message key. */
function uploadRefusal(err: unknown): string {
  if (err instanceof NetworkError) return 'orders:actions.uploadUnreachable';
  if (!(err instanceof HttpError)) return 'orders:actions.uploadFailed';
  if (err.code === 'file_too_large') return 'validation:fileSize';
  if (looksLikeMessageKey(err.message)) return err.message;
  if (err.code === 'unsupported_type') return 'validation:fileType';
  return 'orders:actions.uploadFailed';
}

/** "10 MB", "2,4 MB" in the UI language. */
function formatMegabytes(bytes: number, language: string): string {
  const mb = bytes / (1024 * 1024);
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(mb)} MB`;
}

export function OrderShipping({ order, busy }: { order: OrderRow; busy: boolean }) {
  const { t, i18n } = useTranslation(['orders', 'validation']);
  const actor = useOrderActor();
  const online = useOnlineStatus();
  const [link, setLink] = useState(order.trackingLink ?? '');
  const [error, setError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const editable =
    actor.canManageShop && canAttachShipping(order.state) && !isFinalOrderState(order.state);
  const blocked = busy || !online;

  const saveLink = async () => {
    const parsed = trackingSchema.safeParse(link.trim() === '' ? null : link.trim());
    if (!parsed.success) {
      const key = parsed.error.issues[0]?.message ?? 'validation:format';
      setError(looksLikeMessageKey(key) ? t(key as never) : key);
      return;
    }
    setError(null);
    await runOrderCall(() => updateShipping(order.id, { trackingLink: parsed.data ?? null }));
  };

  const upload = async (file: File | null) => {
    if (!file) return;
    // Said before sending, with the file's name: its type, an empty file or its size.
    const issue = deliveryNoteIssue(file);
    if (issue) {
      const reason = t(issue as never, {
        size: formatMegabytes(file.size, i18n.language),
        max: formatMegabytes(MAX_UPLOAD_BYTES, i18n.language),
      });
      snack({
        type: 'error',
        text: t('orders:actions.uploadRefused', { name: file.name, reason }),
      });
      return;
    }
    setUploading(true);
    try {
      const fileId = await uploadDeliveryNote(order.id, file);
      await runOrderCall(() => updateShipping(order.id, { deliveryNoteFileId: fileId }));
    } catch (err) {
      const reason = t(uploadRefusal(err) as never, {
        size: formatMegabytes(file.size, i18n.language),
        max: formatMegabytes(MAX_UPLOAD_BYTES, i18n.language),
      });
      snack({
        type: 'error',
        text: t('orders:actions.uploadRefused', { name: file.name, reason }),
      });
    } finally {
      setUploading(false);
    }
  };

  const download = async () => {
    if (!order.deliveryNoteFileId) return;
    try {
      await downloadDeliveryNote(order.id, order.deliveryNoteFileId);
    } catch {
      snack({ type: 'error', text: t('orders:actions.downloadFailed') });
    }
  };

  return (
    <Stack gap="sm" data-testid="order-shipping">
      <Title order={3} size="h4">
        {t('orders:detail.tracking')}
      </Title>
      {order.trackingLink ? (
        <Anchor
          href={order.trackingLink}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="tracking-link"
        >
          {t('orders:detail.trackingOpen')}
        </Anchor>
      ) : (
        <Text c="dimmed">{t('orders:detail.noTracking')}</Text>
      )}
      {editable ? (
        <Group align="flex-end" gap="xs">
          <TextInput
            style={{ flex: 1, minWidth: 220 }}
            type="url"
            label={t('orders:actions.trackingLabel')}
            value={link}
            onChange={(e) => setLink(e.currentTarget.value)}
            error={error}
            placeholder="https://"
          />
          <Button size="md" variant="light" disabled={blocked} onClick={() => void saveLink()}>
            {t('orders:actions.trackingSave')}
          </Button>
        </Group>
      ) : null}
      <Title order={3} size="h4">
        {t('orders:detail.deliveryNote')}
      </Title>
      {order.deliveryNoteFileId ? (
        <Group>
          <Button
            size="md"
            variant="light"
            leftSection={<DownloadIcon size={18} />}
            disabled={!online}
            onClick={() => void download()}
            data-testid="download-note"
          >
            {t('orders:detail.downloadNote')}
          </Button>
        </Group>
      ) : (
        <Text c="dimmed">{t('orders:detail.noDeliveryNote')}</Text>
      )}
      {editable ? (
        <FileButton onChange={(f) => void upload(f)} accept={DELIVERY_NOTE_TYPES.join(',')}>
          {(p) => (
            <Button
              {...p}
              size="md"
              variant="outline"
              styles={WRAP_BUTTON}
              loading={uploading}
              disabled={blocked}
              data-testid="upload-note"
            >
              {t('orders:actions.uploadNote')}
            </Button>
          )}
        </FileButton>
      ) : null}
    </Stack>
  );
}
