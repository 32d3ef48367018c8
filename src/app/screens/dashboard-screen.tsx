/**
 * Composes the start page from features that must not import each other: a customer user,
 * or staff with a selected customer, get the customer dashboard; staff without a selected
 * customer get the office's work across customers instead of a dead end. With a customer
 * selected, staff see which one is active, the way back to all customers and the work list,
 * which also has its own route (`WorkListScreen`, in the menu) whatever is selected.
 * The office's start loads on demand: the customer's first paint needs none of it.
 */
import { lazy, Suspense } from 'react';
import { Navigate } from 'react-router';
import { FullPageLoader } from '@components/full-page-loader';
import { DashboardPage } from '@features/dashboard/dashboard-page';
import { canApproveAudits } from '@domain/rules/audit-states';
import { canSeeAllDevices } from '@domain/rules/devices';
import { hasPermission, isCustomerUser } from '@domain/rules/permissions';
import type { SessionUser } from '@domain/schemas/session';
import { useAuthStore } from '@lib/auth';
import { usePublicConfigStore } from '../branding/public-config-store';
import { machinesPath, WORK_LIST_PATH } from '../layouts/nav-items';
import { useSelectionStore } from '@lib/selection/selection-store';

const OfficeStart = lazy(() =>
  import('@features/office/office-start').then((m) => ({ default: m.OfficeStart })),
);
const DeviceWarning = lazy(() =>
  import('@features/sync-status/device-warning').then((m) => ({ default: m.DeviceWarning })),
);
const ActiveCustomerBar = lazy(() =>
  import('@features/office/active-customer-bar').then((m) => ({
    default: m.ActiveCustomerBar,
  })),
);

function OfficeWork({ user }: { user: SessionUser }) {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <OfficeStart
        firstName={user.firstName}
        lastName={user.lastName}
        canApprove={canApproveAudits(user)}
        canManageOrders={hasPermission(user, 'admin-shop')}
        canAudit={hasPermission(user, 'module-dguv')}
        notices={
          canSeeAllDevices(user) ? (
            <Suspense fallback={null}>
              <DeviceWarning />
            </Suspense>
          ) : null
        }
      />
    </Suspense>
  );
}

export function DashboardScreen() {
  const user = useAuthStore((s) => s.user);
  const selectedCustomerId = useSelectionStore((s) => s.customerId);
  const customerName = usePublicConfigStore((s) => s.config?.customer?.name ?? null);
  const staff = user !== null && !isCustomerUser(user);
  if (staff && !selectedCustomerId) return <OfficeWork user={user} />;
  return (
    <>
      {staff ? (
        <Suspense fallback={null}>
          <ActiveCustomerBar workListHref={WORK_LIST_PATH} />
        </Suspense>
      ) : null}
      <DashboardPage machinesHref={machinesPath(selectedCustomerId)} customerName={customerName} />
    </>
  );
}

/** The office's work list, whatever customer is selected; customer users start at home. */
export function WorkListScreen() {
  const user = useAuthStore((s) => s.user);
  if (!user || isCustomerUser(user)) return <Navigate to="/" replace />;
  return <OfficeWork user={user} />;
}
