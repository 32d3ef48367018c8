import { describe, expect, it } from 'vitest';
import { ENTITY_SCHEMAS } from '../entities';
import { isIdentified, PART_IDENTITY } from './part-identity';

const partFieldNames = (kind: keyof typeof PART_IDENTITY) =>
  Object.keys((ENTITY_SCHEMAS[kind].create as unknown as { shape: object }).shape);

describe('part identity', () => {
  it('names only fields the part kind has', () => {
    for (const [kind, fields] of Object.entries(PART_IDENTITY)) {
      const known = partFieldNames(kind as keyof typeof PART_IDENTITY);
      for (const field of fields) expect(known, `${kind}.${field}`).toContain(field);
    }
  });

  it('needs one identifying fact; blanks and comments do not count', () => {
    expect(isIdentified('motorPumpUnit', {})).toBe(false);
    expect(isIdentified('motorPumpUnit', { pumpType: '  ', comment: 'leckt' })).toBe(false);
    expect(isIdentified('motorPumpUnit', { pumpType: 'A10VSO 45' })).toBe(true);
    expect(isIdentified('tank', { volume: 0 })).toBe(true);
  });
});
