// @vitest-environment jsdom
import '../../../tests/fixtures/browser-stubs';
import { afterEach, describe, expect, it } from 'vitest';
import {
  initialAuthStateForTest,
  staffUser,
  customerUser,
} from '../../../tests/fixtures/test-users';
import { useAuthStore } from '../auth';
import {
  SELECTION_COOKIE,
  applySessionSelection,
  bindSelectionToAuth,
  parseSelection,
  useSelectionStore,
} from './selection-store';

const cookieValue = () => {
  const part = document.cookie.split('; ').find((c) => c.startsWith(`${SELECTION_COOKIE}=`));
  return part ? parseSelection(decodeURIComponent(part.slice(SELECTION_COOKIE.length + 1))) : null;
};

describe('selection store', () => {
  afterEach(() => {
    useSelectionStore.getState().selectCustomer(null);
    useAuthStore.setState(initialAuthStateForTest);
  });

  it('parses the cookie defensively', () => {
    expect(parseSelection(null)).toEqual({ customerId: null, locationId: null });
    expect(parseSelection('not json')).toEqual({ customerId: null, locationId: null });
    expect(parseSelection('{"customerId":"c1","locationId":"l1"}')).toEqual({
      customerId: 'c1',
      locationId: 'l1',
    });
    expect(parseSelection('{"locationId":"l1"}')).toEqual({ customerId: null, locationId: null });
  });

  it('keeps customer and location in the selection cookie', () => {
    useSelectionStore.getState().selectCustomer('c1', 'l2');
    expect(cookieValue()).toEqual({ customerId: 'c1', locationId: 'l2' });
    useSelectionStore.getState().selectLocation(null);
    expect(cookieValue()).toEqual({ customerId: 'c1', locationId: null });
  });

  it("selects a customer user's own customer, and leaves staff selections alone", () => {
    useSelectionStore.getState().selectCustomer('other', 'l1');
    applySessionSelection({ status: 'authenticated', user: staffUser });
    expect(useSelectionStore.getState().customerId).toBe('other');
    applySessionSelection({ status: 'authenticated', user: customerUser });
    expect(useSelectionStore.getState()).toMatchObject({ customerId: 'cust-1', locationId: null });
  });

  it('follows the session once bound at start-up', () => {
    const unbind = bindSelectionToAuth();
    useAuthStore.setState({ status: 'authenticated', user: customerUser });
    expect(useSelectionStore.getState().customerId).toBe('cust-1');
    unbind();
  });
});
