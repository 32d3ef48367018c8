/**
 * A machine's documents (docs/architecture.md documents/…): four tabs bound to the four routes. Uploaded
 * documents (DOCUMENT) can be added and deleted by staff; the DGUV, inspection and
 * maintenance tabs list the generated reports of this machine.
 */
import { Tabs } from '@mantine/core';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ListState } from '@components/list-state';
import { NotFoundNotice } from '@components/not-found-notice';
import { PageHeader } from '@components/page-header';
import { useRowsBy } from '@db/hooks';
import { useMachineSummary } from '@db/machine-queries';
import { useCanEdit } from '@lib/auth';
import { DocumentList } from './document-list';
import { DocumentUpload } from './document-upload';
import {
  DOCUMENT_TABS,
  documentsPath,
  machinePath,
  machineTitle,
  type DocumentKind,
} from './machine-format';

/** `reports`: the generated reports of this tab (DGUV audits, inspections, maintenance). */
export function MachineDocumentsScreen({
  kind,
  reports,
}: {
  kind: DocumentKind;
  reports?: ReactNode;
}) {
  const { t } = useTranslation(['machines', 'routes']);
  const { customerId = '', machineId = '' } = useParams();
  const navigate = useNavigate();
  const canEdit = useCanEdit();
  const summary = useMachineSummary(machineId);
  const all = useRowsBy('document', 'machineId', machineId);
  const documents = useMemo(
    () =>
      all?.filter((d) => d.kind === kind).sort((a, b) => b.createdAt.localeCompare(a.createdAt)),
    [all, kind],
  );
  if (summary === null) return <NotFoundNotice />;
  const base = machinePath(customerId, machineId);
  const title = summary ? machineTitle(summary.manufacturer, summary.machine) : '';

  return (
    <>
      <PageHeader
        title={t(`machines:documents.tabs.${kind}`)}
        subtitle={summary ? `${title} · ${summary.machine.internalId}` : undefined}
        back={{ to: base, label: t('machines:backToMachine') }}
      />
      <Tabs
        value={kind}
        onChange={(next) => next && void navigate(documentsPath(base, next as DocumentKind))}
        mb="md"
      >
        <Tabs.List>
          {DOCUMENT_TABS.map((tab) => (
            <Tabs.Tab key={tab.kind} value={tab.kind}>
              {t(`machines:documents.tabs.${tab.kind}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {reports}
      {kind === 'DOCUMENT' && canEdit ? <DocumentUpload machineId={machineId} /> : null}
      {reports && documents?.length === 0 ? null : (
        <ListState
          rows={documents}
          emptyText={
            kind === 'DOCUMENT'
              ? t('machines:documents.empty')
              : t('machines:documents.reportsEmpty')
          }
        >
          {(rows) => <DocumentList documents={rows} />}
        </ListState>
      )}
    </>
  );
}
