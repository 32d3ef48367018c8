/** Placeholder until this screen lands (issue #6). */
import { RouteComingSoon } from '../../../components/coming-soon';

export function DguvReportScreen() {
  return <RouteComingSoon />;
}
