import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '@domain/ids';
import { startTestServer, type TestServer } from '../helpers/server';
import { actor, cms, STAFF_ALL } from '../helpers/cms';

/** The swap of a hose for a new assembly, as the server checks it (docs/hose-lifecycle.md). */
let s: TestServer;
let admin: ReturnType<typeof cms>;
const company = uuidv7();
const machine = uuidv7();
const otherMachine = uuidv7();
const HOSE = 'machinepart/hosepipe';

const hose = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  companyId: company,
  machineId: machine,
  position: 1,
  code: `SW-${id.slice(-6)}`,
  productionDate: '2020-01-01',
  ...extra,
});

beforeAll(async () => {
  s = await startTestServer({ DEMO_DATA: 'off' });
  admin = cms(s, await actor(s, { roles: STAFF_ALL }));
  const m = uuidv7();
  await admin.create('company', { id: company, name: 'Tauschkunde' });
  await admin.create('manufacturer', { id: m, name: 'Hersteller Tausch' });
  for (const id of [machine, otherMachine]) {
    await admin.create('machine', {
      id,
      companyId: company,
      manufacturerId: m,
      internalId: id.slice(-4),
    });
  }
});
afterAll(() => s.close());

/** Retires `oldId` for `newId` and creates the new hose, in the order the device sends them. */
async function swap(oldId: string, newId: string, extra: Record<string, unknown> = {}) {
  const retire = await admin.patch(HOSE, oldId, {
    retiredAt: '2026-11-20',
    retiredReason: 'Befund',
    successorId: newId,
  });
  const created = await admin.create(HOSE, hose(newId, { predecessorId: oldId, ...extra }));
  return { retire, created };
}

describe('hose swap on the server', () => {
  it('retires the old hose, links both ways and keeps the code with the position', async () => {
    const [oldId, newId] = [uuidv7(), uuidv7()];
    await admin.create(HOSE, hose(oldId, { code: 'POS-0001' }));
    const { retire, created } = await swap(oldId, newId, {
      code: 'POS-0001',
      productionDate: '2026-10-01',
    });
    expect(retire.statusCode).toBe(200);
    expect(created.statusCode).toBe(201);
    const old = (await admin.read(HOSE, oldId)).json();
    expect(old).toMatchObject({ retiredAt: '2026-11-20', successorId: newId, code: 'POS-0001' });
    expect((await admin.read(HOSE, newId)).json()).toMatchObject({
      predecessorId: oldId,
      code: 'POS-0001',
    });
    // The next swap at the same position keeps the code again.
    const third = uuidv7();
    const next = await swap(newId, third, { code: 'POS-0001' });
    expect(next.created.statusCode).toBe(201);
  });

  it('refuses the same code for a hose that does not replace its holder', async () => {
    const [a, b] = [uuidv7(), uuidv7()];
    await admin.create(HOSE, hose(a, { code: 'POS-0002' }));
    const res = await admin.create(HOSE, hose(b, { code: 'POS-0002' }));
    expect(res.statusCode).toBe(409);
    // Once retired, its code stays reserved for the hose that replaces it.
    await swap(a, uuidv7(), { code: 'POS-0003' });
    expect((await admin.create(HOSE, hose(b, { code: 'POS-0002' }))).statusCode).toBe(409);
  });

  it('refuses to retire a hose twice, with a translated message', async () => {
    const [oldId, newId] = [uuidv7(), uuidv7()];
    await admin.create(HOSE, hose(oldId));
    await swap(oldId, newId);
    const again = await admin.patch(HOSE, oldId, {
      retiredAt: '2026-12-01',
      successorId: uuidv7(),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('errors:pipeRetired');
    // A second successor naming the replaced hose is refused as well.
    const second = await admin.create(HOSE, hose(uuidv7(), { predecessorId: oldId }));
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toBe('errors:pipeRetired');
  });

  it('keeps a retired hose as it was: only its comment changes', async () => {
    const [oldId, newId] = [uuidv7(), uuidv7()];
    await admin.create(HOSE, hose(oldId));
    await swap(oldId, newId);
    const edit = await admin.patch(HOSE, oldId, { length: 1200 });
    expect(edit.statusCode).toBe(409);
    expect(edit.json()).toMatchObject({ message: 'errors:pipeRetiredFixed', field: 'length' });
    const note = await admin.patch(HOSE, oldId, { comment: 'Im Lager aufbewahrt' });
    expect(note.statusCode).toBe(200);
  });

  it('refuses a successor on another machine', async () => {
    const [oldId, newId] = [uuidv7(), uuidv7()];
    await admin.create(HOSE, hose(oldId));
    const { created } = await swap(oldId, newId, { machineId: otherMachine });
    expect(created.statusCode).toBe(400);
    expect(created.json().message).toBe('errors:successorMachine');
    // The retirement naming a stored successor elsewhere is refused too.
    const [x, elsewhere] = [uuidv7(), uuidv7()];
    await admin.create(HOSE, hose(x));
    await admin.create(HOSE, hose(elsewhere, { machineId: otherMachine }));
    const retire = await admin.patch(HOSE, x, { retiredAt: '2026-11-20', successorId: elsewhere });
    expect(retire.statusCode).toBe(400);
    expect(retire.json().message).toBe('errors:successorMachine');
  });
});
