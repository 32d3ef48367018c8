import { describe, expect, it } from 'vitest';
import de from '@locales/de/parts.json';
import { ENTITY_SCHEMAS } from '@domain/entities';
import { PART_ENTITY_NAMES } from '@domain/schemas/parts';
import { AGGREGATE_FIELDS, partFields } from './part-fields';
import { PART_KIND_UI } from './part-kinds';

const pick = (kind: (typeof PART_ENTITY_NAMES)[number], name: string) =>
  partFields(kind).find((f) => f.name === name);

describe('part fields derived from the domain schemas', () => {
  it.each(PART_ENTITY_NAMES)('%s: one input per schema field, each labelled', (kind) => {
    const shape = Object.keys(ENTITY_SCHEMAS[kind].create.shape);
    const expected = shape.filter((n) => !['id', 'companyId', 'aggregateId'].includes(n));
    expect(partFields(kind).map((f) => f.name)).toEqual(expected);
    const labels = de.fields[kind] as Record<string, string>;
    for (const name of expected) expect(labels[name], `${kind}.${name}`).toBeTruthy();
    for (const column of PART_KIND_UI[kind].columns) expect(expected).toContain(column);
  });

  it('gives measured values their docs/api.md unit and derives the other input kinds', () => {
    expect(pick('tank', 'volume')).toEqual({ name: 'volume', input: 'measure', unit: 'l' });
    expect(pick('memory', 'pressure')).toMatchObject({ input: 'measure', unit: 'bar' });
    expect(pick('safetyValve', 'pressure')).toMatchObject({ input: 'measure', unit: 'bar' });
    expect(pick('motorPumpUnit', 'power')).toMatchObject({ unit: 'kW' });
    expect(pick('motorPumpUnit', 'unitPower')).toMatchObject({ unit: 'lPerMin' });
    expect(pick('valve', 'voltage')).toMatchObject({ unit: 'V' });
    expect(pick('controller', 'chainCount')).toMatchObject({ input: 'integer', min: 0 });
    expect(pick('safetyValve', 'buildYear')).toMatchObject({ input: 'year', min: 1900, max: 2100 });
    expect(pick('valve', 'installationDate')).toMatchObject({ input: 'date' });
    expect(pick('filter', 'manufacturerId')).toMatchObject({ input: 'manufacturer' });
    expect(pick('tank', 'comment')).toMatchObject({ input: 'comment' });
    expect(pick('tank', 'oilArt')).toMatchObject({ input: 'text' });
  });

  it('finds the docs/api.md enumeration of every enum field', () => {
    expect(pick('motorPumpUnit', 'pumpArt')).toMatchObject({ enumName: 'PUMPUNITTYPE' });
    expect(pick('controller', 'controlUnitType')).toMatchObject({ enumName: 'CONTROLUNITTYPE' });
    expect(pick('consumer', 'consumerArt')).toMatchObject({ enumName: 'CONSUMERTYPE' });
    expect(pick('filter', 'filterType')).toMatchObject({ enumName: 'FILTERTYPE' });
    expect(pick('memory', 'memoryType')).toMatchObject({ enumName: 'MEMORYTYPE' });
    for (const kind of PART_ENTITY_NAMES) {
      for (const f of partFields(kind)) expect(f.required, `${kind}.${f.name}`).toBeUndefined();
    }
  });

  it('describes the power unit: type required, photo and machine left to the screens', () => {
    expect(AGGREGATE_FIELDS.map((f) => f.name)).toEqual([
      'type',
      'manufacturerId',
      'machineType',
      'circuitId',
      'installationDate',
      'comment',
    ]);
    expect(AGGREGATE_FIELDS[0]).toMatchObject({ enumName: 'AGGREGATETYPE', required: true });
  });
});
