/**
 * The frame of every screen below one power unit: the heading (always, so a missing row
 * still names the screen), the power unit's name once loaded, a back link, and the body,
 * rendered only when the power unit exists on this device and belongs to the machine.
 */

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { RowState } from '@components/row-state';
import { PageHeader } from '@components/page-header';
import { useRow } from '@db/hooks';
import type { EntityRow } from '@db/entity-tables';
import { usePowerUnitName } from './names';
import { usePowerUnitPaths, type PowerUnitPaths } from './paths';

export interface PowerUnitPageProps {
  title: string;
  back?: { to: (paths: PowerUnitPaths) => string; label: string };
  actions?: (aggregate: EntityRow<'aggregate'>, paths: PowerUnitPaths) => ReactNode;
  children: (aggregate: EntityRow<'aggregate'>, paths: PowerUnitPaths) => ReactNode;
}

export function PowerUnitPage({ title, back, actions, children }: PowerUnitPageProps) {
  const { t } = useTranslation('parts');
  const paths = usePowerUnitPaths();
  const row = useRow('aggregate', paths.powerUnitId);
  const powerUnitName = usePowerUnitName();
  const aggregate =
    row && row.machineId === paths.machineId ? row : row === undefined ? undefined : null;
  const backLink = back ?? {
    to: (p: PowerUnitPaths) => p.powerUnit,
    label: t('powerUnit.backToPowerUnit'),
  };
  return (
    <>
      <PageHeader
        title={title}
        subtitle={aggregate ? powerUnitName(aggregate) : undefined}
        back={{ to: backLink.to(paths), label: backLink.label }}
        actions={aggregate && actions ? actions(aggregate, paths) : undefined}
      />
      <RowState row={aggregate}>{(row) => children(row, paths)}</RowState>
    </>
  );
}
