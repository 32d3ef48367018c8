/**
 * The documents of one tab: name (the download link), date, size and, for staff, delete. A
 * file still on this device downloads from there; otherwise from the server, which resolves
 * the document's file (`GET /api/cms/document/{id}/file`, token in the query as docs/api.md allows).
 */
import { Anchor, Badge, Group, Table, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '@components/forms';
import { useLocalBlob } from '@db/hooks';
import type { MachineDocument } from '@domain/schemas/reports';
import { getAccessToken, useCanEdit } from '@lib/auth';
import { useObjectUrl } from '@lib/object-url';
import { removeMachineDocument } from './data/machine-writes';
import { formatBytes, formatDay } from '@domain/format';

function serverUrl(documentId: string): string {
  const token = getAccessToken();
  const query = token ? `?${new URLSearchParams({ access_token: token })}` : '';
  return `/api/cms/document/${documentId}/file${query}`;
}

function DocumentRow({ doc, canEdit }: { doc: MachineDocument; canEdit: boolean }) {
  const { t, i18n } = useTranslation(['machines', 'forms']);
  const local = useLocalBlob(doc.fileId);
  const localUrl = useObjectUrl(local);
  return (
    <Table.Tr data-testid="document-row">
      <Table.Td style={{ overflowWrap: 'break-word' }}>
        <Group gap={6} wrap="wrap">
          <Anchor
            href={localUrl ?? serverUrl(doc.id)}
            download={doc.name}
            target="_blank"
            rel="noopener"
            size="sm"
            title={t('machines:documents.download')}
            data-testid="document-download"
          >
            {doc.name}
          </Anchor>
          {localUrl ? (
            <Badge size="xs" variant="light" color="gray">
              {t('machines:documents.pending')}
            </Badge>
          ) : null}
        </Group>
      </Table.Td>
      <Table.Td>{formatDay(doc.createdAt, i18n.language)}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatBytes(doc.size, i18n.language)}</Table.Td>
      {canEdit ? (
        <Table.Td>
          <DeleteButton
            name={doc.name}
            size="xs"
            variant="subtle"
            label={t('forms:delete')}
            failureText={t('machines:documents.deleteFailed')}
            onDelete={async () => {
              await removeMachineDocument(doc.id);
            }}
          />
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

export function DocumentList({ documents }: { documents: readonly MachineDocument[] }) {
  const { t } = useTranslation('machines');
  const canEdit = useCanEdit();
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing="xs" data-testid="document-list">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('documents.name')}</Table.Th>
            <Table.Th>{t('documents.date')}</Table.Th>
            <Table.Th>{t('documents.size')}</Table.Th>
            {canEdit ? (
              <Table.Th>
                <VisuallyHidden>{t('documents.actions')}</VisuallyHidden>
              </Table.Th>
            ) : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {documents.map((doc) => (
            <DocumentRow key={doc.id} doc={doc} canEdit={canEdit} />
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
