import { describe, expect, it } from 'vitest';
import type { EntityRow } from '@db/entity-tables';
import { defaultAddresses } from './checkout-form';

const at = (id: string, type: EntityRow<'location'>['type']) =>
  ({ id, type }) as EntityRow<'location'>;

describe('checkout addresses to start with', () => {
  it("delivers to the cart's location and invoices the invoice address", () => {
    const locations = [at('main', 'MAIN'), at('dock', 'DELIVERY'), at('po', 'INVOICE')];
    expect(defaultAddresses(locations, 'main')).toEqual({ delivery: 'main', invoice: 'po' });
  });

  it("falls back to a delivery address when the cart's location is not on the device", () => {
    const locations = [at('dock', 'DELIVERY')];
    expect(defaultAddresses(locations, 'gone')).toEqual({ delivery: 'dock', invoice: 'gone' });
  });
});
