/** Providers and app-wide overlays only; screens live in the router. */
import { MantineProvider } from '@mantine/core';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { ConfirmDialog } from '../components/confirm';
import { OrderSlotProvider } from '../components/order-slot';
import { SnackStack } from '../components/snacks';
import { shopOrderSlot } from '../features/shop/order-slot';
import { useBranding } from './branding/use-branding';
import { usePublicConfigStore } from './branding/public-config-store';
import { createAppRouter } from './router';
import { PwaUpdatePrompt } from './shell/pwa-update-prompt';
import { SessionEffects } from './shell/session-effects';
import { SessionExpiredNotice } from './shell/session-expired-notice';
import { TestEnvBanner } from './shell/test-env-banner';

export function App() {
  const theme = useBranding();
  const isTestEnv = usePublicConfigStore((s) => s.config?.isTestEnv === true);
  // One router per app instance (created on first render, not at import time, for tests).
  const [router] = useState(createAppRouter);
  return (
    <MantineProvider theme={theme} defaultColorScheme="light">
      <SessionEffects />
      {/* The shop's order buttons in the hose and DGUV screens (features never import each other). */}
      <OrderSlotProvider value={shopOrderSlot}>
        <RouterProvider router={router} />
      </OrderSlotProvider>
      {/* Mantine's ModalsProvider (confirm) and Notifications host (snack, the shop's messages). */}
      <ConfirmDialog />
      <SnackStack />
      <SessionExpiredNotice />
      <PwaUpdatePrompt />
      <TestEnvBanner visible={isTestEnv} />
    </MantineProvider>
  );
}
