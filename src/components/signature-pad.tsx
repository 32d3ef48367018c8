/**
 * Signature field (SPEC §2 finish "date and signature", §9 PNG): draw with finger, pen or
 * mouse; each finished stroke reports the drawing as a PNG blob (null when cleared). The
 * canvas follows its box's width so a phone and a desktop both get a usable pad; a resize
 * clears it (the strokes would be distorted), which the hint says.
 */
import { Box, Button, Group, Input, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import SignatureCanvasModule from 'react-signature-canvas';
import type ReactSignatureCanvas from 'react-signature-canvas';
import type { ReactSignatureCanvasProps } from 'react-signature-canvas';

// STACK trap 6: under Vite 8 the default import can arrive as the module object.
const SignatureCanvas = ((SignatureCanvasModule as unknown as { default?: unknown }).default ??
  SignatureCanvasModule) as ComponentType<
  ReactSignatureCanvasProps & { ref?: React.Ref<ReactSignatureCanvas> }
>;

export interface SignaturePadProps {
  label: string;
  /** The drawing as PNG, or null once cleared. */
  onChange: (png: Blob | null) => void;
  error?: string | null;
  required?: boolean;
  disabled?: boolean;
  height?: number;
}

/**
 * The drawing as PNG, synchronously: the form must have it the moment the stroke ends (an
 * asynchronous toBlob loses a race against a quick tap on "finish").
 */
function toPng(canvas: HTMLCanvasElement): Blob {
  const base64 = canvas.toDataURL('image/png').split(',')[1] ?? '';
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: 'image/png' });
}

export function SignaturePad({
  label,
  onChange,
  error,
  required,
  disabled,
  height = 180,
}: SignaturePadProps) {
  const { t } = useTranslation('forms');
  const pad = useRef<ReactSignatureCanvas>(null);
  const { ref: box, width } = useElementSize();
  const [empty, setEmpty] = useState(true);
  const hintId = useId();

  // A new width means a new canvas size; the old strokes are gone.
  useEffect(() => {
    setEmpty(true);
    onChange(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on a size change
  }, [width]);

  useEffect(() => {
    if (disabled) pad.current?.off();
    else pad.current?.on();
  }, [disabled]);

  const clear = () => {
    pad.current?.clear();
    setEmpty(true);
    onChange(null);
  };

  const strokeEnded = () => {
    const canvas = pad.current?.getCanvas();
    if (!canvas || pad.current?.isEmpty()) return;
    setEmpty(false);
    onChange(toPng(canvas));
  };

  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={error}
      description={t('signature.hint')}
    >
      <Box
        ref={box}
        mt={4}
        style={{
          border: `1px solid var(${error ? '--mantine-color-error' : '--mantine-color-default-border'})`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'white',
          touchAction: 'none',
          height,
        }}
      >
        {width > 0 ? (
          <SignatureCanvas
            ref={pad}
            penColor="#1a1b1e"
            onEnd={strokeEnded}
            canvasProps={{
              width,
              height,
              role: 'img',
              'aria-label': label,
              'aria-describedby': hintId,
              style: { display: 'block', width, height },
            }}
          />
        ) : null}
      </Box>
      <Group justify="space-between" mt={4}>
        <Text id={hintId} size="xs" c="dimmed">
          {empty ? t('signature.empty') : t('signature.signed')}
        </Text>
        <Button variant="subtle" size="xs" onClick={clear} disabled={disabled || empty}>
          {t('signature.clear')}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
