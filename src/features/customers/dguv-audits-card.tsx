/** The customer's DGUV audits on the customer dashboard, newest first, with their machine. */
import { Card, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DguvAuditTable } from '@components/dguv-audit-table';
import { useAuditRows } from '@db/dguv-audit-list';

export function DguvAuditsCard({ customerId }: { customerId: string }) {
  const { t } = useTranslation('dguvReport');
  const rows = useAuditRows({ companyId: customerId });
  return (
    <Card withBorder padding="md" data-testid="customer-dguv-audits">
      <Title order={3} size="h4" mb="sm">
        {t('table.cardTitle')}
      </Title>
      <DguvAuditTable rows={rows} showMachine />
    </Card>
  );
}
