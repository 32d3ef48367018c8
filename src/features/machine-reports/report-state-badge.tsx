/** The state of an inspection or maintenance report: draft (still open) or complete (signed). */
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReportState } from '@domain/schemas/reports';
import { REPORT_NS, type ReportEntity } from './report-kinds';
import { WRAP_BADGE } from '@components/wrap-styles';

export function ReportStateBadge({ entity, state }: { entity: ReportEntity; state: ReportState }) {
  const { t } = useTranslation(REPORT_NS[entity]);
  return (
    <Badge
      color={state === 'COMPLETE' ? 'green' : 'yellow'}
      variant="light"
      styles={WRAP_BADGE}
      style={{ flexShrink: 0 }}
      data-testid="report-state"
    >
      {t(`state.${state}`)}
    </Badge>
  );
}
