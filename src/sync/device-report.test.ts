// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { setMeta } from '../db/meta-repository';
import {
  DEVICE_REPORT_HEADER,
  deviceReportSchema,
  type DeviceReport,
} from '../domain/sync-contract';
import type { FetchLike } from '../lib/api/http';
import { STORAGE_WIPED_KEY } from '../db/storage-marker';
import { buildDeviceReport } from './device-report';
import {
  freshDb,
  mutatorFor,
  OTHER_USER,
  pipeInput,
  seedMachine,
  USER,
} from '@tests/fixtures/sync';
import { emptyPage, json, testEngine } from '@tests/fixtures/sync-engine';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

const HOUR = 3_600_000;

describe('device report', () => {
  it("counts the user's unsent and refused work and the age of the oldest entry", async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).create('pipe', pipeInput(machineId, 1));
    await mutatorFor(db).create('pipe', pipeInput(machineId, 2));
    await mutatorFor(db, OTHER_USER).create('pipe', pipeInput(machineId, 3));
    const entries = await db.outbox.where('userId').equals(USER).sortBy('localSeq');
    await db.outbox.update(entries[1]!.localSeq, { state: 'rejected' });
    const made = Date.parse(entries[0]!.createdAt);
    const report = await buildDeviceReport(db, USER, made + 30 * HOUR);
    expect(report).toMatchObject({
      pending: 1,
      oldestPendingAgeMs: 30 * HOUR,
      refused: 1,
      storagePersisted: 'unknown',
      storageWiped: false,
    });
    expect(deviceReportSchema.safeParse(report).success).toBe(true);
    await setMeta(db, STORAGE_WIPED_KEY, { at: new Date().toISOString(), pending: 3 });
    expect((await buildDeviceReport(db, USER)).storageWiped).toBe(true);
  });

  it('goes with every push and pull: before the push, and what is left before the pull', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).create('pipe', pipeInput(machineId, 1));
    await mutatorFor(db).create('pipe', pipeInput(machineId, 2));
    const sent: { path: string; report: DeviceReport }[] = [];
    const fetch: FetchLike = async (url, init) => {
      const headers = init.headers as Record<string, string>;
      const raw = headers[DEVICE_REPORT_HEADER];
      sent.push({ path: url, report: deviceReportSchema.parse(JSON.parse(raw ?? 'null')) });
      if (url.includes('/api/sync/pull')) return json(200, emptyPage);
      const body = JSON.parse(String(init.body)) as {
        mutations: { mutationId: string; seq: number }[];
      };
      const results = body.mutations.map((m) => ({
        status: 'applied',
        mutationId: m.mutationId,
        seq: m.seq,
        httpStatus: 200,
        result: null,
      }));
      return json(200, { results, lastProcessedSeq: body.mutations.at(-1)?.seq ?? 0 });
    };
    const { engine } = testEngine(db, fetch, { getToken: () => 'token', getUserId: () => USER });
    expect(await engine.syncOnce()).toEqual({ kind: 'ok' });
    expect(sent.map((s) => [s.path.includes('push') ? 'push' : 'pull', s.report.pending])).toEqual([
      ['push', 2],
      ['pull', 0],
    ]);
    expect(sent[0]!.report.oldestPendingAgeMs).not.toBeNull();
    expect(sent[1]!.report.oldestPendingAgeMs).toBeNull();
  });
});
