/**
 * The overview at `/`: a welcome, the figures of the selected customer or location (counts,
 * DGUV overview, hoses due within 30 days, machines without location), or a prompt to select
 * a customer first with the hoses to replace at the next visit of all customers, and the main
 * areas of the app. The figures load after the first paint; the
 * areas follow once they show, so nothing on screen is pushed down (layout shift).
 */
import { SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CartIcon, ClipboardIcon, MachineIcon } from '@components/icons';
import { hasPermission, isCustomerUser } from '@domain/rules/permissions';
import type { SessionUser } from '@domain/schemas/session';
import { useAuthStore } from '@lib/auth';
import { useSelectionStore } from '@lib/selection/selection-store';
import { AreaCard } from './area-card';
import { OverviewPlaceholder } from './overview-placeholder';
import { SelectPrompt } from './select-prompt';

// The device database and the figures' queries come with it, after the first paint.
const CustomerOverview = lazy(() =>
  import('./customer-overview').then((m) => ({ default: m.CustomerOverview })),
);
const AllCustomersReplaceCard = lazy(() =>
  import('./all-customers-replace-card').then((m) => ({ default: m.AllCustomersReplaceCard })),
);

export interface DashboardPageProps {
  /** The machine list of the selected customer, or where to select one. */
  machinesHref: string;
  /** Name of the user's customer from its public branding, when known. */
  customerName: string | null;
}

export function DashboardPage({ machinesHref, customerName }: DashboardPageProps) {
  const { t } = useTranslation('dashboard');
  const user = useAuthStore((s) => s.user);
  const companyId = useSelectionStore((s) => s.customerId);
  const locationId = useSelectionStore((s) => s.locationId);
  // Once shown, the areas stay (a later change of scope must not make them jump).
  const [overviewShown, setOverviewShown] = useState(false);
  const onOverviewShown = useCallback(() => setOverviewShown(true), []);
  // One object per scope: the overview (memoised) does not render again when the areas appear.
  const scope = useMemo(
    () => (companyId ? { companyId, locationId } : null),
    [companyId, locationId],
  );
  if (!user) return null;
  const subtitle =
    isCustomerUser(user) && customerName
      ? t('subtitleCustomer', { customer: customerName })
      : t('subtitle');

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} data-testid="dashboard-welcome">
          {t('welcome', { firstName: user.firstName, lastName: user.lastName })}
        </Title>
        <Text c="dimmed" mt={4}>
          {subtitle}
        </Text>
      </div>

      {scope ? (
        <Suspense fallback={<OverviewPlaceholder />}>
          <CustomerOverview scope={scope} onShown={onOverviewShown} />
        </Suspense>
      ) : (
        <>
          <SelectPrompt />
          <Suspense fallback={<Skeleton height={120} aria-hidden="true" />}>
            <AllCustomersReplaceCard onShown={onOverviewShown} />
          </Suspense>
        </>
      )}

      {overviewShown ? <Areas user={user} machinesHref={machinesHref} /> : null}
    </Stack>
  );
}

type Area = { key: 'machines' | 'dguv' | 'orders'; to: string; icon: ReactNode };

function Areas({ user, machinesHref }: { user: SessionUser; machinesHref: string }) {
  const { t } = useTranslation('dashboard');
  const areas: Area[] = [
    { key: 'machines', to: machinesHref, icon: <MachineIcon /> },
    ...(hasPermission(user, 'module-dguv')
      ? [{ key: 'dguv', to: '/dguv', icon: <ClipboardIcon /> } satisfies Area]
      : []),
    { key: 'orders', to: '/orders', icon: <CartIcon /> },
  ];
  return (
    <section aria-labelledby="areas">
      <Title order={2} size="h4" id="areas" mb="sm">
        {t('areas.heading')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {areas.map(({ key, to, icon }) => (
          <AreaCard
            key={key}
            testId={`area-${key}`}
            to={to}
            icon={icon}
            title={t(`areas.${key}.title`)}
            description={t(`areas.${key}.description`)}
            action={t(`areas.${key}.action`)}
          />
        ))}
      </SimpleGrid>
    </section>
  );
}
