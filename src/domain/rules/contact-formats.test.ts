import { describe, expect, it } from 'vitest';
import { isPhoneNumber, isPostcode, postcodeCountries } from './contact-formats';
import { companyCreateSchema, locationCreateSchema } from '../schemas/company';

describe('phone numbers', () => {
  it.each(['+49 231 555 100', '(0231) 12 34 56', '0231/123456-0', '+41 44 668 18 00'])(
    'accepts %s',
    (phone) => expect(isPhoneNumber(phone)).toBe(true),
  );
  it.each(['abc', '0231 abc', '12', '+49 231 555 100 ext', '++49 231 555'])('refuses %s', (phone) =>
    expect(isPhoneNumber(phone)).toBe(false),
  );
});

describe('postcodes', () => {
  it('knows the formats of DE, AT, CH, FR and GB', () => {
    expect(postcodeCountries('44149')).toEqual(['DE', 'FR']);
    expect(postcodeCountries('1010')).toEqual(['AT', 'CH']);
    expect(postcodeCountries('CH-8001')).toEqual(['CH']);
    expect(postcodeCountries('D-44149')).toEqual(['DE']);
    expect(postcodeCountries('sw1a 1aa')).toEqual(['GB']);
    expect(postcodeCountries('M1 1AE')).toEqual(['GB']);
  });
  it.each(['ABCDE', '123', '123456', 'D-1234', 'SW1A'])('refuses %s', (zip) =>
    expect(isPostcode(zip)).toBe(false),
  );
});

describe('customer schemas', () => {
  const address = {
    id: '01936b2e-0000-7000-8000-000000000001',
    companyId: '01936b2e-0000-7000-8000-000000000002',
    street: 'Werkstraße',
    city: 'Dortmund',
  };
  it('refuses a postcode of no known country with its own message', () => {
    const result = locationCreateSchema.safeParse({ ...address, zip: 'ABCDE' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['validation:postcode']);
    expect(locationCreateSchema.safeParse({ ...address, zip: '44149' }).success).toBe(true);
  });
  it('refuses a phone number with letters, keeps an empty one', () => {
    const company = { id: address.companyId, name: 'Muster GmbH' };
    const result = companyCreateSchema.safeParse({ ...company, phone: 'abc' });
    expect(result.error?.issues.map((i) => i.message)).toEqual(['validation:phone']);
    expect(companyCreateSchema.safeParse({ ...company, phone: null }).success).toBe(true);
  });
});
