/**
 * "Read marking" (docs/dguv-record.md "Reading the marking"): a photo of the hose's print or the
 * fitting's stamp — from the camera (the rear one, the print framed in the overlay) or the
 * gallery — read on the device (features/marking/ocr.ts), parsed by the domain
 * (`parseHoseMarking`) and shown beside the photo: the recognised text, editable, and each
 * field it gives with a checkbox. Nothing is confirmed by default; only confirmed fields are
 * handed on, with the photo (kept with the hose as evidence). A marking that gives nothing, or
 * one the user says cannot be read, is handed on as illegible.
 *
 * This module and the recognition are loaded only when the dialog opens (read-marking-button).
 */
import {
  Alert,
  Button,
  Checkbox,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isIllegible, parseHoseMarking } from '@domain/rules/hose-marking';
import { formatProductionStamp } from '@domain/rules/production-stamp';
import { useObjectUrl } from '@lib/object-url';
import {
  confirmedFields,
  fieldValue,
  MARKING_FIELD_KEYS,
  markingFields,
  type MarkingFieldKey,
  type MarkingFields,
} from './marking-fields';
import { OcrUnavailableError, readText } from './ocr';
import classes from './read-marking.module.css';

export interface ReadMarkingDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The confirmed fields (possibly none) and the photo they were read from. */
  onConfirm: (fields: MarkingFields, photo: Blob) => void | Promise<void>;
  /** The marking cannot be read (nothing recognised, or the user says so), with its photo. */
  onIllegible?: (photo: Blob) => void | Promise<void>;
}

type Step =
  | { kind: 'choose' }
  | { kind: 'camera' }
  | { kind: 'reading'; photo: Blob }
  | { kind: 'review'; photo: Blob; text: string }
  | { kind: 'error'; photo: Blob | null; message: string };

/** Whether the recognition was loaded in this page before (then the download is not said). */
let engineUsed = false;

function useCamera(active: boolean, onError: (message: string) => void) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const { t } = useTranslation('pipes');
  useEffect(() => {
    if (!active) return;
    let cancelled = false;
    (async () => {
      try {
        const s = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1920 } },
          audio: false,
        });
        if (cancelled) {
          s.getTracks().forEach((track) => track.stop());
          return;
        }
        stream.current = s;
        if (video.current) {
          video.current.srcObject = s;
          await video.current.play().catch(() => undefined);
        }
      } catch {
        if (!cancelled) onError(t('marking.cameraFailed'));
      }
    })();
    return () => {
      cancelled = true;
      stream.current?.getTracks().forEach((track) => track.stop());
      stream.current = null;
    };
  }, [active]); // eslint-disable-line react-hooks/exhaustive-deps

  /** The frame inside the overlay (the middle of the picture) as a JPEG. */
  const capture = async (): Promise<Blob | null> => {
    const v = video.current;
    if (!v || !v.videoWidth) return null;
    const w = v.videoWidth;
    const h = v.videoHeight;
    // The overlay frames the middle 90 % × 40 % of the picture: the print goes there.
    const cw = Math.round(w * 0.9);
    const ch = Math.round(h * 0.4);
    const canvas = document.createElement('canvas');
    canvas.width = cw;
    canvas.height = ch;
    canvas.getContext('2d')!.drawImage(v, (w - cw) / 2, (h - ch) / 2, cw, ch, 0, 0, cw, ch);
    return new Promise((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  };
  return { video, capture };
}

function FieldLabel({ fields, field }: { fields: MarkingFields; field: MarkingFieldKey }) {
  const { t } = useTranslation(['pipes', 'forms']);
  const value = fields[field];
  let shown = String(value);
  if (field === 'productionDate') {
    const stamp = formatProductionStamp(fields.productionDate);
    shown =
      fields.productionDateSource === 'hose-quarter'
        ? t('pipes:marking.dateQuarter', {
            quarter: Math.floor((Number(fields.productionDate!.slice(5, 7)) - 1) / 3) + 1,
            year: fields.productionDate!.slice(0, 4),
          })
        : t('pipes:marking.dateAssembly', { stamp });
  }
  if (field === 'dn') shown = `DN ${value}`;
  if (field === 'maxPn') shown = `${value} ${t('forms:units.bar')}`;
  return (
    <Group gap={6} wrap="wrap">
      <Text size="sm">{t(`pipes:marking.fields.${field}`)}:</Text>
      <Text size="sm" fw={700} data-testid={`marking-value-${field}`} data-value={String(value)}>
        {shown}
      </Text>
    </Group>
  );
}

export function ReadMarkingDialog({
  opened,
  onClose,
  onConfirm,
  onIllegible,
}: ReadMarkingDialogProps) {
  const { t } = useTranslation(['pipes', 'common']);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [confirmed, setConfirmed] = useState<Partial<Record<MarkingFieldKey, string>>>({});
  const [busy, setBusy] = useState(false);
  const firstUse = useRef(!engineUsed);
  const resetFile = useRef<() => void>(null);
  const fail = (message: string, photo: Blob | null = null) =>
    setStep({ kind: 'error', photo, message });
  const camera = useCamera(opened && step.kind === 'camera', (message) => fail(message));
  const photo = 'photo' in step ? step.photo : null;
  const photoUrl = useObjectUrl(photo ?? undefined);

  useEffect(() => {
    if (!opened) {
      setStep({ kind: 'choose' });
      setConfirmed({});
    }
  }, [opened]);

  const read = async (image: Blob) => {
    firstUse.current = !engineUsed;
    setConfirmed({});
    setStep({ kind: 'reading', photo: image });
    try {
      const { text } = await readText(image);
      engineUsed = true;
      setStep({ kind: 'review', photo: image, text: text.trim() });
    } catch (err) {
      fail(
        t(
          err instanceof OcrUnavailableError
            ? 'pipes:marking.notLoaded'
            : 'pipes:marking.readFailed',
        ),
        image,
      );
    } finally {
      resetFile.current?.();
    }
  };

  const fields = useMemo(
    () => (step.kind === 'review' ? markingFields(parseHoseMarking(step.text)) : {}),
    [step],
  );
  const present = MARKING_FIELD_KEYS.filter((key) => fields[key] !== undefined);
  const illegible = step.kind === 'review' && isIllegible(parseHoseMarking(step.text));

  const finish = async (action: () => void | Promise<void>) => {
    setBusy(true);
    try {
      await action();
      onClose();
    } catch {
      fail(t('pipes:marking.saveFailed'), photo);
    } finally {
      setBusy(false);
    }
  };

  const gallery = (
    <FileButton onChange={(f) => f && void read(f)} accept="image/*" resetRef={resetFile}>
      {(props) => (
        <Button variant="light" mih={44} {...props} data-testid="marking-gallery">
          {t('pipes:marking.gallery')}
        </Button>
      )}
    </FileButton>
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('pipes:marking.title')}
      size="lg"
      fullScreen={false}
      data-testid="marking-dialog"
    >
      <Stack gap="md">
        {step.kind === 'choose' ? (
          <>
            <Text size="sm">{t('pipes:marking.intro')}</Text>
            {firstUse.current ? (
              <Text size="sm" c="dimmed">
                {t('pipes:marking.firstUse')}
              </Text>
            ) : null}
            <Group gap="xs">
              <Button
                mih={44}
                onClick={() => setStep({ kind: 'camera' })}
                data-testid="marking-camera"
              >
                {t('pipes:marking.camera')}
              </Button>
              {gallery}
            </Group>
          </>
        ) : null}

        {step.kind === 'camera' ? (
          <>
            <div className={classes.viewfinder}>
              <video
                ref={camera.video}
                className={classes.video}
                muted
                playsInline
                aria-label={t('pipes:marking.viewfinder')}
              />
              <div className={classes.frame} aria-hidden />
            </div>
            <Text size="sm" c="dimmed">
              {t('pipes:marking.frameHint')}
            </Text>
            <Group gap="xs">
              <Button
                mih={44}
                data-testid="marking-capture"
                onClick={async () => {
                  const shot = await camera.capture();
                  if (shot) await read(shot);
                  else fail(t('pipes:marking.cameraFailed'));
                }}
              >
                {t('pipes:marking.capture')}
              </Button>
              {gallery}
            </Group>
          </>
        ) : null}

        {photoUrl ? (
          <Image
            src={photoUrl}
            alt={t('pipes:marking.photoAlt')}
            mah={200}
            fit="contain"
            radius="sm"
          />
        ) : null}

        {step.kind === 'reading' ? (
          <Group gap="sm" role="status" aria-live="polite" data-testid="marking-reading">
            <Loader size="sm" />
            <Text size="sm">
              {firstUse.current ? t('pipes:marking.loadingFirst') : t('pipes:marking.reading')}
            </Text>
          </Group>
        ) : null}

        {step.kind === 'error' ? (
          <>
            <Alert color="red" role="alert" data-testid="marking-error">
              {step.message}
            </Alert>
            <Group gap="xs">
              <Button variant="light" mih={44} onClick={() => setStep({ kind: 'choose' })}>
                {t('pipes:marking.again')}
              </Button>
              {step.photo && onIllegible ? (
                <Button
                  variant="subtle"
                  color="orange"
                  mih={44}
                  onClick={() => void finish(() => onIllegible(step.photo!))}
                >
                  {t('pipes:marking.cannotRead')}
                </Button>
              ) : null}
            </Group>
          </>
        ) : null}

        {step.kind === 'review' ? (
          <>
            <Textarea
              label={t('pipes:marking.text')}
              description={t('pipes:marking.textHint')}
              autosize
              minRows={2}
              value={step.text}
              onChange={(e) => setStep({ ...step, text: e.currentTarget.value })}
              data-testid="marking-text"
            />
            {illegible ? (
              <Alert color="orange" role="status" data-testid="marking-illegible">
                {t('pipes:marking.nothingRead')}
              </Alert>
            ) : (
              <Stack gap={6} role="group" aria-label={t('pipes:marking.fieldsLabel')}>
                <Text size="sm" fw={500}>
                  {t('pipes:marking.confirmHint')}
                </Text>
                {present.map((key) => {
                  const value = fieldValue(fields, key);
                  return (
                    <Checkbox
                      key={key}
                      data-testid={`marking-confirm-${key}`}
                      checked={confirmed[key] === value}
                      onChange={(e) => {
                        const on = e.currentTarget.checked;
                        setConfirmed((c) => ({ ...c, [key]: on ? value : undefined }));
                      }}
                      label={<FieldLabel fields={fields} field={key} />}
                    />
                  );
                })}
              </Stack>
            )}
            <Group gap="xs" justify="space-between">
              <Group gap="xs">
                <Button
                  mih={44}
                  loading={busy}
                  disabled={illegible}
                  data-testid="marking-apply"
                  onClick={() =>
                    void finish(() => onConfirm(confirmedFields(fields, confirmed), step.photo))
                  }
                >
                  {t('pipes:marking.apply')}
                </Button>
                <Button variant="light" mih={44} onClick={() => setStep({ kind: 'choose' })}>
                  {t('pipes:marking.again')}
                </Button>
              </Group>
              {onIllegible ? (
                <Button
                  variant="subtle"
                  color="orange"
                  mih={44}
                  disabled={busy}
                  data-testid="marking-cannot-read"
                  onClick={() => void finish(() => onIllegible(step.photo))}
                >
                  {t('pipes:marking.cannotRead')}
                </Button>
              ) : null}
            </Group>
          </>
        ) : null}
      </Stack>
    </Modal>
  );
}

export default ReadMarkingDialog;
