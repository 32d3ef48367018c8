/** Maintenance report screens (SPEC §2 machine maintenance/…). Placeholders until they land. */
import { RouteComingSoon } from '../../components/coming-soon';

export function MaintenanceAuditScreen() {
  return <RouteComingSoon />;
}
export function MaintenanceReportScreen() {
  return <RouteComingSoon />;
}
export function MaintenanceList() {
  return null;
}
