// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { afterEach, describe, expect, it } from 'vitest';
import { initialAuthStateForTest, staffUser, customerUser } from '@tests/fixtures/test-users';
import { useAuthStore } from '../auth';
import {
  SELECTION_COOKIE,
  applySessionSelection,
  bindSelectionToAuth,
  isCarriedOver,
  localDay,
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
    const none = { customerId: null, locationId: null, chosenOn: null };
    expect(parseSelection(null)).toEqual(none);
    expect(parseSelection('not json')).toEqual(none);
    expect(parseSelection('{"customerId":"c1","locationId":"l1"}')).toEqual({
      customerId: 'c1',
      locationId: 'l1',
      chosenOn: null,
    });
    expect(parseSelection('{"customerId":"c1","chosenOn":"2026-11-26"}')).toMatchObject({
      chosenOn: '2026-11-26',
    });
    expect(parseSelection('{"customerId":"c1","chosenOn":"gestern"}').chosenOn).toBeNull();
    expect(parseSelection('{"locationId":"l1"}')).toEqual(none);
  });

  it('keeps customer, location and the day chosen in the selection cookie', () => {
    useSelectionStore.getState().selectCustomer('c1', 'l2');
    expect(cookieValue()).toEqual({ customerId: 'c1', locationId: 'l2', chosenOn: localDay() });
    useSelectionStore.getState().selectLocation(null);
    expect(cookieValue()).toEqual({ customerId: 'c1', locationId: null, chosenOn: localDay() });
  });

  it('tells a customer chosen on an earlier day from one chosen today', () => {
    const now = new Date(2026, 10, 27, 8, 0);
    const selection = { customerId: 'c1', locationId: null };
    expect(isCarriedOver({ ...selection, chosenOn: '2026-11-27' }, now)).toBe(false);
    expect(isCarriedOver({ ...selection, chosenOn: '2026-11-26' }, now)).toBe(true);
    expect(isCarriedOver({ ...selection, chosenOn: null }, now)).toBe(true);
    expect(isCarriedOver({ customerId: null, locationId: null, chosenOn: null }, now)).toBe(false);
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
