/**
 * The selected customer and location, kept in the `selection` cookie so the choice survives
 * reloads and works offline. Customer users always have their own customer selected: the
 * binding to the auth store enforces that whenever the session changes. The cookie also keeps
 * the day the customer was chosen, so a choice carried over from an earlier day is said as
 * such on the start screen instead of silently framing the new day (`isCarriedOver`).
 */
import { create } from 'zustand';
import { isCustomerUser } from '@domain/rules/permissions';
import { useAuthStore } from '../auth';
import type { AuthState } from '../auth';
import { readCookie, writeCookie } from '../cookies';

export const SELECTION_COOKIE = 'selection';
const SELECTION_COOKIE_DAYS = 365;

export interface Selection {
  customerId: string | null;
  /** null: all locations of the customer. */
  locationId: string | null;
  /** The local day ('YYYY-MM-DD') the customer was chosen; null if unknown (older cookies). */
  chosenOn: string | null;
}

interface SelectionState extends Selection {
  selectCustomer: (customerId: string | null, locationId?: string | null) => void;
  selectLocation: (locationId: string | null) => void;
}

const EMPTY: Selection = { customerId: null, locationId: null, chosenOn: null };

const idOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);
const dayOrNull = (v: unknown): string | null =>
  typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;

/** The device's local calendar day of `now`. */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A customer chosen on an earlier day (or on an unknown one) and still selected today. */
export function isCarriedOver(selection: Selection, now: Date = new Date()): boolean {
  return selection.customerId !== null && selection.chosenOn !== localDay(now);
}

export function parseSelection(raw: string | null): Selection {
  if (!raw) return EMPTY;
  try {
    const data = JSON.parse(raw) as Record<string, unknown> | null;
    const customerId = idOrNull(data?.customerId);
    return {
      customerId,
      locationId: customerId ? idOrNull(data?.locationId) : null,
      chosenOn: customerId ? dayOrNull(data?.chosenOn) : null,
    };
  } catch {
    return EMPTY;
  }
}

function persist(selection: Selection): void {
  writeCookie(SELECTION_COOKIE, JSON.stringify(selection), {
    days: SELECTION_COOKIE_DAYS,
    sameSite: 'Lax',
    path: '/',
  });
}

export const useSelectionStore = create<SelectionState>()((set, get) => ({
  ...parseSelection(readCookie(SELECTION_COOKIE)),
  selectCustomer: (customerId, locationId = null) => {
    const next = {
      customerId,
      locationId: customerId ? locationId : null,
      chosenOn: customerId ? localDay() : null,
    };
    persist(next);
    set(next);
  },
  selectLocation: (locationId) => {
    const { customerId } = get();
    // Choosing a location confirms the customer for today too.
    const next = {
      customerId,
      locationId: customerId ? locationId : null,
      chosenOn: customerId ? localDay() : null,
    };
    persist(next);
    set(next);
  },
}));

/** Selects a customer user's own customer; staff selections are left alone. */
export function applySessionSelection(auth: Pick<AuthState, 'status' | 'user'>): void {
  const user = auth.status === 'authenticated' ? auth.user : null;
  if (!user || !isCustomerUser(user)) return;
  const { customerId, selectCustomer } = useSelectionStore.getState();
  if (customerId !== user.customer) selectCustomer(user.customer);
}

/** Keeps the selection in step with the session from start-up on; returns the unsubscribe. */
export function bindSelectionToAuth(): () => void {
  applySessionSelection(useAuthStore.getState());
  return useAuthStore.subscribe((state) => applySessionSelection(state));
}
