/** Outbox and conflict records as the engine leaves them, for the sync-status tests. */
import type { StoredRow } from '@db/entity-tables';
import type { ConflictRecord, OutboxEntry } from '@db/records';

let localSeq = 0;

export function outboxEntry(fields: Partial<OutboxEntry> & { mutationId: string }): OutboxEntry {
  localSeq += 1;
  return {
    localSeq,
    seq: null,
    userId: 'u-tech',
    name: 'cms.update',
    method: 'PATCH',
    path: '/cms/machine/update/0190a0b0-0000-7000-8000-000000000001',
    body: {},
    recordId: '0190a0b0-0000-7000-8000-000000000001',
    baseVersion: 1,
    changedFields: ['comment'],
    dependsOn: [],
    schemaVersion: 1,
    kind: 'update',
    entity: 'machine',
    state: 'pending',
    attempts: 0,
    lastError: null,
    error: null,
    nextAttemptAt: null,
    undo: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    ...fields,
  };
}

export function conflictRecord(entry: OutboxEntry): ConflictRecord {
  const serverRow = {
    id: entry.recordId ?? '',
    version: 4,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-01-05T10:15:00.000Z',
    deletedAt: null,
    companyId: null,
    comment: 'Vom Büro geändert',
  } as StoredRow;
  return {
    mutationId: entry.mutationId,
    entity: 'machine',
    recordId: entry.recordId ?? '',
    fields: ['comment'],
    mine: { comment: 'Vor Ort geändert' },
    theirs: { comment: 'Vom Büro geändert' },
    serverRow,
    createdAt: '2026-01-05T10:20:00.000Z',
  };
}
