/**
 * Machine report screens (docs/architecture.md machine inspection/…, uvvAudit, maintenance/…,
 * documents/inspection, documents/maintenance): both kinds share the audit frame, the report
 * view and the list; only the work step and the report's lines differ.
 */
import { useTranslation } from 'react-i18next';
import { InspectionChecklist } from './inspection/inspection-checklist';
import { InspectionItems } from './inspection/inspection-items';
import { MaintenanceItems } from './maintenance/maintenance-items';
import { MaintenanceWork } from './maintenance/maintenance-work';
import { ReportAuditFrame } from './report-audit-frame';
import { ReportList } from './report-list';
import { ReportView } from './report-view';

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

export function MaintenanceAuditScreen() {
  const { t } = useTranslation('routes');
  return (
    <ReportAuditFrame entity="maintenance" title={t('maintenanceAudit')}>
      {(report, paths) => <MaintenanceWork report={report} paths={paths} />}
    </ReportAuditFrame>
  );
}

export function MaintenanceReportScreen() {
  return (
    <ReportView
      entity="maintenance"
      renderItems={(report, labels) => <MaintenanceItems report={report} labels={labels} />}
    />
  );
}

/** The machine's maintenance reports above the uploaded documents of the maintenance tab. */
export function MaintenanceList() {
  return <ReportList entity="maintenance" />;
}
