// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import type { SchlauchDb } from '../db/database';
import { getRow, listPipes } from '../db/entity-repository';
import { prepareBatch } from './push';
import { freshDb, mutatorFor, pipeInput, seedMachine, USER } from '@tests/fixtures/sync';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

const entries = () => db.outbox.orderBy('localSeq').toArray();

describe('mutate.update', () => {
  it('queues only the changed fields on the version the row had; the row keeps its version', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const row = await mutate.update('machine', machineId, {
      internalId: 'INV-1',
      comment: 'Halle 3',
      dguvInterval: 'QUARTER',
    });
    expect(row).toMatchObject({ comment: 'Halle 3', dguvInterval: 'QUARTER', version: 3 });
    expect(await getRow(db, 'machine', machineId)).toEqual(row);
    const [entry] = await entries();
    expect(entry).toMatchObject({
      kind: 'update',
      method: 'PATCH',
      path: `/cms/machine/update/${machineId}`,
      baseVersion: 3,
      body: { data: { comment: 'Halle 3', dguvInterval: 'QUARTER' }, baseVersion: 3 },
      undo: { comment: null, dguvInterval: 'YEAR' },
    });
    expect([...(entry?.changedFields ?? [])].sort()).toEqual(['comment', 'dguvInterval']);
  });

  it('writes nothing for a change to the same values, or an invalid one', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.update('machine', machineId, { internalId: 'INV-1' });
    await expect(
      mutate.update('machine', machineId, { dguvInterval: 'DAILY' as never }),
    ).rejects.toMatchObject({
      code: 'validation',
      field: 'dguvInterval',
    });
    expect(await db.outbox.count()).toBe(0);
    expect((await getRow(db, 'machine', machineId))?.dguvInterval).toBe('YEAR');
  });

  it('uses the version the form started from when given', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    await mutatorFor(db).update('machine', machineId, { comment: 'x' }, { baseVersion: 2 });
    expect((await entries())[0]).toMatchObject({ baseVersion: 2, body: { baseVersion: 2 } });
  });

  it('merges a second update into the unsent first one', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.update('machine', machineId, { comment: 'a' });
    await mutate.update('machine', machineId, { comment: 'b', positionOnLocation: 'Tor 2' });
    const list = await entries();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      baseVersion: 3,
      changedFields: ['comment', 'positionOnLocation'],
      body: { data: { comment: 'b', positionOnLocation: 'Tor 2' }, baseVersion: 3 },
      undo: { comment: null, positionOnLocation: null },
    });
  });

  it('merges edits of a new row into its unsent create', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const pipe = await mutate.create('pipe', pipeInput(machineId));
    await mutate.update('pipe', pipe.id, { length: 1500, isCritical: true });
    const list = await entries();
    expect(list).toHaveLength(1);
    expect(list[0]?.body).toEqual({
      data: expect.objectContaining({ id: pipe.id, length: 1500, isCritical: true }),
    });
  });

  it('queues a new entry behind one already sent, depending on it', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.update('machine', machineId, { comment: 'a' });
    await db.outbox.toCollection().modify({ seq: 1, state: 'inflight' });
    await mutate.update('machine', machineId, { comment: 'b' });
    const [first, second] = await entries();
    expect(second).toMatchObject({ baseVersion: 3, changedFields: ['comment'], seq: null });
    expect(second?.dependsOn).toEqual([first?.mutationId]);
  });

  it('does not merge into an entry numbered for a push whose seq is kept in the client state', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.update('machine', machineId, { comment: 'a' });
    await prepareBatch(db, USER); // numbered (sent, or about to be): its body may not change
    expect((await entries())[0]?.seq).toBeNull();
    await mutate.update('machine', machineId, { comment: 'b' });
    const [first, second] = await entries();
    expect(first?.body).toMatchObject({ data: { comment: 'a' } });
    expect(second).toMatchObject({ body: { data: { comment: 'b' } }, changedFields: ['comment'] });
    expect(second?.dependsOn).toEqual([first?.mutationId]);
  });

  it('refuses a row that does not exist or was deleted', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.remove('machine', machineId);
    await expect(mutate.update('machine', machineId, { comment: 'x' })).rejects.toMatchObject({
      code: 'not_found',
    });
    await expect(mutate.remove('machine', machineId)).rejects.toMatchObject({ code: 'not_found' });
  });
});

describe('mutate.remove and command', () => {
  it('soft-deletes locally and queues the DELETE call', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    const pipe = await mutate.create('pipe', pipeInput(machineId));
    const removed = await mutate.remove('pipe', pipe.id);
    expect(removed.deletedAt).not.toBeNull();
    expect(await getRow(db, 'pipe', pipe.id)).toBeUndefined();
    expect(await listPipes(db, machineId)).toEqual([]);
    const [create, del] = await entries();
    expect(del).toMatchObject({
      kind: 'delete',
      method: 'DELETE',
      path: `/cms/machinepart/hosepipe/delete/${pipe.id}`,
      dependsOn: [create?.mutationId],
      undo: { deletedAt: null },
    });
  });

  it('queues a shop command behind the entries of its record', async () => {
    db = freshDb();
    const { machineId } = await seedMachine(db);
    const mutate = mutatorFor(db);
    await mutate.update('machine', machineId, { comment: 'x' });
    const entry = await mutate.command(
      'submitOrder',
      'POST',
      `/shop/submit/${machineId}`,
      { acceptedTerms: true },
      {
        recordId: machineId,
      },
    );
    const [first] = await entries();
    expect(entry).toMatchObject({
      kind: 'command',
      name: 'submitOrder',
      userId: USER,
      localSeq: 2,
      body: { acceptedTerms: true },
      dependsOn: [first?.mutationId],
    });
    await expect(mutate.command('x', 'POST', 'no-slash', {})).rejects.toMatchObject({
      code: 'validation',
    });
  });
});
