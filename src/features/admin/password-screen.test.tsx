// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackStack, clearSnacks } from '@components/snacks';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { PasswordScreen } from './password-screen';

const SLOW = { timeout: 5000 };

/**
 * `PUT /api/cms/profile` answering as the server does: the current password must be
 * 'alt-passwort'. The calendar card below the form lists no links.
 */
function fakeServer() {
  const bodies: Record<string, unknown>[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const json = (status: number, data: unknown) =>
        new Response(JSON.stringify(data), {
          status,
          headers: { 'content-type': 'application/json' },
        });
      if (String(input).includes('/api/calendar/')) return json(200, []);
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      if (body.currentPassword !== 'alt-passwort') {
        return json(400, {
          status: 400,
          code: 'password_wrong',
          message: 'admin:currentPasswordWrong',
          field: 'currentPassword',
        });
      }
      return json(200, {
        id: '01936b2e-0000-7000-8000-0000000000a2',
        username: 'techniker',
        firstName: 'Tom',
        lastName: 'Techniker',
        email: null,
        roles: ['module-dguv'],
        customerId: null,
        locale: 'de',
        version: 2,
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-02T00:00:00.000Z',
        deletedAt: null,
        companyId: null,
        locked: false,
        mustChangePassword: false,
      });
    }),
  );
  return bodies;
}

const open = () =>
  renderRoute(
    <>
      <PasswordScreen />
      <SnackStack />
    </>,
    { path: '/profile', url: '/profile' },
  );

const fill = (current: string, next: string, repeat: string) => {
  fireEvent.change(screen.getByTestId('password-current'), { target: { value: current } });
  fireEvent.change(screen.getByTestId('password-new'), { target: { value: next } });
  fireEvent.change(screen.getByTestId('password-repeat'), { target: { value: repeat } });
  fireEvent.click(screen.getByTestId('password-save'));
};

describe('own password', () => {
  beforeEach(() => {
    useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSnacks();
  });

  it('checks the fields on the device before asking the server', async () => {
    const bodies = fakeServer();
    await open();
    expect(screen.getByText('Angemeldet als Tom Techniker (techniker)')).toBeTruthy();
    fill('', 'kurz', 'anders');
    expect(await screen.findByText('Die Passwörter stimmen nicht überein.')).toBeTruthy();
    expect(screen.getByText(/^Bitte geben Sie mindestens \d+ Zeichen ein\.$/)).toBeTruthy();
    expect(screen.getByText('Dieses Feld ist erforderlich.')).toBeTruthy();
    expect(bodies).toHaveLength(0);
  });

  it('says when the current password is wrong, and changes it with the right one', async () => {
    const bodies = fakeServer();
    await open();
    fill('falsch', 'Neues-Passwort-2026', 'Neues-Passwort-2026');
    expect(await screen.findByText('Das aktuelle Passwort ist falsch.', {}, SLOW)).toBeTruthy();
    expect(bodies[0]).toEqual({ currentPassword: 'falsch', password: 'Neues-Passwort-2026' });

    fill('alt-passwort', 'Neues-Passwort-2026', 'Neues-Passwort-2026');
    expect(await screen.findByText('Ihr Passwort wurde geändert.', {}, SLOW)).toBeTruthy();
    expect(bodies).toHaveLength(2);
    expect((screen.getByTestId('password-current') as HTMLInputElement).value).toBe('');
  });
});
