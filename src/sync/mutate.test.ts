// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { getRow } from '../db/entity-repository';
import { getMeta } from '../db/meta-repository';
import { MutationError } from './errors';
import {
  freshDb,
  mutatorFor,
  onStoreAdd,
  pipeInput,
  seedMachine,
  USER,
} from '@tests/fixtures/sync';

let db: SchlauchDb;
let undoAdds: (() => void) | undefined;
afterEach(async () => {
  undoAdds?.();
  undoAdds = undefined;
  await db?.delete();
});

describe('mutate.create', () => {
  it('writes the row at once (version 1, device time, companyId of the parent) and queues the call', async () => {
    db = freshDb();
    const { machineId, companyId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const pipe = await mutate.create('pipe', pipeInput(machineId));

    expect(pipe).toMatchObject({
      machineId,
      companyId,
      version: 1,
      deletedAt: null,
      isCritical: false,
    });
    expect(pipe.createdAt).toBe(pipe.updatedAt);
    expect(await getRow(db, 'pipe', pipe.id)).toEqual(pipe);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      localSeq: 1,
      seq: null,
      kind: 'create',
      entity: 'pipe',
      name: 'cms.create',
      method: 'POST',
      path: '/cms/machinepart/hosepipe/create',
      recordId: pipe.id,
      userId: USER,
      state: 'pending',
      attempts: 0,
      dependsOn: [],
      baseVersion: null,
      changedFields: null,
    });
    expect(entry?.body).toEqual({
      data: expect.objectContaining({ id: pipe.id, companyId, code: 'T-000001' }),
    });
  });

  it('numbers entries from a counter in meta, one higher per write', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const a = await mutate.create('pipe', pipeInput(machineId, 1));
    await mutate.create('pipe', pipeInput(machineId, 2));
    await mutate.update('pipe', a.id, { length: 900 });
    await mutate.remove('pipe', a.id);
    const entries = await db.outbox.orderBy('localSeq').toArray();
    expect(entries.map((e) => e.localSeq)).toEqual([1, 2, 3]);
    expect(entries.map((e) => e.kind)).toEqual(['create', 'create', 'delete']);
    expect(await getMeta(db, 'localSeq')).toBe(3);
  });

  it('writes nothing when the outbox write fails (one transaction)', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    undoAdds = onStoreAdd('outbox', () => {
      throw new Error('disk full');
    });
    const mutate = mutatorFor(db);
    await expect(mutate.create('pipe', pipeInput(machineId))).rejects.toThrow('disk full');
    expect(await db.table('pipe').count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
    expect(await getMeta(db, 'localSeq')).toBeUndefined();
  });

  it('refuses invalid input with the field and message key, writing nothing', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const err = await mutate
      .create('pipe', { ...pipeInput(machineId), code: '  ' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MutationError);
    expect(err).toMatchObject({
      code: 'validation',
      field: 'code',
      message: 'validation:required',
    });
    expect(await db.table('pipe').count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('refuses a child of a parent this device does not have', async () => {
    db = freshDb();
    await seedMachine(db);
    const err = await mutatorFor(db)
      .create('pipe', pipeInput('0190a000-0000-7000-8000-000000000001'))
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'parent_missing', field: 'machineId' });
  });

  it('gives a customer its own id as scope and global rows none', async () => {
    db = freshDb();
    const mutate = mutatorFor(db);
    const company = await mutate.create('company', { name: 'Neu GmbH' });
    expect(company.companyId).toBe(company.id);
    const maker = await mutate.create('manufacturer', { name: 'Parker' });
    expect(maker.companyId).toBeNull();
    const [first] = await db.outbox.toArray();
    expect(first?.body).toEqual({
      data: expect.not.objectContaining({ companyId: expect.anything() }),
    });
  });

  it('depends on the queued entries of the parent record', async () => {
    db = freshDb();
    const { companyId, manufacturerId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const machine = await mutate.create('machine', {
      companyId,
      manufacturerId,
      internalId: 'INV-2',
    });
    await mutate.create('pipe', pipeInput(machine.id));
    const [m, p] = await db.outbox.orderBy('localSeq').toArray();
    expect(p?.dependsOn).toEqual([m?.mutationId]);
  });

  it('reads the counter and the parent queue in its transaction: another tab’s call comes first, each create is written once', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    let adds = 0;
    undoAdds = onStoreAdd('outbox', () => {
      adds += 1;
    });
    const tabA = mutatorFor(db);
    const tabB = mutatorFor(db);
    await tabA.create('pipe', pipeInput(machineId, 1));
    await tabA.create('pipe', pipeInput(machineId, 2));
    expect(adds).toBe(2);
    // Another tab queues a change of the machine since tab A's last write: tab A's next create
    // takes the next local seq and waits for that call.
    await tabB.update('machine', machineId, { internalId: 'INV-9' });
    const third = await tabA.create('pipe', pipeInput(machineId, 3));
    expect(adds).toBe(4);
    const entries = await db.outbox.orderBy('localSeq').toArray();
    expect(entries.map((e) => e.localSeq)).toEqual([1, 2, 3, 4]);
    const machineCall = entries[2];
    expect(machineCall?.recordId).toBe(machineId);
    expect(entries[3]).toMatchObject({ recordId: third.id, dependsOn: [machineCall?.mutationId] });
    expect(await getMeta(db, 'localSeq')).toBe(4);
    expect(await db.table('pipe').count()).toBe(3);
  });

  it('writes customers and global rows once each: a new customer’s scope is its own id', async () => {
    db = freshDb();
    let adds = 0;
    undoAdds = onStoreAdd('outbox', () => {
      adds += 1;
    });
    const mutate = mutatorFor(db);
    const a = await mutate.create('company', { name: 'A GmbH' });
    const b = await mutate.create('company', { name: 'B GmbH' });
    await mutate.create('manufacturer', { name: 'Parker' });
    await mutate.create('manufacturer', { name: 'Manuli' });
    expect(adds).toBe(4);
    expect([a.companyId, b.companyId]).toEqual([a.id, b.id]);
  });

  it('refuses a child of a parent another tab deleted since the last write, writing nothing', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const tabA = mutatorFor(db);
    await tabA.create('pipe', pipeInput(machineId, 1));
    await mutatorFor(db).remove('machine', machineId);
    const err = await tabA.create('pipe', pipeInput(machineId, 2)).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'parent_missing', field: 'machineId' });
    expect(await db.table('pipe').count()).toBe(1);
    expect(await db.outbox.count()).toBe(2);
  });

  it('refuses writes without a signed-in user', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await expect(mutatorFor(db, null).create('pipe', pipeInput(machineId))).rejects.toMatchObject({
      code: 'not_signed_in',
    });
  });
});
