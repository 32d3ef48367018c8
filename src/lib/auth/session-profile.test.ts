// @vitest-environment jsdom
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@db/database';
import { loadSession, saveSession } from '@db/session-repository';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { useAuthStore } from './auth-store';
import { refreshSession } from './auth';

const PROFILE = {
  qualification: 'Industriemeister Hydraulik',
  training: 'Befähigte Person Schlauchleitungen',
  lastRefresher: '2024-05-10',
};

describe("the session keeps the user's competent-person profile for offline use", () => {
  afterEach(async () => {
    vi.unstubAllGlobals();
    await Promise.all(getDatabase().tables.map((t) => t.clear()));
  });
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('stores the profile the session check answers, so a restart offline knows it', async () => {
    await saveSession(getDatabase(), {
      id: 'current',
      user: staffUser,
      accessToken: 't',
      accessTokenExpiresAt: Date.now() + 3_600_000,
      idToken: null,
      refreshToken: null,
      savedAt: Date.now(),
    });
    useAuthStore.setState({
      ...initialAuthStateForTest,
      status: 'authenticated',
      user: staffUser,
      accessToken: 't',
    });
    const answer = {
      user: { ...staffUser, competentPerson: PROFILE },
      loggedIn: true,
      isCustomer: false,
      customerId: null,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(answer), {
            status: 200,
            headers: { 'content-type': 'application/json' },
          }),
      ),
    );
    await refreshSession();
    expect(useAuthStore.getState().user?.competentPerson).toEqual(PROFILE);
    const stored = await loadSession(getDatabase());
    expect(stored?.user.competentPerson).toEqual(PROFILE);
    expect(stored?.accessToken).toBe('t');
  });

  it('does not bring back a session signed out meanwhile', async () => {
    useAuthStore.setState({
      ...initialAuthStateForTest,
      status: 'authenticated',
      user: staffUser,
      accessToken: 't',
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              user: { ...staffUser, competentPerson: PROFILE },
              loggedIn: true,
              isCustomer: false,
              customerId: null,
              expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
            }),
            { status: 200, headers: { 'content-type': 'application/json' } },
          ),
      ),
    );
    await refreshSession();
    expect(await loadSession(getDatabase())).toBeUndefined();
  });
});
