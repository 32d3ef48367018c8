/**
 * Saving a report's work step, the same for inspections and maintenance: the lines and the
 * comment (the first save of a new report creates it, see data/draft-writes.ts), then on to signing
 * or a "saved" message.
 */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ReportEntity, ReportRow } from './data/report-queries';
import type { InspectionItem, MaintenanceItem } from '@domain/schemas/reports';
import { snack } from '@components/snacks';
import { writeDraft } from './data/draft-writes';
import { nsOf, type ReportPaths } from './report-kinds';

export function useDraftSave(entity: ReportEntity, report: ReportRow, paths: ReportPaths) {
  const { t } = useTranslation(nsOf(entity));
  const navigate = useNavigate();
  return async (input: Record<string, unknown>, finish: boolean) => {
    await writeDraft(entity, report, {
      items: input.items as InspectionItem[] | MaintenanceItem[],
      comment: input.comment as string | null,
    });
    if (finish) await navigate(paths.audit(report.id, true));
    else snack({ text: t('audit.saved'), type: 'success' });
  };
}
