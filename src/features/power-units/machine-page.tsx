/**
 * The frame of the machine-level power-unit screens (list, create): heading, back link to
 * the machine, and the body once the machine exists on this device.
 */

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowState } from '@components/row-state';
import { PageHeader } from '@components/page-header';
import { useRow } from '@db/hooks';
import type { EntityRow } from '@db/entity-tables';
import { usePowerUnitPaths, type PowerUnitPaths } from './paths';

export interface MachinePageProps {
  title: string;
  back: { to: (paths: PowerUnitPaths) => string; label: string };
  actions?: ReactNode;
  children: (machine: EntityRow<'machine'>, paths: PowerUnitPaths) => ReactNode;
}

export function MachinePage({ title, back, actions, children }: MachinePageProps) {
  const { t } = useTranslation('parts');
  const paths = usePowerUnitPaths();
  const machine = useRow('machine', paths.machineId);
  const subtitle = machine
    ? [machine.machineType, machine.internalId].filter(Boolean).join(' · ')
    : undefined;
  return (
    <>
      <PageHeader
        title={title}
        subtitle={subtitle}
        back={{ to: back.to(paths), label: back.label || t('powerUnit.backToMachine') }}
        actions={machine ? actions : undefined}
      />
      <RowState row={machine}>{(row) => children(row, paths)}</RowState>
    </>
  );
}
