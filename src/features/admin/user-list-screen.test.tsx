// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SnackStack, clearSnacks } from '@components/snacks';
import { getDatabase } from '@db/database';
import type { ProfileView } from '@domain/schemas/admin';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { adminUser, initialAuthStateForTest } from '@tests/fixtures/test-users';
import { UserListScreen } from './user-list-screen';

const SLOW = { timeout: 5000 };
const ADMIN_ID = '01936b2e-0000-7000-8000-0000000000a1';
const TECH_ID = '01936b2e-0000-7000-8000-0000000000a2';
const NEW_ID = '01936b2e-0000-7000-8000-0000000000a3';
const me = { ...adminUser, id: ADMIN_ID };
const profile = (over: Partial<ProfileView>): ProfileView => ({
  id: NEW_ID,
  username: 'x',
  firstName: null,
  lastName: null,
  email: null,
  roles: [],
  customerId: null,
  qualification: null,
  training: null,
  lastRefresher: null,
  locale: 'de',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  companyId: null,
  locked: false,
  mustChangePassword: false,
  ...over,
});

/** A small stand-in for `/api/cms/profile`, recording every call the screen makes. */
function fakeServer(opts: { embedded?: boolean; fail?: boolean } = {}) {
  const users = [
    profile({
      id: ADMIN_ID,
      username: 'admin',
      firstName: 'Anna',
      lastName: 'Admin',
      roles: ['admin'],
    }),
    profile({
      id: TECH_ID,
      username: 'techniker',
      firstName: 'Tom',
      lastName: 'Techniker',
      roles: ['module-dguv'],
    }),
  ];
  const calls: { method: string; url: string; body: Record<string, unknown> | null }[] = [];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
    calls.push({ method, url, body });
    if (opts.fail)
      return json(500, { status: 500, code: 'internal_error', message: 'Internal Server Error' });
    if (method === 'GET') {
      const search = new URL(url, 'http://x').searchParams.get('search')?.toLowerCase() ?? '';
      const data = users.filter((u) => !u.deletedAt && u.username.includes(search));
      return json(200, {
        data,
        total: data.length,
        page: 1,
        limit: -1,
        provider:
          opts.embedded === false
            ? {
                embedded: false,
                adminConsoleUrl: 'https://sso.example.com/admin/hydraulik/console/',
              }
            : { embedded: true, adminConsoleUrl: null },
      });
    }
    if (method === 'POST') {
      const created = profile({
        ...(body as Partial<ProfileView>),
        id: NEW_ID,
        mustChangePassword: true,
      });
      users.push(created);
      return json(201, created);
    }
    if (method === 'PUT') {
      const user = users.find((u) => u.id === body?.id)!;
      if (body && 'locked' in body) user.locked = Boolean(body.locked);
      else if (body) Object.assign(user, body);
      return json(200, user);
    }
    return json(204, null);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, users };
}

const open = () =>
  renderRoute(
    <>
      <UserListScreen />
      <SnackStack />
    </>,
    { path: '/admin/user', url: '/admin/user' },
  );

describe('users screen', () => {
  beforeEach(() => {
    useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: me });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    clearSnacks();
    Object.defineProperty(navigator, 'onLine', { value: true, configurable: true });
  });
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('shows an error with retry, and the offline message without calling the server', async () => {
    fakeServer({ fail: true });
    await open();
    expect(
      await screen.findByText('Die Benutzer konnten nicht geladen werden.', {}, SLOW),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
  });

  it('lists the users and searches on the server', async () => {
    const { calls } = fakeServer();
    await open();
    expect(await screen.findByText('Tom Techniker', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Anna Admin')).toBeTruthy();
    expect(screen.getByText('2 Benutzer')).toBeTruthy();
    // The signed-in admin is marked as "you"; roles are shown by their names.
    expect(screen.getByText('Sie')).toBeTruthy();
    expect(screen.getByText('DGUV-Prüfungen')).toBeTruthy();

    fireEvent.change(screen.getByTestId('user-search'), { target: { value: 'tech' } });
    await waitFor(() => expect(screen.queryByText('Anna Admin')).toBeNull(), SLOW);
    expect(screen.getByText('Tom Techniker')).toBeTruthy();
    expect(calls.at(-1)?.url).toContain('search=tech');
    expect(calls.every((c) => c.method === 'GET')).toBe(true);
  });

  it('creates a user with a one-time password and sends the fields entered', async () => {
    const { calls } = fakeServer();
    await open();
    fireEvent.click(await screen.findByTestId('user-create', {}, SLOW));
    fireEvent.change(screen.getByTestId('user-username'), { target: { value: 'neu' } });
    fireEvent.change(screen.getByLabelText('Vorname'), { target: { value: 'Nina' } });
    fireEvent.change(screen.getByLabelText('Nachname'), { target: { value: 'Neu' } });
    fireEvent.change(screen.getByLabelText('E-Mail'), { target: { value: 'nina@example.com' } });
    fireEvent.click(screen.getByLabelText('Shop und Bestellungen'));
    // Too short a password is refused on the device, before any request.
    fireEvent.change(screen.getByTestId('user-password'), { target: { value: 'kurz' } });
    fireEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findByText(/Mindestens/)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('user-password'), {
      target: { value: 'Einmal-Passwort-2026' },
    });
    fireEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findByText('Benutzer gespeichert.', {}, SLOW)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/cms/profile');
    expect(post?.body).toEqual({
      username: 'neu',
      firstName: 'Nina',
      lastName: 'Neu',
      email: 'nina@example.com',
      roles: ['admin-shop'],
      customerId: null,
      qualification: null,
      training: null,
      lastRefresher: null,
      password: 'Einmal-Passwort-2026',
    });
    // The list is loaded again and shows the new user, who must change the password.
    expect(await screen.findByText('Nina Neu', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('Einmalpasswort')).toBeTruthy();
  });

  it('refuses a staff user without roles until a role is chosen, and says what each allows', async () => {
    const { calls } = fakeServer();
    await open();
    fireEvent.click(await screen.findByTestId('user-create', {}, SLOW));
    fireEvent.change(screen.getByTestId('user-username'), { target: { value: 'ohne' } });
    fireEvent.change(screen.getByTestId('user-password'), {
      target: { value: 'Einmal-Passwort-2026' },
    });
    expect(screen.getByText('Produkte, Preisliste und Bestellungen verwalten.')).toBeTruthy();
    expect(screen.getByText('DGUV-Prüfungen durchführen.')).toBeTruthy();
    expect(screen.getByText(/Jeder Mitarbeiter ohne Kundenverknüpfung kann Kunden/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('user-save'));
    expect(
      await screen.findByText(
        'Bitte wählen Sie mindestens eine Rolle oder verknüpfen Sie einen Kunden.',
      ),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByLabelText('DGUV-Prüfungen'));
    expect(
      screen.queryByText(
        'Bitte wählen Sie mindestens eine Rolle oder verknüpfen Sie einen Kunden.',
      ),
    ).toBeNull();
    fireEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findByText('Benutzer gespeichert.', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      username: 'ohne',
      roles: ['module-dguv'],
      customerId: null,
    });
  });

  it('locks a user only after confirmation, and unlocks without asking', async () => {
    const { calls } = fakeServer();
    await open();
    const openMenu = async () =>
      fireEvent.click(
        await screen.findByRole('button', { name: 'Aktionen für Tom Techniker' }, SLOW),
      );
    await openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sperren' }));
    expect(await screen.findByText('Benutzer sperren?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByText('Benutzer sperren?')).toBeNull());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Sperren' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sperren' }));
    expect(await screen.findByText('Tom Techniker ist gesperrt.', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ id: TECH_ID, locked: true });
    expect(await screen.findByTestId('user-locked', {}, SLOW)).toBeTruthy();

    await openMenu();
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Entsperren' }));
    expect(await screen.findByText('Tom Techniker ist entsperrt.', {}, SLOW)).toBeTruthy();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      id: TECH_ID,
      locked: false,
    });
    await waitFor(() => expect(screen.queryByTestId('user-locked')).toBeNull(), SLOW);
  });

  it("keeps a user's competent-person profile: qualification, training, last refresher", async () => {
    const { calls } = fakeServer();
    await open();
    fireEvent.click(
      await screen.findByRole('button', { name: 'Aktionen für Tom Techniker' }, SLOW),
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Bearbeiten' }));
    expect(await screen.findByText('Befähigte Person (Prüfer)')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Qualifikation'), {
      target: { value: '  Industriemeister Hydraulik ' },
    });
    fireEvent.change(screen.getByLabelText('Schulung'), {
      target: { value: 'Befähigte Person Schlauchleitungen (2021)' },
    });
    const refresher = screen.getByLabelText('Letzte Auffrischung');
    // A day still to come is refused on the device, before any request.
    fireEvent.change(refresher, { target: { value: '01.01.2999' } });
    fireEvent.click(screen.getByTestId('user-save'));
    expect(
      await screen.findByText('Die letzte Auffrischung darf nicht in der Zukunft liegen.'),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    fireEvent.change(refresher, { target: { value: '12.05.2024' } });
    fireEvent.click(screen.getByTestId('user-save'));
    expect(await screen.findByText('Benutzer gespeichert.', {}, SLOW)).toBeTruthy();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      id: TECH_ID,
      qualification: 'Industriemeister Hydraulik',
      training: 'Befähigte Person Schlauchleitungen (2021)',
      lastRefresher: '2024-05-12',
    });
    // Opened again, the dialog shows what is kept.
    fireEvent.click(
      await screen.findByRole('button', { name: 'Aktionen für Tom Techniker' }, SLOW),
    );
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Bearbeiten' }));
    expect(((await screen.findByLabelText('Qualifikation')) as HTMLInputElement).value).toBe(
      'Industriemeister Hydraulik',
    );
  });

  it('is read-only with a real Keycloak and links to its console', async () => {
    fakeServer({ embedded: false });
    await open();
    const alert = await screen.findByTestId('users-keycloak', {}, SLOW);
    expect(alert.textContent).toContain('Benutzer werden in Keycloak verwaltet.');
    const link = screen.getByRole('link', { name: 'Keycloak-Verwaltungskonsole öffnen' });
    expect(link.getAttribute('href')).toBe('https://sso.example.com/admin/hydraulik/console/');
    expect(screen.getByText('Tom Techniker')).toBeTruthy();
    expect(screen.queryByTestId('user-create')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Aktionen für/ })).toBeNull();
  });

  it('says the screen needs the network when offline', async () => {
    const { calls } = fakeServer();
    Object.defineProperty(navigator, 'onLine', { value: false, configurable: true });
    await open();
    expect(await screen.findByTestId('users-offline', {}, SLOW)).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
