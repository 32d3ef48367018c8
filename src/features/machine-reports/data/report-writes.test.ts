import { afterEach, describe, expect, it } from 'vitest';
import { getBlob } from '@db/blob-repository';
import type { SchlauchDb } from '@db/database';
import { freshDb, mutatorFor, seedMachine } from '@tests/fixtures/sync';
import { finishReport } from './report-writes';

let db: SchlauchDb;
afterEach(async () => {
  await db.delete();
});

/** A PNG as the signature pad delivers it (the signature bytes themselves do not matter). */
const png = () =>
  new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], {
    type: 'image/png',
  });

describe('finishing a report', () => {
  it.each(['inspection', 'maintenance'] as const)(
    'stores the signature and completes the %s, the finish waiting for the signature',
    async (entity) => {
      db = freshDb();
      const { machineId, companyId } = await seedMachine(db);
      const mutator = mutatorFor(db);
      const draft = await mutator.create(entity, {
        machineId,
        date: '2026-11-01',
        technician: 'Tom Techniker',
      });
      const signatureId = await finishReport({
        entity,
        report: draft,
        png: png(),
        date: '2026-11-20',
        technician: 'Tom T.',
        mutator,
        db,
      });

      const row = await db.table(entity).get(draft.id);
      expect(row).toMatchObject({
        state: 'COMPLETE',
        signatureId,
        date: '2026-11-20',
        technician: 'Tom T.',
      });
      const signature = await db.table('signature').get(signatureId);
      expect(signature).toMatchObject({
        companyId,
        auditor: 'Tom T.',
        name: 'audit-signature.png',
        mimeType: 'image/png',
      });
      const blob = await getBlob(db, String(signature.content));
      expect(blob?.mimeType).toBe('image/png');
      // The file of the signature row itself, uploaded before the row's create is applied.
      expect(blob).toMatchObject({ entity: 'signature', rowId: signature.id });

      // The finishing call is queued after the signature's create and waits for it.
      const outbox = await db.outbox.orderBy('localSeq').toArray();
      const sigCreate = outbox.find((e) => e.recordId === signatureId && e.kind === 'create');
      const finish = outbox.find(
        (e) => e.recordId === draft.id && e.changedFields?.includes('state'),
      );
      expect(sigCreate && finish).toBeTruthy();
      expect(finish?.dependsOn).toContain(sigCreate?.mutationId);
      expect(finish?.body).toMatchObject({ data: { state: 'COMPLETE', signatureId } });
      // The signature's create carries its file (the server defers it until the upload).
      expect(sigCreate?.body).toMatchObject({ data: { content: signature.content } });
    },
  );
});
