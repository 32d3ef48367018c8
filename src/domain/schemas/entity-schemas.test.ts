import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ENTITY_NAMES, ENTITY_SCHEMAS, type EntityName } from '../entities';
import { isMessageKey } from '../messages';

const uuid = (n: number) => `01936b2e-0000-7000-8000-${String(n).padStart(12, '0')}`;
const COMPANY = uuid(1);
const NOW = '2024-05-06T07:08:09.000Z';
const part = { companyId: COMPANY, aggregateId: uuid(3) };

/** The smallest valid create input per entity. */
const MINIMAL: Record<EntityName, Record<string, unknown>> = {
  company: { name: 'Hydraulik GmbH' },
  location: { companyId: COMPANY, street: 'Hauptstraße', zip: '12345', city: 'Berlin' },
  contact: { companyId: COMPANY, lastName: 'Muster' },
  companySettings: { name: 'Service GmbH', pipeCodePrefix: 'SM' },
  manufacturer: { name: 'Bosch Rexroth' },
  machine: { companyId: COMPANY, manufacturerId: uuid(2), internalId: 'INV-1' },
  aggregate: { companyId: COMPANY, machineId: uuid(4), type: 'HYDRAULIC' },
  tank: part,
  valve: part,
  filter: part,
  memory: part,
  consumer: part,
  controller: part,
  safetyValve: part,
  motorPumpUnit: part,
  pipe: { companyId: COMPANY, machineId: uuid(4), position: 1, code: 'SM-000001' },
  dguvAudit: {
    companyId: COMPANY,
    machineId: uuid(4),
    startDate: '2024-05-06 09:08:09',
    auditor: 'Tom Techniker',
    auditorUserId: 'techniker',
    performedAt: NOW,
  },
  dguvAnswer: {
    companyId: COMPANY,
    auditId: uuid(5),
    pipeId: uuid(6),
    answer: ['OK'],
    protectionRecommended: false,
    replaceHose: false,
    performedAt: NOW,
  },
  signature: {
    companyId: COMPANY,
    auditor: 'Tom Techniker',
    name: 'audit-signature.png',
    referenceDate: NOW,
    content: 'blob-1',
  },
  inspection: { companyId: COMPANY, machineId: uuid(4), date: '2024-05-06', technician: 'Tom' },
  maintenance: { companyId: COMPANY, machineId: uuid(4), date: '2024-05-06', technician: 'Tom' },
  document: {
    companyId: COMPANY,
    machineId: uuid(4),
    kind: 'DOCUMENT',
    name: 'manual.pdf',
    mimeType: 'application/pdf',
    size: 1024,
    fileId: 'blob-2',
  },
  product: {
    articleNumber: 'S-2SN-10',
    name: '2SN DN10',
    unit: 'METER',
    kind: 'HOSE',
    priceCents: 1234,
  },
  order: { companyId: COMPANY, locationId: uuid(7) },
  orderItem: {
    companyId: COMPANY,
    orderId: uuid(8),
    pipeId: uuid(6),
    name: 'SM-000001',
    unitNetCents: 100,
    totalNetCents: 100,
  },
  dayPlan: { companyId: COMPANY, date: '2024-05-07', technicianId: uuid(9) },
  profile: { username: 'kunde' },
};

const shapeKeys = (schema: z.ZodObject) => Object.keys(schema.shape);

describe.each(ENTITY_NAMES)('entity %s', (name) => {
  const entity = ENTITY_SCHEMAS[name];

  it('accepts its minimal create input and stores it as a row', () => {
    const created = entity.create.parse(MINIMAL[name]);
    const id = uuid(99);
    const companyId = name === 'company' ? id : entity.scope === 'company' ? COMPANY : null;
    const row = {
      ...created,
      id,
      version: 1,
      createdAt: NOW,
      updatedAt: NOW,
      deletedAt: null,
      companyId,
    };
    expect(entity.row.parse(row)).toEqual(row);
  });

  it('has the base fields on rows and an optional id on create', () => {
    const keys = shapeKeys(entity.row);
    for (const base of ['id', 'version', 'createdAt', 'updatedAt', 'deletedAt', 'companyId']) {
      expect(keys).toContain(base);
    }
    expect(entity.create.parse({ ...MINIMAL[name], id: uuid(42) }).id).toBe(uuid(42));
    expect(entity.create.safeParse({ ...MINIMAL[name], id: 'not-a-uuid' }).success).toBe(false);
  });

  it('takes the scope key on create only for customer rows', () => {
    const needsCompany = entity.scope === 'company' && name !== 'company';
    expect(shapeKeys(entity.create).includes('companyId')).toBe(needsCompany);
    expect(shapeKeys(entity.update)).not.toContain('companyId');
    expect(shapeKeys(entity.update)).not.toContain('id');
  });

  it('parses an empty update to an empty patch (no defaults injected)', () => {
    expect(entity.update.parse({})).toEqual({});
  });

  it('names a parent field present on row and create', () => {
    if (!entity.parent) return;
    expect(shapeKeys(entity.row)).toContain(entity.parent.field);
    expect(shapeKeys(entity.create)).toContain(entity.parent.field);
    expect(ENTITY_NAMES).toContain(entity.parent.entity);
  });

  it('reports only message keys, for missing and for wrongly typed fields', () => {
    const bogus = Object.fromEntries(shapeKeys(entity.create).map((k) => [k, { bogus: true }]));
    const nested = Object.fromEntries(shapeKeys(entity.create).map((k) => [k, [{ bogus: 1 }]]));
    for (const input of [{}, bogus, nested]) {
      for (const schema of [entity.create, entity.update]) {
        const issues = schema.safeParse(input).error?.issues ?? [];
        for (const issue of issues) expect(isMessageKey(issue.message), issue.message).toBe(true);
      }
    }
  });
});
