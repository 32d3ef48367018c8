/**
 * Rows for the pull benchmarks, written through the server's one writer of entity rows
 * (server/src/cms/entity-store.ts `insertEntities`), so each row has its change seq and its
 * change-log row and the pull feed serves it exactly as it serves real data.
 */
import { uuidv7 } from '../src/domain/ids';
import { insertEntities } from '../server/src/cms/entity-store';
import { REGISTRY } from '../server/src/cms/registry';
import { DemoRandom, daysBefore } from '../server/src/modules/demo/demo-random';
import { DemoRows } from '../server/src/modules/demo/demo-rows';
import { DGUV_FINDINGS, DGUV_OK } from '../src/domain/dguv-values';
import { ENTITY_SCHEMAS, PART_KINDS } from '../src/domain/entities';
import { FITTING_TYPE } from '../src/domain/schemas/enums';
import type { BenchServer } from './bench-server';

const kysely = (s: BenchServer) => s.db.store;

/** Seeds N rows: a customer, a maker, a machine and N − 3 hoses on it. */
export async function seedPullRows(
  s: BenchServer,
  N: number,
): Promise<{ machine: string; company: string }> {
  const now = new Date().toISOString();
  const company = uuidv7();
  const manufacturer = uuidv7();
  const machine = uuidv7();
  const base = { version: 1, createdAt: now, updatedAt: now, deletedAt: null };
  const pipes = Array.from({ length: N - 3 }, (_, i) => ({
    ...base,
    id: uuidv7(),
    companyId: company,
    machineId: machine,
    position: i + 1,
    code: `PB-${String(i).padStart(6, '0')}`,
    isCritical: i % 7 === 0,
    fittingSystem: 'STANDARD',
    withProtection: false,
    withRope: false,
    dn: 6 + (i % 27),
  }));
  await kysely(s)
    .transaction()
    .execute(async (tx) => {
      // Partial rows: the entity's schema fills in the defaults of the columns left out.
      const one = (name: 'company' | 'manufacturer' | 'machine', row: object) =>
        insertEntities(tx, REGISTRY[name], [ENTITY_SCHEMAS[name].row.parse({ ...base, ...row })]);
      await one('company', { id: company, companyId: company, name: 'Pull GmbH' });
      await one('manufacturer', { id: manufacturer, companyId: null, name: 'Pull-Hersteller' });
      await one('machine', {
        id: machine,
        companyId: company,
        manufacturerId: manufacturer,
        internalId: 'P-1',
        dguvInterval: 'YEAR',
        dguvIntervalCritical: 'HALFYEAR',
      });
      await insertEntities(
        tx,
        REGISTRY.pipe,
        pipes.map((p) => ENTITY_SCHEMAS.pipe.row.parse(p)),
      );
    });
  return { machine, company };
}

/**
 * The initial load's data set: 50 000 rows over the real tables in the proportions of a
 * hydraulic service company's book (the demo data's shape, scaled up):
 * - 50 customers with 40 machines each (2 000 machines) and 20 makers;
 * - 500 hydraulic power units — a quarter of the machines; mobile machines and simple presses
 *   have none on record — with 2 000 parts, 4 per unit round-robin over the 8 part kinds;
 * - 30 000 hoses, 15 per machine (the demo machines carry 12–20);
 * - 1 500 DGUV audits (the last check of three machines in four) and
 * - 13 930 DGUV answers, the rest to 50 000: ≈ 9 per audit (a check records every hose it
 *   looked at; half-yearly checks of the critical hoses look at a few only).
 */
export const INITIAL_LOAD_SHAPE = {
  company: 50,
  manufacturer: 20,
  machine: 2_000,
  aggregate: 500,
  part: 2_000,
  pipe: 30_000,
  dguvAudit: 1_500,
  dguvAnswer: 13_930,
} as const;

export const INITIAL_LOAD_ROWS = Object.values(INITIAL_LOAD_SHAPE).reduce((a, b) => a + b, 0);

export async function seedInitialLoad(s: BenchServer): Promise<{ rows: number }> {
  const shape = INITIAL_LOAD_SHAPE;
  const now = new Date();
  const today = now.toISOString().slice(0, 10);
  const rows = new DemoRows(now.toISOString());
  const rnd = new DemoRandom(16);
  const makers = Array.from(
    { length: shape.manufacturer },
    (_, i) =>
      rows.add('manufacturer', { id: uuidv7(), companyId: null, name: `Hersteller ${i + 1}` }).id,
  );
  const companies = Array.from({ length: shape.company }, (_, i) => {
    const id = uuidv7();
    rows.add('company', {
      id,
      companyId: id,
      name: `Kunde ${String(i + 1).padStart(3, '0')} GmbH`,
      customerNumber: `K-${20_000 + i}`,
    });
    return id;
  });
  const machines = Array.from({ length: shape.machine }, (_, i) => {
    const companyId = companies[i % companies.length] ?? '';
    return rows.add('machine', {
      id: uuidv7(),
      companyId,
      manufacturerId: rnd.pick(makers),
      machineType: rnd.pick(['Hydraulikpresse HP 250', 'Radlader L 550', 'Abkantpresse 5130']),
      internalId: `INV-${10_000 + i}`,
      dguvInterval: rnd.chance(0.8) ? 'YEAR' : 'HALFYEAR',
      dguvIntervalCritical: rnd.pick(['HALFYEAR', 'QUARTER']),
    });
  });
  const units = machines.slice(0, shape.aggregate).map((m) =>
    rows.add('aggregate', {
      id: uuidv7(),
      companyId: m.companyId,
      machineId: m.id,
      type: 'HYDRAULIC',
      manufacturerId: rnd.pick(makers),
      circuitId: `ABZMA-${rnd.int(10, 99)}`,
      installationDate: daysBefore(today, rnd.int(700, 5000)),
    }),
  );
  for (let i = 0; i < shape.part; i++) {
    const unit = units[i % units.length];
    const kind = PART_KINDS[i % PART_KINDS.length]?.entity;
    if (!unit || !kind) throw new Error('no unit or part kind');
    // A part kind's type-plate fields are all optional (often unreadable); a comment each.
    rows.add(kind, {
      id: uuidv7(),
      companyId: unit.companyId,
      aggregateId: unit.id,
      comment: `Typenschild ${i + 1}, Kreis K${(i % 3) + 1}`,
    });
  }
  const perMachine = shape.pipe / shape.machine;
  const pipes = machines.flatMap((m, mi) =>
    Array.from({ length: perMachine }, (_, p) =>
      rows.add('pipe', {
        id: uuidv7(),
        companyId: m.companyId,
        machineId: m.id,
        position: p + 1,
        code: `IL-${String(mi * perMachine + p + 1).padStart(6, '0')}`,
        isCritical: rnd.chance(0.2),
        maxPn: rnd.pick([160, 250, 350, 420]),
        dn: rnd.pick([6, 8, 10, 12, 16, 20, 25]),
        hoseType: rnd.pick(['2SN', '4SP', '1SN', '4SH']),
        length: rnd.int(6, 60) * 50,
        fittingSystem: 'STANDARD',
        fittingLeft: { type: rnd.pick(FITTING_TYPE), twistAngle: 0, socket: 'Pressfassung' },
        fittingRight: { type: rnd.pick(FITTING_TYPE), twistAngle: 90, socket: 'Pressfassung' },
        withProtection: rnd.chance(0.25),
        withRope: false,
        productionDate: daysBefore(today, rnd.int(30, 2600)),
        comment: rnd.chance(0.08) ? 'Schlauch scheuert an Rahmen, Schelle setzen' : null,
      }),
    ),
  );
  const audits = machines.slice(0, shape.dguvAudit).map((m, i) =>
    rows.add('dguvAudit', {
      id: uuidv7(),
      companyId: m.companyId,
      machineId: m.id,
      startDate: `${daysBefore(today, 30 + (i % 300))} 08:00:00`,
      auditor: 'Tim Techniker',
      auditorUserId: 'bench-auditor',
      state: 'APPROVED',
      performedAt: now.toISOString(),
    }),
  );
  for (let i = 0; i < shape.dguvAnswer; i++) {
    // Audit a (machine a) checks its hoses from the first on; ≈ 9 per audit, never one twice.
    const a = i % audits.length;
    const audit = audits[a];
    const pipe = pipes[a * perMachine + Math.floor(i / audits.length)];
    if (!audit || !pipe) throw new Error('no audit or hose for an answer');
    const ok = rnd.chance(0.85);
    rows.add('dguvAnswer', {
      id: uuidv7(),
      companyId: audit.companyId,
      auditId: audit.id,
      pipeId: pipe.id,
      answer: ok ? [DGUV_OK] : [rnd.pick(DGUV_FINDINGS)],
      protectionRecommended: false,
      replaceHose: !ok,
      performedAt: now.toISOString(),
    });
  }
  if (rows.count() !== INITIAL_LOAD_ROWS) throw new Error(`seeded ${rows.count()} rows`);
  await kysely(s)
    .transaction()
    .execute((tx) => rows.insert(tx));
  return { rows: rows.count() };
}
