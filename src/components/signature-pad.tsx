/**
 * Signature field (docs/architecture.md finish "date and signature", docs/api.md PNG): draw with finger, pen or
 * mouse; each finished stroke reports the drawing as a PNG blob (null when cleared). The
 * canvas follows its box's width so a phone and a desktop both get a usable pad; a resize
 * clears it (the strokes would be distorted), which the hint says.
 * Without a pointer (keyboard, screen reader, gloves) the name is typed instead
 * and written into the canvas: "Namen eintippen", or Enter/Space on the focused pad.
 */
import { Box, Button, Group, Input, Text, TextInput } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useEffect, useId, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import SignatureCanvasModule from 'react-signature-canvas';
import type ReactSignatureCanvas from 'react-signature-canvas';
import type { ReactSignatureCanvasProps } from 'react-signature-canvas';

// Under Vite 8 the default import can arrive as the module object.
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

const PEN = '#1a1b1e';

/** Writes `name` into the (cleared) canvas, centred, as large as fits. */
function writeName(canvas: HTMLCanvasElement, name: string) {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  const font = (size: number) =>
    `italic ${size}px "Segoe Script", "Brush Script MT", "URW Chancery L", cursive`;
  let size = Math.min(48, Math.round(canvas.height * 0.4));
  ctx.font = font(size);
  while (size > 12 && ctx.measureText(name).width > canvas.width - 24) {
    size -= 2;
    ctx.font = font(size);
  }
  ctx.fillStyle = PEN;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(name, canvas.width / 2, canvas.height / 2);
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
  const [typing, setTyping] = useState(false);
  const [typed, setTyped] = useState('');
  const typedInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const hintId = `${id}-state`;

  /** The typed name as the signature (none: cleared). */
  const sign = (name: string) => {
    const canvas = pad.current?.getCanvas();
    pad.current?.clear();
    if (!canvas || !name.trim()) {
      setEmpty(true);
      onChange(null);
      return;
    }
    writeName(canvas, name.trim());
    setEmpty(false);
    onChange(toPng(canvas));
  };

  // A new width means a new canvas size; the old strokes are gone (a typed name is rewritten).
  useEffect(() => {
    if (typed.trim()) sign(typed);
    else {
      setEmpty(true);
      onChange(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on a size change
  }, [width]);

  useEffect(() => {
    if (typing) typedInput.current?.focus();
  }, [typing]);

  useEffect(() => {
    if (disabled) pad.current?.off();
    else pad.current?.on();
  }, [disabled]);

  const clear = () => {
    pad.current?.clear();
    setTyped('');
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
      id={id}
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
            penColor={PEN}
            onEnd={strokeEnded}
            canvasProps={{
              width,
              height,
              role: 'img',
              'aria-label': label,
              'aria-describedby': `${id}-description ${hintId}`,
              // Reachable by Tab; Enter or Space there types the name instead.
              tabIndex: disabled ? -1 : 0,
              className: 'mantine-focus-auto',
              onKeyDown: (e) => {
                if (e.key !== 'Enter' && e.key !== ' ') return;
                e.preventDefault();
                if (typing) typedInput.current?.focus();
                else setTyping(true);
              },
              style: { display: 'block', width, height, borderRadius: 'var(--mantine-radius-sm)' },
            }}
          />
        ) : null}
      </Box>
      <Group justify="space-between" mt={4}>
        <Text id={hintId} size="xs" c="dimmed">
          {empty ? t('signature.empty') : t('signature.signed')}
        </Text>
        <Group gap="xs">
          {typing ? null : (
            <Button
              variant="subtle"
              size="xs"
              onClick={() => setTyping(true)}
              disabled={disabled}
              data-testid="signature-type"
            >
              {t('signature.type')}
            </Button>
          )}
          <Button variant="subtle" size="xs" onClick={clear} disabled={disabled || empty}>
            {t('signature.clear')}
          </Button>
        </Group>
      </Group>
      {typing ? (
        <TextInput
          ref={typedInput}
          mt="xs"
          label={t('signature.typed')}
          description={t('signature.typedHint')}
          autoComplete="name"
          value={typed}
          disabled={disabled}
          data-testid="signature-typed"
          onChange={(e) => {
            setTyped(e.currentTarget.value);
            sign(e.currentTarget.value);
          }}
        />
      ) : null}
    </Input.Wrapper>
  );
}
