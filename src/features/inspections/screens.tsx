/** Inspection report screens (SPEC §2 machine inspection/…, uvvAudit). Placeholders until they land. */
import { RouteComingSoon } from '../../components/coming-soon';

export function UvvAuditScreen() {
  return <RouteComingSoon />;
}
export function InspectionAuditScreen() {
  return <RouteComingSoon />;
}
export function InspectionReportScreen() {
  return <RouteComingSoon />;
}
export function InspectionList() {
  return null;
}
