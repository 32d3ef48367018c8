/** Session state for the UI (zustand): who is signed in, and whether the token still works. */
import { create } from 'zustand';
import type { SessionUser } from '@domain/schemas/session';
import { isCustomerUser } from '@domain/rules/permissions';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

export interface AuthState {
  status: AuthStatus;
  user: SessionUser | null;
  accessToken: string | null;
  /** True when the server refused the token or its expiry passed; work waits for a sign-in. */
  accessTokenExpired: boolean;
  /** True when the session was restored from the device without the identity provider. */
  restoredOffline: boolean;
}

export const initialAuthState: AuthState = {
  status: 'loading',
  user: null,
  accessToken: null,
  accessTokenExpired: false,
  restoredOffline: false,
};

export const useAuthStore = create<AuthState>()(() => ({ ...initialAuthState }));

/** The current access token for API calls, or null when none is usable. */
export function getAccessToken(): string | null {
  const { accessToken, accessTokenExpired } = useAuthStore.getState();
  return accessTokenExpired ? null : accessToken;
}

/** Session info of docs/api.md. */
export interface SessionFlags {
  loggedIn: boolean;
  isCustomer: boolean;
  customerId: string | null;
}

export function sessionFlags(state: Pick<AuthState, 'status' | 'user'>): SessionFlags {
  const user = state.status === 'authenticated' ? state.user : null;
  return {
    loggedIn: user !== null,
    isCustomer: user !== null && isCustomerUser(user),
    customerId: user?.customer ?? null,
  };
}
