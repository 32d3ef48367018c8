import { describe, expect, it } from 'vitest';
import { isMachineLocation, machineLocationChoices } from './locations';

const main = { id: 'a', type: 'MAIN' as const };
const delivery = { id: 'b', type: 'DELIVERY' as const };
const invoice = { id: 'c', type: 'INVOICE' as const };

describe('machine locations', () => {
  it('offers sites and delivery addresses, never an invoice address', () => {
    expect(isMachineLocation(main)).toBe(true);
    expect(isMachineLocation(delivery)).toBe(true);
    expect(isMachineLocation(invoice)).toBe(false);
    expect(machineLocationChoices([main, delivery, invoice])).toEqual([main, delivery]);
  });

  it('keeps the invoice address a machine already points at', () => {
    expect(machineLocationChoices([main, invoice], 'c')).toEqual([main, invoice]);
  });
});
