/**
 * DGUV entry rules of SPEC §2: /dguv needs a `machine` parameter unless an audit runs, and
 * /dguv/audit needs a running audit. Audits arrive with the DGUV update; until then none can be
 * running, which is what `AUDIT_RUNNING` states.
 */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { MachineIcon } from '../../components/icons';
import { StatusPanel } from '../../components/status-panel';
import { dguvAuditRedirect, dguvStartAllowed } from '../guards';
import { machinesPath } from '../layouts/nav-items';
import { useSelectionStore } from '../../lib/selection/selection-store';
import { ComingSoonScreen } from './coming-soon-screen';

const AUDIT_RUNNING = false;

export function DguvStartScreen() {
  const { t } = useTranslation(['errors', 'routes']);
  const { search } = useLocation();
  const selectedCustomerId = useSelectionStore((s) => s.customerId);
  if (dguvStartAllowed(search, AUDIT_RUNNING)) return <ComingSoonScreen />;
  return (
    <StatusPanel
      eyebrow={t('routes:dguv')}
      title={t('errors:dguvMachineRequired.title')}
      message={t('errors:dguvMachineRequired.message')}
      icon={<MachineIcon size={28} />}
      color="blue"
      actions={
        <Button component={Link} to={machinesPath(selectedCustomerId)}>
          {t('errors:dguvMachineRequired.action')}
        </Button>
      }
    />
  );
}

export function DguvAuditScreen() {
  const to = dguvAuditRedirect(AUDIT_RUNNING);
  return to ? <Navigate to={to} replace /> : <ComingSoonScreen />;
}
