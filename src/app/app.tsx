/** Providers and app-wide overlays only; screens live in the router. */
import { MantineProvider, type MantineThemeOverride } from '@mantine/core';
import { lazy, memo, Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { OrderSlotProvider } from '../components/order-slot';
import { shopOrderSlot } from '../features/shop/order-slot';
import { useBranding } from './branding/use-branding';
import { usePublicConfigStore } from './branding/public-config-store';
import { createAppRouter, type AppRouter } from './router';
import { SessionEffects } from './shell/session-effects';
import { TestEnvBanner } from './shell/test-env-banner';
import { readableColors } from '../lib/theme/contrast';

// Loaded after the first paint: nothing in it shows before. Not later than that: a
// confirm asked for before its host is mounted would be lost (@mantine/modals).
const AppOverlays = lazy(() =>
  import('./shell/app-overlays').then((m) => ({ default: m.AppOverlays })),
);

export function App({ router: made }: { router?: AppRouter } = {}) {
  const theme = useBranding();
  const isTestEnv = usePublicConfigStore((s) => s.config?.isTestEnv === true);
  // One router per app instance: the one boot.tsx made, else made on the first render (not at
  // import time, for tests).
  const [router] = useState(() => made ?? createAppRouter());
  return <Providers theme={theme} router={router} isTestEnv={isTestEnv} />;
}

/**
 * Renders again only when the theme, the router or the test flag changes (memo): under
 * Mantine's provider the whole app renders, the theme's CSS variables are computed again
 * (docs/performance.md, "The signed-in pages").
 */
const Providers = memo(function Providers({
  theme,
  router,
  isTestEnv,
}: {
  theme: MantineThemeOverride;
  router: AppRouter;
  isTestEnv: boolean;
}) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={readableColors} defaultColorScheme="light">
      <SessionEffects />
      {/* The shop's order buttons in the hose and DGUV screens (features never import each other). */}
      <OrderSlotProvider value={shopOrderSlot}>
        <RouterProvider router={router} />
      </OrderSlotProvider>
      {/* Confirm dialogs, snacks, the session-expired notice and the update prompt. */}
      <Suspense fallback={null}>
        <AppOverlays />
      </Suspense>
      <TestEnvBanner visible={isTestEnv} />
    </MantineProvider>
  );
});
