/** The list, create and edit screens of every part kind (docs/architecture.md), one generic module. */
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { NotFoundNotice } from '@components/not-found-notice';
import { useRow } from '@db/hooks';
import type { EntityRow } from '@db/entity-tables';
import type { PartEntityName } from '@domain/schemas/parts';
import { useCanEdit } from '@lib/auth';
import { PartForm } from './part-form';
import { PartList } from './part-list';
import { PowerUnitPage } from './power-unit-page';

export interface PartScreenProps {
  kind: PartEntityName;
}

export function PartListScreen({ kind }: PartScreenProps) {
  const { t } = useTranslation(['routes', 'forms']);
  const canEdit = useCanEdit();
  return (
    <PowerUnitPage
      title={t(`routes:parts.${kind}.list`)}
      actions={(_, paths) =>
        canEdit ? (
          <Button component={Link} to={paths.partCreate(kind)} data-testid="part-create">
            {t('forms:create')}
          </Button>
        ) : null
      }
    >
      {(_, paths) => <PartList kind={kind} paths={paths} canEdit={canEdit} />}
    </PowerUnitPage>
  );
}

export function PartCreateScreen({ kind }: PartScreenProps) {
  const { t } = useTranslation(['routes', 'parts']);
  return (
    <PowerUnitPage
      title={t(`routes:parts.${kind}.create`)}
      back={{ to: (p) => p.parts(kind), label: t(`routes:parts.${kind}.list`) }}
    >
      {(aggregate, paths) => (
        <PartForm kind={kind} aggregate={aggregate} listHref={paths.parts(kind)} />
      )}
    </PowerUnitPage>
  );
}

export function PartEditScreen({ kind }: PartScreenProps) {
  const { t } = useTranslation(['routes', 'parts']);
  const { partId } = useParams();
  const part = useRow(kind, partId);
  return (
    <PowerUnitPage
      title={t(`routes:parts.${kind}.edit`)}
      back={{ to: (p) => p.parts(kind), label: t(`routes:parts.${kind}.list`) }}
    >
      {(aggregate, paths) => {
        if (part === undefined) return null;
        const row = part as EntityRow<PartEntityName> | null;
        if (!row || row.aggregateId !== aggregate.id) return <NotFoundNotice />;
        return (
          <PartForm
            key={row.id}
            kind={kind}
            aggregate={aggregate}
            row={row}
            listHref={paths.parts(kind)}
          />
        );
      }}
    </PowerUnitPage>
  );
}
