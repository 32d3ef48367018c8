/**
 * `/customer/:customerId/machine/:machineId/dguv/:dguvId`: the DGUV report (docs/architecture.md) — customer
 * data, machine data, audit data, summary, visual check, defect report, next due dates, the
 * first-use checklist (docs/dguv-record.md) and signature — read
 * from the device, with approve, cancel and download (report-actions). An audit that is not
 * on this device shows docs/api.md 'error loading the audit' with a way back.
 */
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@components/page-header';
import { DefectReport, SignatureState } from './defect-report';
import { AuditFacts, CustomerFacts, MachineFacts } from './report-facts';
import { ReportActions, auditListPath } from './report-actions';
import { FirstUseChecklist, NextDue } from './report-record';
import { useReportData } from './use-report-data';
import { Summary, VisualCheck } from './visual-check';

function Loading() {
  return (
    <Center py="xl" role="status">
      <Loader size="sm" />
    </Center>
  );
}

export function DguvReportScreen() {
  const { t } = useTranslation('dguvReport');
  const { customerId = '', machineId = '', dguvId = '' } = useParams();
  const data = useReportData(dguvId);
  const back = { to: auditListPath({ companyId: customerId, machineId }), label: t('report.back') };

  if (data === undefined) return <Loading />;
  if (data === null) {
    return (
      <>
        <PageHeader title={t('report.title')} back={back} />
        <Alert color="red" role="alert" title={t('report.loadFailed')} data-testid="audit-missing">
          <Stack gap="sm" align="flex-start">
            {t('report.loadFailedHint')}
            <Button component={Link} to={back.to} variant="light">
              {back.label}
            </Button>
          </Stack>
        </Alert>
      </>
    );
  }

  const { audit, machine, lines } = data;
  const subtitle = machine
    ? [machine.machineType, machine.internalId].filter(Boolean).join(' · ')
    : undefined;
  return (
    <>
      <PageHeader
        title={t('report.title')}
        subtitle={subtitle}
        back={back}
        actions={<ReportActions audit={audit} />}
      />
      <Stack gap="md" data-testid="dguv-report">
        <CustomerFacts data={data} />
        <MachineFacts data={data} />
        <AuditFacts data={data} />
        {lines ? (
          <>
            <Summary lines={lines} />
            <VisualCheck lines={lines} />
            <DefectReport lines={lines} />
            <FirstUseChecklist data={data} lines={lines} />
            <NextDue data={data} lines={lines} />
          </>
        ) : (
          <Loading />
        )}
        <SignatureState audit={audit} />
      </Stack>
    </>
  );
}
