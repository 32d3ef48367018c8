/**
 * The selected customer and location (SPEC §3), kept in the `selection` cookie so the choice
 * survives reloads and works offline. Customer users always have their own customer selected
 * (SPEC §4): the binding to the auth store enforces that whenever the session changes.
 */
import { create } from 'zustand';
import { isCustomerUser } from '../../domain/rules/permissions';
import { useAuthStore } from '../auth';
import type { AuthState } from '../auth';
import { readCookie, writeCookie } from '../cookies';

export const SELECTION_COOKIE = 'selection';
const SELECTION_COOKIE_DAYS = 365;

export interface Selection {
  customerId: string | null;
  /** null: all locations of the customer. */
  locationId: string | null;
}

interface SelectionState extends Selection {
  selectCustomer: (customerId: string | null, locationId?: string | null) => void;
  selectLocation: (locationId: string | null) => void;
}

const EMPTY: Selection = { customerId: null, locationId: null };

const idOrNull = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

export function parseSelection(raw: string | null): Selection {
  if (!raw) return EMPTY;
  try {
    const data = JSON.parse(raw) as Record<string, unknown> | null;
    const customerId = idOrNull(data?.customerId);
    return { customerId, locationId: customerId ? idOrNull(data?.locationId) : null };
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
    const next = { customerId, locationId: customerId ? locationId : null };
    persist(next);
    set(next);
  },
  selectLocation: (locationId) => {
    const next = { customerId: get().customerId, locationId: get().customerId ? locationId : null };
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
