/**
 * The data sections of the DGUV report (docs/architecture.md): customer data, machine data and audit data,
 * each a titled card of label/value pairs.
 */
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuditStateBadge } from '@components/dguv-audit-table';
import { useOccasionText } from '@components/dguv-audit-parts';
import { formatMoment } from '@domain/format';
import { reportNumber } from '@domain/rules/report-number';
import { useEnumLabel } from '@components/forms';
import type { ReportData } from './use-report-data';

export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" style={{ overflowWrap: 'break-word' }}>
        {children ?? '–'}
      </Text>
    </Stack>
  );
}

export function Section({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Title order={3} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

export function CustomerFacts({ data }: { data: ReportData }) {
  const { t } = useTranslation('dguvReport');
  const { company, location } = data;
  const address = location
    ? [
        [location.street, location.houseNumber].filter(Boolean).join(' '),
        [location.zip, location.city].filter(Boolean).join(' '),
      ].join(', ')
    : null;
  return (
    <Section title={t('report.customer.title')} testId="report-customer">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <Fact label={t('report.customer.name')}>{company?.name}</Fact>
        <Fact label={t('report.customer.number')}>{company?.customerNumber}</Fact>
        <Fact label={t('report.customer.location')}>
          {location ? [location.addition, address].filter(Boolean).join(' – ') : null}
        </Fact>
      </SimpleGrid>
    </Section>
  );
}

export function MachineFacts({ data }: { data: ReportData }) {
  const { t } = useTranslation('dguvReport');
  const enumLabel = useEnumLabel();
  const { machine, manufacturer } = data;
  return (
    <Section title={t('report.machine.title')} testId="report-machine">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        <Fact label={t('report.machine.manufacturer')}>{manufacturer?.name}</Fact>
        <Fact label={t('report.machine.type')}>{machine?.machineType}</Fact>
        <Fact label={t('report.machine.internalId')}>{machine?.internalId}</Fact>
        <Fact label={t('report.machine.position')}>{machine?.positionOnLocation}</Fact>
        <Fact label={t('report.machine.interval')}>
          {machine ? enumLabel('CHANGEINTERVAL', machine.dguvInterval) : null}
        </Fact>
        <Fact label={t('report.machine.intervalCritical')}>
          {machine ? enumLabel('CHANGEINTERVAL', machine.dguvIntervalCritical) : null}
        </Fact>
      </SimpleGrid>
    </Section>
  );
}

export function AuditFacts({ data }: { data: ReportData }) {
  const { t, i18n } = useTranslation(['dguvReport', 'dguv']);
  const occasionText = useOccasionText();
  const { audit } = data;
  return (
    <Section title={t('report.audit.title')} testId="report-audit">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Fact label={t('report.audit.number')}>
          <span data-testid="report-number">{reportNumber(audit.startDate, audit.id)}</span>
        </Fact>
        <Fact label={t('report.audit.startDate')}>
          <span data-testid="report-start">{formatMoment(audit.startDate, i18n.language)}</span>
        </Fact>
        <Fact label={t('report.audit.auditor')}>{audit.auditor}</Fact>
        <Fact label={t('dguv:occasion.label')}>
          <span data-testid="report-occasion">{occasionText(audit)}</span>
        </Fact>
        <Fact label={t('report.audit.state')}>
          <AuditStateBadge state={audit.state} />
        </Fact>
        {audit.state === 'APPROVED' && audit.approvedBy ? (
          <Fact label={t('report.audit.approval')}>
            <span data-testid="report-approval">
              {t('report.audit.approvalText', {
                name: audit.approvedBy,
                date: formatMoment(audit.approvedAt, i18n.language),
              })}
            </span>
          </Fact>
        ) : null}
        <Fact label={t('report.audit.changeInterval')}>
          {audit.changeIntervalObserved ? t('report.yes') : t('report.no')}
        </Fact>
      </SimpleGrid>
    </Section>
  );
}
