// @vitest-environment jsdom
import '../../../tests/fixtures/browser-stubs';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../domain/schemas/session';
import { useAuthStore } from '../../lib/auth';
import { renderRoute } from '../../../tests/fixtures/render';
import {
  adminUser,
  initialAuthStateForTest,
  officeUser,
  staffUser,
} from '../../../tests/fixtures/test-users';
import { AdminHomeScreen } from './admin-home-screen';

const signIn = (user: SessionUser) =>
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user });

const open = () =>
  renderRoute(<AdminHomeScreen />, {
    path: '/admin',
    url: '/admin',
    others: [
      '/admin/user',
      '/admin/manufacturer',
      '/admin/shop/product-list',
      '/orders',
      '/settings',
    ],
  });

const tileNames = () =>
  screen.getAllByTestId('admin-tile').map((tile) => tile.getAttribute('aria-label'));

describe('administration start', () => {
  beforeEach(() => signIn(adminUser));

  it('shows an admin every area, and a tile opens its screen', async () => {
    const { router } = await open();
    expect(tileNames()).toEqual([
      'Benutzer öffnen',
      'Hersteller öffnen',
      'Shop-Produkte öffnen',
      'Bestellverwaltung öffnen',
      'Einstellungen öffnen',
    ]);
    fireEvent.click(screen.getByRole('link', { name: 'Hersteller öffnen' }));
    expect(await screen.findByText('at /admin/manufacturer')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/manufacturer');
  });

  it('shows the office only the shop, orders and settings', async () => {
    signIn(officeUser);
    await open();
    expect(tileNames()).toEqual([
      'Shop-Produkte öffnen',
      'Bestellverwaltung öffnen',
      'Einstellungen öffnen',
    ]);
  });

  it('shows a technician no user or shop administration', async () => {
    signIn(staffUser);
    await open();
    const names = screen.queryAllByTestId('admin-tile').map((t) => t.getAttribute('aria-label'));
    expect(names).not.toContain('Benutzer öffnen');
    expect(names).not.toContain('Shop-Produkte öffnen');
    expect(names).not.toContain('Bestellverwaltung öffnen');
  });
});
