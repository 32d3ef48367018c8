/**
 * The signed-in layouts: default (header + sidebar) and no-sidebar. Loaded on demand by
 * app-layout.tsx, so the sign-in page's bundle carries no menus, sync status or order badge.
 */
import { AppShell, Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { SyncNotices } from '@features/sync-status/sync-notices';
import { usePublicConfigStore } from '../branding/public-config-store';
import { MAIN_CONTENT_ID, SkipLink } from '../shell/skip-link';
import { TEST_ENV_BANNER_HEIGHT } from '../shell/test-env-banner';
import { AppHeader } from './app-header';
import { AppNavbar } from './app-navbar';

const HEADER_HEIGHT = 60;

export function DefaultLayout({ children }: { children: ReactNode }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  // Keeps the version line above the fixed test-environment banner.
  const bannerShown = usePublicConfigStore((s) => s.config?.isTestEnv === true);
  return (
    <AppShell
      header={{ height: HEADER_HEIGHT }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <AppHeader navbar={{ opened, toggle }} />
      </AppShell.Header>
      <AppShell.Navbar p="sm" pb={bannerShown ? TEST_ENV_BANNER_HEIGHT + 8 : 'sm'} id="app-navbar">
        <AppNavbar onNavigate={close} />
      </AppShell.Navbar>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Box pb={48}>
          <SyncNotices />
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}

export function NoSidebarLayout({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <SkipLink />
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
        <Box pb={48}>
          <SyncNotices />
          {children}
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
