// @vitest-environment jsdom
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@db/database';
import { saveSession } from '@db/session-repository';
import { officeUser } from '@tests/fixtures/test-users';

const logins: { redirectUri?: string; locale?: string }[] = [];
vi.mock('keycloak-js', () => ({
  default: class {
    init() {
      return Promise.resolve(false);
    }
    login(options: { redirectUri?: string; locale?: string }) {
      logins.push(options);
      return Promise.resolve();
    }
  },
}));
vi.mock('../api/public-config', () => ({
  loadPublicConfig: () =>
    Promise.resolve({ auth: { url: 'http://idp.test', realm: 'r', clientId: 'app' } }),
}));

const { signInBeforeApp, takeRedirect } = await import('./auth');
const at = (href: string) => new URL(href, window.location.origin) as unknown as Location;

describe('sign-in before the app loads', () => {
  beforeEach(() => {
    logins.length = 0;
  });
  afterEach(async () => {
    await Promise.all(getDatabase().tables.map((t) => t.clear()));
  });
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('hands a device without a session straight to the provider, keeping the redirect', async () => {
    expect(await signInBeforeApp(at('/auth/login?redirect=%2Forders'), 'fr')).toBe(true);
    expect(logins).toEqual([{ redirectUri: `${window.location.origin}/auth/login`, locale: 'fr' }]);
    expect(await takeRedirect()).toBe('/orders');
  });

  it('leaves the decision to the app on other routes and on the provider callback', async () => {
    expect(await signInBeforeApp(at('/'), 'de')).toBe(false);
    expect(await signInBeforeApp(at('/auth/login#state=s&code=c'), 'de')).toBe(false);
    expect(await signInBeforeApp(at('/auth/login#error=login_required&state=s'), 'de')).toBe(false);
    expect(logins).toEqual([]);
  });

  it('leaves it to the app when the device holds a session (it may still be valid)', async () => {
    await saveSession(getDatabase(), {
      id: 'current',
      user: officeUser,
      accessToken: 't',
      accessTokenExpiresAt: Date.now() + 60_000,
      idToken: null,
      refreshToken: null,
      savedAt: Date.now(),
    });
    expect(await signInBeforeApp(at('/auth/login'), 'de')).toBe(false);
    expect(logins).toEqual([]);
  });

  it('leaves it to the app offline (it explains that sign-in needs the network)', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await signInBeforeApp(at('/auth/login'), 'de')).toBe(false);
    online.mockRestore();
    expect(logins).toEqual([]);
  });
});
