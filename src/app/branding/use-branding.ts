/**
 * Branding per selected customer (docs/architecture.md): loads the public config for that
 * customer, applies its primary colour to the Mantine theme and swaps the favicon. The theme has
 * one source: the customer's branding as last received (remembered on the device, so every
 * page load starts in it rather than flipping from the default), replaced by the server's
 * answer. Without branding the defaults apply; the test-environment flag and version stay from
 * the last good answer. A branding saved on this page (lib/branding/branding-changes) is fetched
 * again at once, so a new colour or logo shows without a reload.
 */
import type { MantineThemeOverride } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { Branding } from '@domain/schemas/public-config';
import { useTranslation } from 'react-i18next';
import { loadPublicConfig } from '@lib/api/public-config';
import { buildTheme } from '@lib/theme/build-theme';
import { withControlNames } from '@lib/theme/control-names';
import { useSelectionStore } from '@lib/selection/selection-store';
import { useBrandingChanges } from '@lib/branding/branding-changes';
import { applyFavicon } from './favicon';
import { usePublicConfigStore } from './public-config-store';
import { rememberBranding, rememberedBranding } from './remembered-branding';

export function useBranding(): MantineThemeOverride {
  const { t } = useTranslation('common');
  const customerId = useSelectionStore((s) => s.customerId);
  // Bumped when an administrator saves this customer's branding: fetch it again at once.
  const saved = useBrandingChanges((s) => (customerId ? (s.saved[customerId] ?? 0) : 0));
  const [branding, setBranding] = useState<{ for: string | null; branding: Branding | null }>(
    () => ({ for: customerId, branding: rememberedBranding(customerId) }),
  );
  // Another customer selected: their remembered branding at once, before the server answers.
  if (branding.for !== customerId) {
    setBranding({ for: customerId, branding: rememberedBranding(customerId) });
  }

  useEffect(() => {
    let cancelled = false;
    loadPublicConfig(customerId).then(
      (config) => {
        if (cancelled) return;
        usePublicConfigStore.setState({ config });
        const own = config.customer?.customerId === customerId ? config.customer : null;
        if (customerId) rememberBranding(customerId, own);
        // Usually what the device remembered: then nothing renders again.
        setBranding((shown) =>
          shown.for === customerId && sameBranding(shown.branding, own)
            ? shown
            : { for: customerId, branding: own },
        );
      },
      () => {
        // Unreachable: drop only the branding, which may belong to another customer.
        if (cancelled) return;
        usePublicConfigStore.setState((s) => ({
          config: s.config ? { ...s.config, customer: null } : null,
        }));
      },
    );
    return () => {
      cancelled = true;
    };
  }, [customerId, saved]);

  const primaryColor = branding.branding?.primaryColor ?? null;
  const faviconUrl = branding.branding?.faviconUrl ?? null;
  useEffect(() => applyFavicon(faviconUrl), [faviconUrl]);
  // The header shows the customer's logo and name from here (app-header.tsx).
  const shown = branding.branding;
  useEffect(() => usePublicConfigStore.setState({ branding: shown }), [shown]);
  const close = t('close');
  return useMemo(() => withControlNames(buildTheme(primaryColor), close), [primaryColor, close]);
}

function sameBranding(a: Branding | null, b: Branding | null): boolean {
  if (a === null || b === null) return a === b;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<keyof Branding>;
  return [...keys].every((k) => a[k] === b[k]);
}
