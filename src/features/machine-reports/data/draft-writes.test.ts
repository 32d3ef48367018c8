// @vitest-environment jsdom
import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@db/database';
import { listMachineReports } from './report-queries';
import { uuidv7 } from '@domain/ids';
import { useAuthStore } from '@lib/auth';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { seedMachine } from '@tests/fixtures/sync';
import { onDraftStored, writeDraft } from './draft-writes';
import type { ReportRow } from '../report-kinds';

afterAll(async () => {
  await getDatabase().delete();
});

const outbox = async (recordId: string) =>
  (await getDatabase().outbox.toArray()).filter((e) => e.recordId === recordId);

/** A new report as the work screen holds it in memory (use-draft-report.ts). */
function inMemory(machineId: string, companyId: string): ReportRow<'maintenance'> {
  return {
    id: uuidv7(),
    companyId,
    version: 0,
    createdAt: '2026-05-04T08:00:00.000Z',
    updatedAt: '2026-05-04T08:00:00.000Z',
    deletedAt: null,
    machineId,
    technician: 'Tom Techniker',
    date: '2026-05-04',
    state: 'DRAFT',
    locale: 'de',
    comment: null,
    signatureId: null,
    photoIds: [],
    items: [],
  };
}

const oilChange = {
  description: 'Ölwechsel',
  partsReplaced: null,
  targetType: null,
  targetId: null,
};

describe('writing a report of the work step', () => {
  beforeEach(() => {
    useAuthStore.setState({
      ...initialAuthStateForTest,
      status: 'authenticated',
      user: staffUser,
      accessToken: 't',
    });
  });

  it('creates a new report with its first input in one create call, then updates it', async () => {
    const { machineId, companyId } = await seedMachine(getDatabase());
    const report = inMemory(machineId, companyId);
    const stored = vi.fn();
    const stop = onDraftStored(report.id, stored);

    await writeDraft('maintenance', report, { items: [oilChange], comment: null });
    expect(stored).toHaveBeenCalledTimes(1);
    const [row] = await listMachineReports(getDatabase(), 'maintenance', machineId);
    expect(row).toMatchObject({
      id: report.id,
      companyId,
      state: 'DRAFT',
      technician: 'Tom Techniker',
      date: '2026-05-04',
      version: 1,
      items: [oilChange],
    });
    const entries = await outbox(report.id);
    expect(entries.map((e) => e.kind)).toEqual(['create']);
    expect(entries[0]?.body).toMatchObject({ data: { id: report.id, items: [oilChange] } });

    // Later writes change the stored row; the listener is not called again.
    await writeDraft('maintenance', report, { comment: 'Alles sauber' });
    expect(stored).toHaveBeenCalledTimes(1);
    const [after] = await listMachineReports(getDatabase(), 'maintenance', machineId);
    expect(after).toMatchObject({ items: [oilChange], comment: 'Alles sauber' });
    stop();
  });

  it('creates a report once when two first writes race (a photo and a save)', async () => {
    const { machineId, companyId } = await seedMachine(getDatabase());
    const report = inMemory(machineId, companyId);
    await Promise.all([
      writeDraft('maintenance', report, { items: [oilChange] }),
      writeDraft('maintenance', report, { comment: 'Filter verschmutzt' }),
    ]);
    const rows = await listMachineReports(getDatabase(), 'maintenance', machineId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ items: [oilChange], comment: 'Filter verschmutzt' });
    expect((await outbox(report.id)).filter((e) => e.kind === 'create')).toHaveLength(1);
  });
});
