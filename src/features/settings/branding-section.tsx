/**
 * Branding per customer (docs/architecture.md): the colour and favicon/logo the app applies while that
 * customer is selected (served by `/api/public/config?customer=`). Online; administrators
 * save, other staff see it.
 */
import {
  Alert,
  Box,
  Button,
  ColorInput,
  ColorSwatch,
  Group,
  Image,
  Paper,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { snack } from '@components/snacks';
import { useCompanies } from '@db/hooks';
import { BRAND_COLOR_NAMES } from '@domain/rules/brand-colors';
import { brandingInputSchema } from '@domain/schemas/admin';
import { brandingChanged } from '@lib/branding/branding-changes';
import { looksLikeMessageKey } from '@lib/i18n/message-key';
import { useOnlineStatus } from '@lib/network/use-online-status';
import { brandColorHex } from '@lib/theme/build-theme';
import { fetchBranding, saveBranding } from './data/branding-api';

type Load = 'idle' | 'loading' | 'ready' | 'error';

export function BrandingSection({ canSave }: { canSave: boolean }) {
  const { t } = useTranslation(['settings', 'validation']);
  const online = useOnlineStatus();
  const companies = useCompanies();
  const [customerId, setCustomerId] = useState<string | null>(null);
  const [color, setColor] = useState('');
  const [favicon, setFavicon] = useState('');
  const [load, setLoad] = useState<Load>('idle');
  const [errors, setErrors] = useState<{ primaryColor?: string; faviconUrl?: string }>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!customerId || !online) return;
    const controller = new AbortController();
    setLoad('loading');
    fetchBranding(customerId, controller.signal).then(
      (b) => {
        setColor(b.primaryColor ?? '');
        setFavicon(b.faviconUrl ?? '');
        setLoad('ready');
      },
      () => {
        if (!controller.signal.aborted) setLoad('error');
      },
    );
    return () => controller.abort();
  }, [customerId, online]);

  const save = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!customerId) return;
    const parsed = brandingInputSchema.safeParse({
      primaryColor: color.trim() || null,
      faviconUrl: favicon.trim() || null,
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof typeof errors;
        next[key] = looksLikeMessageKey(issue.message)
          ? t(issue.message as never, { count: 500 })
          : t('validation:format');
      }
      setErrors(next);
      return;
    }
    setSaving(true);
    try {
      const saved = await saveBranding(customerId, parsed.data);
      setColor(saved.primaryColor ?? '');
      // The app shows the new colour and logo at once if this customer is the selected one.
      brandingChanged(customerId);
      snack({ text: t('branding.saved'), type: 'success' });
    } catch {
      snack({ text: t('saveError'), type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const preview = favicon.trim();
  // Names and hex colours alike preview as the theme will paint them.
  const shown = brandColorHex(color);
  const pick = (value: string) => {
    setColor(value);
    setErrors((e) => ({ ...e, primaryColor: undefined }));
  };
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={3} size="h4">
        {t('branding.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('branding.intro')}
      </Text>
      <form onSubmit={(e) => void save(e)} noValidate>
        <Stack gap="sm">
          {online ? null : (
            <Alert color="yellow" role="status" data-testid="branding-offline">
              {t('branding.offline')}
            </Alert>
          )}
          {canSave ? null : (
            <Text size="sm" c="dimmed">
              {t('branding.adminOnly')}
            </Text>
          )}
          <Select
            label={t('branding.customer')}
            placeholder={t('branding.customerPlaceholder')}
            data={(companies ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={customerId}
            onChange={setCustomerId}
            searchable
            maw={420}
            data-testid="branding-customer"
          />
          {load === 'error' ? (
            <Alert color="red" role="alert">
              {t('branding.loadError')}
            </Alert>
          ) : null}
          {customerId && load === 'ready' ? (
            <>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="branding-palette-label">
                  {t('branding.palette')}
                </Text>
                <Group gap={6} role="group" aria-labelledby="branding-palette-label">
                  {BRAND_COLOR_NAMES.map((name) => (
                    <ColorSwatch
                      key={name}
                      component="button"
                      type="button"
                      color={brandColorHex(name) ?? ''}
                      size={32}
                      aria-label={t(`branding.colors.${name}`)}
                      aria-pressed={color.trim().toLowerCase() === name}
                      disabled={!canSave}
                      onClick={() => pick(name)}
                      style={{ cursor: canSave ? 'pointer' : undefined }}
                      data-testid={`branding-swatch-${name}`}
                    >
                      {color.trim().toLowerCase() === name ? (
                        <Box w={10} h={10} bg="white" style={{ borderRadius: '50%' }} />
                      ) : null}
                    </ColorSwatch>
                  ))}
                </Group>
              </Stack>
              <ColorInput
                label={t('branding.color')}
                description={t('branding.colorHint')}
                value={color}
                onChange={pick}
                format="hex"
                // A palette name is a colour too: keep it on blur, preview it with its shade.
                fixOnBlur={false}
                withPreview={false}
                leftSection={<ColorSwatch color={shown ?? 'transparent'} size={18} />}
                error={errors.primaryColor}
                readOnly={!canSave}
                maw={320}
                data-testid="branding-color"
              />
              <TextInput
                label={t('branding.favicon')}
                description={t('branding.faviconHint')}
                value={favicon}
                onChange={(e) => {
                  setFavicon(e.currentTarget.value);
                  setErrors((er) => ({ ...er, faviconUrl: undefined }));
                }}
                error={errors.faviconUrl}
                readOnly={!canSave}
                data-testid="branding-favicon"
              />
              <Group gap="sm" align="center">
                <Text size="sm">{t('branding.preview')}</Text>
                <Box
                  w={32}
                  h={32}
                  style={{
                    borderRadius: 6,
                    background: shown ?? 'var(--mantine-color-gray-3)',
                  }}
                  data-testid="branding-preview"
                  data-color={shown ?? ''}
                />
                {preview ? <Image src={preview} alt="" w={32} h={32} fit="contain" /> : null}
              </Group>
              {canSave ? (
                <Group justify="flex-end">
                  <Button
                    type="submit"
                    loading={saving}
                    disabled={!online}
                    data-testid="branding-save"
                  >
                    {t('branding.save')}
                  </Button>
                </Group>
              ) : null}
            </>
          ) : null}
        </Stack>
      </form>
    </Paper>
  );
}
