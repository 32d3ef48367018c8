import { describe, expect, it } from 'vitest';
import { parseHoseMarking } from '@domain/rules/hose-marking';
import { confirmedFields, fieldValue, markingFields } from './marking-fields';

describe('marking fields', () => {
  const read = markingFields(parseHoseMarking('PARKER 451TC-8 1/2" EN 857 2SC 400 BAR 3Q24'));

  it('proposes what the parser read, as the hose stores it', () => {
    expect(read).toEqual({
      productionDate: '2024-07-01',
      productionDateSource: 'hose-quarter',
      dn: 12,
      maxPn: 400,
      hoseType: '2SC',
      hoseManufacturer: 'Parker',
    });
  });

  it('hands on nothing that was not confirmed', () => {
    expect(confirmedFields(read, {})).toEqual({});
    expect(
      confirmedFields(read, { dn: fieldValue(read, 'dn'), maxPn: fieldValue(read, 'maxPn') }),
    ).toEqual({ dn: 12, maxPn: 400 });
  });

  it('drops a confirmation once the edited text reads the field differently', () => {
    const confirmed = {
      dn: fieldValue(read, 'dn'),
      productionDate: fieldValue(read, 'productionDate'),
    };
    const edited = markingFields(parseHoseMarking('PARKER 451TC-12 EN 857 2SC 400 BAR 2409'));
    expect(confirmedFields(edited, confirmed)).toEqual({});
    expect(confirmedFields(read, confirmed)).toEqual({
      dn: 12,
      productionDate: '2024-07-01',
      productionDateSource: 'hose-quarter',
    });
  });
});
