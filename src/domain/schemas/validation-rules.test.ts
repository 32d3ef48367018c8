import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { MESSAGE_KEYS, isMessageKey } from '../messages';
import { isDuplicateName } from './admin';
import { isAllowedImage } from './fields';
import { machineWizardSchema } from './machine';
import { orderItemUpdateSchema, orderSchema } from './order';
import { pipeCreateSchema } from './pipe';
import { productKindIssues } from './product';
import { cartAddBodySchema, cartItemPatchSchema, orderSubmitBodySchema } from './shop-requests';

const uuid = (n: number) => `01936b2e-0000-7000-8000-${String(n).padStart(12, '0')}`;

/** Message keys by path, e.g. { 'answer': ['dguv:okAlone'] }. */
function errors(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of schema.safeParse(input).error?.issues ?? []) {
    (out[issue.path.join('.')] ??= []).push(issue.message);
  }
  return out;
}

describe('message keys', () => {
  it('are unique namespaced keys', () => {
    expect(new Set(MESSAGE_KEYS).size).toBe(MESSAGE_KEYS.length);
    for (const key of MESSAGE_KEYS) expect(key).toMatch(/^[a-z]+:[a-zA-Z]+$/);
    expect(isMessageKey('validation:required')).toBe(true);
    expect(isMessageKey('Required')).toBe(false);
  });
});

describe('machine wizard (docs/api.md)', () => {
  it('reports missing manufacturer, inventory number and aggregate type as data missing', () => {
    const result = errors(machineWizardSchema, {
      machine: { companyId: uuid(1), internalId: ' ' },
      aggregates: [{ type: 'HYDRAULIC' }, {}],
    });
    expect(result).toEqual({
      'machine.manufacturerId': ['machines:dataMissing'],
      'machine.internalId': ['machines:dataMissing'],
      'aggregates.1.type': ['machines:dataMissing'],
    });
  });
});

describe('pipe fields', () => {
  const pipe = { companyId: uuid(1), machineId: uuid(4), position: 1, code: 'SM-000001' };

  it('defaults the fitting system, flags and fittings', () => {
    expect(pipeCreateSchema.parse(pipe)).toMatchObject({
      isCritical: false,
      withProtection: false,
      withRope: false,
      fittingSystem: 'STANDARD',
      fittingLeft: null,
      length: null,
    });
  });

  it('checks integers, twist angle and dates with message keys', () => {
    expect(
      errors(pipeCreateSchema, {
        ...pipe,
        position: 1.5,
        length: 0,
        fittingLeft: { type: 'JIC', twistAngle: 361 },
        fittingRight: { type: 'NOPE' },
        productionDate: '06.05.2024',
        code: '',
      }),
    ).toEqual({
      position: ['validation:integer'],
      length: ['validation:min'],
      'fittingLeft.twistAngle': ['validation:max'],
      'fittingRight.type': ['validation:required'],
      productionDate: ['validation:format'],
      code: ['validation:required'],
    });
  });
});

describe('shop requests (docs/api.md)', () => {
  const submit = {
    deliveryAddressId: uuid(1),
    invoiceAddressId: uuid(2),
    contactId: uuid(3),
    acceptedTerms: true,
    acceptedPrivacy: true,
  };

  it('submits by invoice with terms and privacy accepted', () => {
    expect(orderSubmitBodySchema.parse(submit).paymentType).toBe('INVOICE');
  });

  it('requires both acceptances', () => {
    expect(
      errors(orderSubmitBodySchema, {
        ...submit,
        acceptedTerms: false,
        acceptedPrivacy: undefined,
      }),
    ).toEqual({ acceptedTerms: ['shop:acceptTerms'], acceptedPrivacy: ['shop:acceptPrivacy'] });
    expect(errors(orderSubmitBodySchema, { ...submit, paymentType: 'CASH' })).toEqual({
      paymentType: ['validation:required'],
    });
  });

  it('adds with quantity 1 by default and patches only valid quantities', () => {
    expect(cartAddBodySchema.parse([{ pipeId: uuid(1), locationId: uuid(2) }])).toEqual([
      { pipeId: uuid(1), locationId: uuid(2), quantity: 1 },
    ]);
    expect(errors(cartAddBodySchema, [])).toEqual({ '': ['validation:required'] });
    expect(errors(cartItemPatchSchema, { quantity: 0 })).toEqual({ quantity: ['validation:min'] });
    expect(errors(cartItemPatchSchema, {})).toEqual({ quantity: ['validation:required'] });
    expect(orderItemUpdateSchema.parse({ name: 'x' })).toEqual({ name: 'x' });
  });

  it('accepts only http(s) tracking links', () => {
    const shape = orderSchema.shape.trackingLink;
    expect(shape.safeParse('https://track.example/123').success).toBe(true);
    expect(shape.safeParse('javascript:alert(1)').success).toBe(false);
  });
});

describe('cross-field helpers', () => {
  it('checks product kind against the fields it needs', () => {
    const hose = { kind: 'HOSE', unit: 'METER', dn: 10, maxPn: 330 } as const;
    expect(productKindIssues({ ...hose, fittingType: null, accessory: null })).toEqual([]);
    expect(
      productKindIssues({
        kind: 'FITTING',
        unit: 'PIECE',
        dn: null,
        maxPn: null,
        fittingType: null,
        accessory: 'ROPE',
      }).map((i) => i.field),
    ).toEqual(['fittingType', 'accessory']);
    expect(
      productKindIssues({ ...hose, unit: 'PIECE', dn: null, fittingType: null, accessory: null }),
    ).toEqual([
      { field: 'unit', message: 'products:ruleHoseUnit' },
      { field: 'dn', message: 'products:ruleHoseDn' },
    ]);
  });

  it('finds duplicate manufacturer names regardless of case and spaces', () => {
    const rows = [{ id: 'a', name: 'Bosch Rexroth' }];
    expect(isDuplicateName(' bosch rexroth ', rows)).toBe(true);
    expect(isDuplicateName('Bosch Rexroth', rows, 'a')).toBe(false);
    expect(isDuplicateName('Parker', rows)).toBe(false);
  });

  it('allows JPG and PNG images only (docs/api.md)', () => {
    expect(isAllowedImage('image/png', 'a.PNG')).toBe(true);
    expect(isAllowedImage('image/jpeg', 'a.jpeg')).toBe(true);
    expect(isAllowedImage('image/gif', 'a.gif')).toBe(false);
    expect(isAllowedImage('image/png', 'a.gif')).toBe(false);
  });
});
