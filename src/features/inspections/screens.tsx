/** Inspection report screens (SPEC §2 machine inspection/…, uvvAudit, documents/inspection). */
import { useTranslation } from 'react-i18next';
import { ReportAuditFrame, ReportList, ReportView } from '../../components/machine-report';
import { InspectionChecklist } from './inspection-checklist';
import { InspectionItems } from './inspection-items';

function InspectionAudit({ title }: { title: string }) {
  return (
    <ReportAuditFrame entity="inspection" title={title}>
      {(report, paths) => <InspectionChecklist report={report} paths={paths} />}
    </ReportAuditFrame>
  );
}

/** The periodic machine safety inspection (UVV): the same checklist under its own title. */
export function UvvAuditScreen() {
  const { t } = useTranslation('inspections');
  return <InspectionAudit title={t('uvvTitle')} />;
}

export function InspectionAuditScreen() {
  const { t } = useTranslation('routes');
  return <InspectionAudit title={t('inspectionAudit')} />;
}

export function InspectionReportScreen() {
  return (
    <ReportView
      entity="inspection"
      renderItems={(report, labels) => <InspectionItems report={report} labels={labels} />}
    />
  );
}

/** The machine's inspections above the uploaded documents of the inspection tab. */
export function InspectionList() {
  return <ReportList entity="inspection" />;
}
