/**
 * Header: menu toggle (mobile), product name, the selected customer's logo, scan (phones), sync
 * status, language menu, signed-in user. The sync status (with its tooltip) loads after the
 * first paint.
 */
import { Anchor, Box, Burger, Group, Image, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@components/language-switcher';
import { ScanButton } from '@features/scan/scan-button';
import { useAuthStore } from '@lib/auth';
import { usePublicConfigStore } from '../branding/public-config-store';
import { PRODUCT_NAME } from '../title';

const SyncStatusIndicator = lazy(() =>
  import('@features/sync-status/sync-status-indicator').then((m) => ({
    default: m.SyncStatusIndicator,
  })),
);

const HeaderActiveCustomer = lazy(() =>
  import('@features/office/active-customer-name').then((m) => ({
    default: m.HeaderActiveCustomer,
  })),
);

export interface AppHeaderProps {
  /** Omitted where the layout has no sidebar. */
  navbar?: { opened: boolean; toggle: () => void };
}

type NamedUser = { firstName: string; lastName: string; name: string; username: string };

/** First and last name; the display name or login name when the provider has none. */
export function fullName(user: NamedUser): string {
  return `${user.firstName} ${user.lastName}`.trim() || user.name.trim() || user.username;
}

/**
 * The selected customer's logo (their branding's favicon/logo file), named by the customer for
 * screen readers; at most 32 px high and, on a phone, narrow enough to leave the header room.
 */
export function HeaderLogo() {
  const branding = usePublicConfigStore((s) => s.branding);
  if (!branding?.faviconUrl) return null;
  return (
    <Image
      src={branding.faviconUrl}
      alt={branding.name}
      h={32}
      w="auto"
      maw={{ base: 64, sm: 160 }}
      fit="contain"
      style={{ flexShrink: 0 }}
      data-testid="header-logo"
    />
  );
}

export function AppHeader({ navbar }: AppHeaderProps) {
  const { t } = useTranslation('shell');
  const user = useAuthStore((s) => s.user);
  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        {navbar ? (
          <Burger
            opened={navbar.opened}
            onClick={navbar.toggle}
            hiddenFrom="sm"
            size="sm"
            w={44}
            h={44}
            aria-label={navbar.opened ? t('closeNavigation') : t('openNavigation')}
            aria-expanded={navbar.opened}
            aria-controls="app-navbar"
          />
        ) : null}
        {/* Phones need the room for the user's name; the document title names the app there. */}
        <Anchor
          component={Link}
          to="/"
          underline="never"
          c="inherit"
          aria-label={t('homeLink')}
          visibleFrom="xs"
        >
          <Text fw={700} size="lg">
            {PRODUCT_NAME}
          </Text>
        </Anchor>
        <HeaderLogo />
        {/* Which customer the machine screens are about; phones read it in the menu. */}
        {user ? (
          <Box visibleFrom="md" style={{ minWidth: 0 }}>
            <Suspense fallback={null}>
              <HeaderActiveCustomer />
            </Suspense>
          </Box>
        ) : null}
      </Group>
      <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
        {/* Phones scan hose labels from anywhere; desktops have no camera to aim. */}
        {user ? (
          <Box hiddenFrom="sm">
            <ScanButton variant="icon" />
          </Box>
        ) : null}
        <Suspense fallback={null}>
          <SyncStatusIndicator />
        </Suspense>
        <LanguageSwitcher />
        {user ? (
          // The user's name opens their account page (change password, /profile).
          <Anchor
            component={Link}
            to="/profile"
            size="sm"
            fw={500}
            c="inherit"
            truncate="end"
            maw={{ base: 120, sm: 260 }}
            // The name gives way first on a narrow phone: status and language stay whole. It
            // stays a 44 px target however short ("T…") when the sync status takes the room.
            style={{ minWidth: 44, flexShrink: 1 }}
            title={t('signedInAs', { name: fullName(user) })}
            lh="44px"
            data-testid="user-full-name"
          >
            {fullName(user)}
          </Anchor>
        ) : null}
      </Group>
    </Group>
  );
}
