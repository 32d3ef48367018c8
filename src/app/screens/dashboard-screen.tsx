/**
 * Composes the start page from features that must not import each other: a customer user,
 * or staff with a selected customer, get the customer dashboard; staff without a selected
 * customer get the office's work across customers (issue #13 item 8) instead of a dead end.
 * The office's start loads on demand: the customer's first paint needs none of it (issue #17).
 */
import { lazy, Suspense } from 'react';
import { FullPageLoader } from '../../components/full-page-loader';
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { canApproveAudits } from '../../domain/rules/audit-states';
import { hasPermission, isCustomerUser } from '../../domain/rules/permissions';
import { useAuthStore } from '../../lib/auth';
import { usePublicConfigStore } from '../branding/public-config-store';
import { machinesPath } from '../layouts/nav-items';
import { useSelectionStore } from '../../lib/selection/selection-store';

const OfficeStart = lazy(() =>
  import('../../features/office/office-start').then((m) => ({ default: m.OfficeStart })),
);

export function DashboardScreen() {
  const user = useAuthStore((s) => s.user);
  const selectedCustomerId = useSelectionStore((s) => s.customerId);
  const customerName = usePublicConfigStore((s) => s.config?.customer?.name ?? null);
  if (user && !isCustomerUser(user) && !selectedCustomerId) {
    return (
      <Suspense fallback={<FullPageLoader />}>
        <OfficeStart
          firstName={user.firstName}
          lastName={user.lastName}
          canApprove={canApproveAudits(user)}
          canManageOrders={hasPermission(user, 'admin-shop')}
          canAudit={hasPermission(user, 'module-dguv')}
        />
      </Suspense>
    );
  }
  return (
    <DashboardPage machinesHref={machinesPath(selectedCustomerId)} customerName={customerName} />
  );
}
