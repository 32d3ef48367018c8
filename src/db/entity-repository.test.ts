// @vitest-environment node
import { afterEach, describe, expect, it } from 'vitest';
import { uuidv7 } from '../domain/ids';
import { serverRow } from '@tests/fixtures/sync';
import { openDatabase, type SchlauchDb } from './database';
import type { StoredRow, SyncedEntity } from './entity-tables';
import {
  getRow,
  listAnswers,
  listAudits,
  listAuditsByState,
  listCompanies,
  listMachines,
  listParts,
  listPipes,
  rowTable,
} from './entity-repository';

let db: SchlauchDb;
afterEach(async () => {
  await db?.delete();
});

const put = (entity: SyncedEntity, fields: Record<string, unknown>) =>
  rowTable(db, entity).put(serverRow(fields) as StoredRow);
const deleted = '2026-01-06T00:00:00.000Z';

describe('entity repository', () => {
  it('lists a machine’s live hoses by position, from the compound index', async () => {
    db = openDatabase(`repo-${uuidv7()}`);
    const machineId = uuidv7();
    await put('pipe', { machineId, position: 3, code: 'c' });
    await put('pipe', { machineId, position: 1, code: 'a' });
    await put('pipe', { machineId, position: 2, code: 'gone', deletedAt: deleted });
    await put('pipe', { machineId: uuidv7(), position: 0, code: 'other' });
    await put('pipe', { machineId, position: 10, code: 'j' });
    expect((await listPipes(db, machineId)).map((p) => p.code)).toEqual(['a', 'c', 'j']);
  });

  it('hides deleted rows from single reads and lists', async () => {
    db = openDatabase(`repo-${uuidv7()}`);
    const companyId = uuidv7();
    const live = uuidv7();
    await put('machine', { id: live, companyId, internalId: 'B', machineType: 'Presse' });
    await put('machine', { companyId, internalId: 'A', machineType: 'Presse' });
    await put('machine', { companyId, internalId: 'Z', machineType: 'Bagger' });
    await put('machine', { companyId, internalId: 'X', deletedAt: deleted });
    expect((await listMachines(db, companyId)).map((m) => m.internalId)).toEqual(['Z', 'A', 'B']);
    expect(await getRow(db, 'machine', live)).toMatchObject({ internalId: 'B' });
    const gone = uuidv7();
    await put('machine', { id: gone, companyId, internalId: 'Y', deletedAt: deleted });
    expect(await getRow(db, 'machine', gone)).toBeUndefined();
  });

  it('finds customers by name, parts by power unit, audits and checks by their parents', async () => {
    db = openDatabase(`repo-${uuidv7()}`);
    await put('company', { name: 'Zeta' });
    await put('company', { name: 'Ärger AG' });
    await put('company', { name: 'Beta' });
    expect((await listCompanies(db)).map((c) => c.name)).toEqual(['Ärger AG', 'Beta', 'Zeta']);

    const aggregateId = uuidv7();
    await put('tank', { aggregateId, volume: 10 });
    await put('valve', { aggregateId });
    expect(await listParts(db, 'tank', aggregateId)).toHaveLength(1);

    const machineId = uuidv7();
    const old = uuidv7();
    await put('dguvAudit', {
      id: old,
      machineId,
      startDate: '2025-01-01 08:00:00',
      state: 'APPROVED',
    });
    await put('dguvAudit', { machineId, startDate: '2026-01-01 08:00:00', state: 'IN_PROGRESS' });
    expect((await listAudits(db, machineId)).map((a) => a.startDate)).toEqual([
      '2026-01-01 08:00:00',
      '2025-01-01 08:00:00',
    ]);
    expect(await listAuditsByState(db, 'IN_PROGRESS')).toHaveLength(1);

    const pipeId = uuidv7();
    await put('dguvAnswer', { auditId: old, pipeId, performedAt: '2025-01-01T09:00:00.000Z' });
    await put('dguvAnswer', { auditId: old, pipeId, performedAt: '2025-01-01T08:30:00.000Z' });
    const answers = await listAnswers(db, { pipeId });
    expect(answers.map((a) => a.performedAt)).toEqual([
      '2025-01-01T08:30:00.000Z',
      '2025-01-01T09:00:00.000Z',
    ]);
    expect(await listAnswers(db, { auditId: old })).toHaveLength(2);
  });
});
