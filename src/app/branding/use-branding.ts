/**
 * Branding per selected customer (docs/architecture.md): loads the public config for that customer, applies
 * its primary colour to the Mantine theme and swaps the favicon. Offline or without branding
 * the defaults apply; the test-environment flag and version stay from the last good answer.
 */
import type { MantineThemeOverride } from '@mantine/core';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPublicConfig } from '../../lib/api/public-config';
import { buildTheme } from '../../lib/theme/build-theme';
import { withControlNames } from '../../lib/theme/control-names';
import { useSelectionStore } from '../../lib/selection/selection-store';
import { applyFavicon } from './favicon';
import { usePublicConfigStore } from './public-config-store';

export function useBranding(): MantineThemeOverride {
  const { t } = useTranslation('common');
  const customerId = useSelectionStore((s) => s.customerId);
  const branding = usePublicConfigStore((s) => s.config?.customer ?? null);

  useEffect(() => {
    let cancelled = false;
    loadPublicConfig(customerId).then(
      (config) => {
        if (!cancelled) usePublicConfigStore.setState({ config });
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
  }, [customerId]);

  const primaryColor = branding?.primaryColor ?? null;
  const faviconUrl = branding?.faviconUrl ?? null;
  useEffect(() => applyFavicon(faviconUrl), [faviconUrl]);
  const close = t('close');
  return useMemo(() => withControlNames(buildTheme(primaryColor), close), [primaryColor, close]);
}
