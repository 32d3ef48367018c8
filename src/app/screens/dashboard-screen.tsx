/** Composes the dashboard feature with app state it must not import itself. */
import { DashboardPage } from '../../features/dashboard/dashboard-page';
import { usePublicConfigStore } from '../branding/public-config-store';
import { machinesPath } from '../layouts/nav-items';
import { useSelectionStore } from '../../lib/selection/selection-store';

export function DashboardScreen() {
  const selectedCustomerId = useSelectionStore((s) => s.customerId);
  const customerName = usePublicConfigStore((s) => s.config?.customer?.name ?? null);
  return (
    <DashboardPage machinesHref={machinesPath(selectedCustomerId)} customerName={customerName} />
  );
}
