/** Sidebar with the docs/architecture.md menu and the app version at the bottom. */
import { AppShell, Badge, NavLink, Text } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import {
  AlertIcon,
  DevicesIcon,
  CartIcon,
  ClipboardIcon,
  HomeIcon,
  InfoIcon,
  LogoutIcon,
  MachineIcon,
  PointerIcon,
  SettingsIcon,
  ShieldIcon,
  UsersIcon,
  WrenchIcon,
} from '@components/icons';
import { useAuthStore } from '@lib/auth';
import { useSyncStore } from '@sync';
import { usePublicConfigStore } from '../branding/public-config-store';
import { useSelectionStore } from '@lib/selection/selection-store';
import { buildNavItems, isNavItemActive, type NavKey } from './nav-items';

// Counted on the device (the database loads with it), after the first paint.
const NavActiveCustomer = lazy(() =>
  import('@features/office/active-customer-name').then((m) => ({
    default: m.NavActiveCustomer,
  })),
);
const OrdersNavBadge = lazy(() =>
  import('@features/orders/orders-nav-badge').then((m) => ({ default: m.OrdersNavBadge })),
);

const ICONS: Record<NavKey, ReactNode> = {
  myCustomers: <UsersIcon size={18} />,
  selectCustomer: <PointerIcon size={18} />,
  selectLocation: <PointerIcon size={18} />,
  overview: <HomeIcon size={18} />,
  workList: <ClipboardIcon size={18} />,
  dayPlan: <ClipboardIcon size={18} />,
  myDay: <ClipboardIcon size={18} />,
  machines: <MachineIcon size={18} />,
  orders: <CartIcon size={18} />,
  configurator: <WrenchIcon size={18} />,
  cheatsheet: <InfoIcon size={18} />,
  settings: <SettingsIcon size={18} />,
  administration: <ShieldIcon size={18} />,
  devices: <DevicesIcon size={18} />,
  syncIssues: <AlertIcon size={18} />,
  logout: <LogoutIcon size={18} />,
};

// The version this app was built as (vite.config `define`): known offline, from the first paint.
const BUILD_VERSION = import.meta.env.VITE_APP_VERSION as string | undefined;

export function AppNavbar({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation('nav');
  const { pathname } = useLocation();
  const user = useAuthStore((s) => s.user);
  const selectedCustomerId = useSelectionStore((s) => s.customerId);
  const serverVersion = usePublicConfigStore((s) => s.config?.version);
  const version = BUILD_VERSION ?? serverVersion;
  const syncProblems = useSyncStore((s) => s.problems + s.blobsFailed);
  const items = buildNavItems(user, selectedCustomerId, syncProblems);
  return (
    <>
      {/* The browser's own scrolling: Mantine's ScrollArea would bring floating-ui into the
          first screen's bundle. */}
      <AppShell.Section grow style={{ overflowY: 'auto', minHeight: 0 }}>
        <nav aria-label={t('mainNavigation')}>
          {items.map((item) => {
            const active = isNavItemActive(item, pathname);
            return (
              <NavLink
                key={item.key}
                component={Link}
                to={item.to}
                mih={44}
                label={t(item.key)}
                description={
                  item.key === 'selectCustomer' ? (
                    <Suspense fallback={null}>
                      <NavActiveCustomer />
                    </Suspense>
                  ) : undefined
                }
                leftSection={ICONS[item.key]}
                rightSection={
                  item.key === 'syncIssues' ? (
                    <Badge color="red" size="sm" circle>
                      {syncProblems}
                    </Badge>
                  ) : item.key === 'orders' ? (
                    <Suspense fallback={null}>
                      <OrdersNavBadge />
                    </Suspense>
                  ) : undefined
                }
                active={active}
                aria-current={active ? 'page' : undefined}
                onClick={onNavigate}
                data-testid={`nav-${item.key}`}
              />
            );
          })}
        </nav>
      </AppShell.Section>
      <AppShell.Section pt="sm">
        <Text size="xs" c="dimmed" data-testid="app-version" px="sm">
          <ClipboardIcon size={12} style={{ verticalAlign: 'middle', marginRight: 4 }} />
          {t('version', { version: version ?? t('versionUnknown') })}
        </Text>
      </AppShell.Section>
    </>
  );
}
