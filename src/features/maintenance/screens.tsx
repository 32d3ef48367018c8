/** Maintenance report screens (SPEC §2 machine maintenance/…, documents/maintenance). */
import { useTranslation } from 'react-i18next';
import { ReportAuditFrame, ReportList, ReportView } from '../../components/machine-report';
import { MaintenanceItems } from './maintenance-items';
import { MaintenanceWork } from './maintenance-work';

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
