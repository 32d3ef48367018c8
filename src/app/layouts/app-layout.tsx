/**
 * The three layouts of the route metadata: default (header + sidebar), no-sidebar, empty. The
 * first two (app-chrome.tsx) load on demand: the sign-in page needs only the empty one.
 */
import { Box, Center } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { FullPageLoader } from '@components/full-page-loader';
import type { LayoutKind } from '../route-handle';

const DefaultLayout = lazy(() =>
  import('./app-chrome').then((m) => ({ default: m.DefaultLayout })),
);
const NoSidebarLayout = lazy(() =>
  import('./app-chrome').then((m) => ({ default: m.NoSidebarLayout })),
);

function EmptyLayout({ children }: { children: ReactNode }) {
  return (
    <Center component="main" mih="100dvh" p="md">
      <Box w="100%" maw={720}>
        {children}
      </Box>
    </Center>
  );
}

export function AppLayout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  if (kind === 'empty') return <EmptyLayout>{children}</EmptyLayout>;
  const Layout = kind === 'no-sidebar' ? NoSidebarLayout : DefaultLayout;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Layout>{children}</Layout>
    </Suspense>
  );
}
