import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ENTITY_NAMES,
  ENTITY_SCHEMAS,
  PART_KINDS,
  partKindBySlug,
  type EntityName,
} from '../entities';

const shapeKeys = (schema: z.ZodObject) => Object.keys(schema.shape);

describe('registry', () => {
  it('lists the 27 entities with their scopes', () => {
    expect(ENTITY_NAMES).toHaveLength(27);
    const scopes = Object.fromEntries(ENTITY_NAMES.map((n) => [n, ENTITY_SCHEMAS[n].scope]));
    expect(scopes).toMatchObject({
      company: 'company',
      companySettings: 'singleton',
      manufacturer: 'global',
      product: 'global',
      profile: 'global',
      pipe: 'company',
      dayPlan: 'company',
    });
  });

  it('maps part kinds to URL slugs', () => {
    expect(PART_KINDS.map((k) => k.slug)).toEqual([
      'tank',
      'valve',
      'filter',
      'memory',
      'consumer',
      'controller',
      'safety-valve',
      'motor-pump-unit',
    ]);
    expect(partKindBySlug('safety-valve')).toBe('safetyValve');
    expect(partKindBySlug('hose')).toBeNull();
    for (const kind of PART_KINDS)
      expect(ENTITY_SCHEMAS[kind.entity].parent?.entity).toBe('aggregate');
  });

  it('spells docs/api.md field names exactly', () => {
    const has = (name: EntityName, fields: string[]) =>
      expect(shapeKeys(ENTITY_SCHEMAS[name].row)).toEqual(expect.arrayContaining(fields));
    has('company', ['taxident', 'customerNumber', 'industry', 'phone', 'email', 'logo']);
    has('location', ['street', 'houseNumber', 'zip', 'city', 'addition', 'distance', 'type']);
    has('companySettings', ['houseNr', 'pipeCodePrefix', 'assemblySurchargeCents']);
    has('machine', ['internalId', 'positionOnLocation', 'dguvInterval', 'dguvIntervalCritical']);
    has('tank', ['volume', 'oilVolume', 'oilArt']);
    has('filter', ['filterType', 'filterArt', 'filterElement']);
    has('memory', ['memoryType', 'maxPressure', 'year', 'pressure', 'memoryLabel', 'circuitId']);
    has('safetyValve', ['typeLabel', 'pressure', 'serialNumber', 'buildYear']);
    has('motorPumpUnit', ['power', 'pumpArt', 'pumpType', 'unitPower', 'maintenanceDate']);
    has('controller', ['controlUnitType', 'unitType', 'chainCount', 'dn']);
    has('valve', ['artLabel', 'valveType', 'dn', 'voltage']);
    has('consumer', ['consumerArt', 'consumerType']);
    has('pipe', [
      'isCritical',
      'maxPn',
      'dn',
      'hoseType',
      'length',
      'fittingSystem',
      'fittingLeft',
    ]);
    has('pipe', ['fittingRight', 'withProtection', 'withRope', 'productionDate', 'productId']);
    has('dguvAudit', ['startDate', 'changeIntervalObserved', 'auditor', 'state', 'signatureId']);
    has('dguvAnswer', ['answer', 'protectionRecommended', 'replaceHose', 'replaceHoseComment']);
    has('signature', ['auditor', 'name', 'mimeType', 'referenceDate', 'content']);
    has('order', ['trackingLink', 'deliveryNoteFileId', 'paymentType', 'deliveryAddressId']);
    has('orderItem', ['quantity', 'unitNetCents', 'assemblySurchargeCents', 'totalNetCents']);
  });
});
