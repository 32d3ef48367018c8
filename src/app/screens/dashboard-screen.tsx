/**
 * Composes the start page from features that must not import each other: a customer user,
 * or staff with a selected customer, get the customer dashboard; staff without a selected
 * customer get the office's work across customers (issue #13 item 8) instead of a dead end.
 */
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { OfficeStart } from '../../features/office/office-start';
import { hasPermission, isCustomerUser } from '../../domain/rules/permissions';
import { useAuthStore } from '../../lib/auth';
import { usePublicConfigStore } from '../branding/public-config-store';
import { machinesPath } from '../layouts/nav-items';
import { useSelectionStore } from '../../lib/selection/selection-store';

export function DashboardScreen() {
  const user = useAuthStore((s) => s.user);
  const selectedCustomerId = useSelectionStore((s) => s.customerId);
  const customerName = usePublicConfigStore((s) => s.config?.customer?.name ?? null);
  if (user && !isCustomerUser(user) && !selectedCustomerId) {
    return (
      <OfficeStart
        firstName={user.firstName}
        lastName={user.lastName}
        canApprove={
          hasPermission(user, 'ui-admininstrator') || hasPermission(user, 'has-admin-permission')
        }
        canManageOrders={hasPermission(user, 'admin-shop')}
        canAudit={hasPermission(user, 'module-dguv')}
      />
    );
  }
  return (
    <DashboardPage machinesHref={machinesPath(selectedCustomerId)} customerName={customerName} />
  );
}
