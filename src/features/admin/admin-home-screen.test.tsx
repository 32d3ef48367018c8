// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { SessionUser } from '@domain/schemas/session';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import {
  adminUser,
  initialAuthStateForTest,
  officeUser,
  staffUser,
} from '@tests/fixtures/test-users';
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

/** The tiles' headings: each tile is a link named by its whole text, heading first. */
const tileNames = () =>
  screen.getAllByTestId('admin-tile').map((tile) => tile.querySelector('h3')?.textContent);

describe('administration start', () => {
  beforeEach(() => signIn(adminUser));

  it('shows an admin every area, and a tile opens its screen', async () => {
    const { router } = await open();
    expect(tileNames()).toEqual([
      'Benutzer',
      'Hersteller',
      'Shop-Produkte',
      'Bestellverwaltung',
      'Einstellungen',
    ]);
    fireEvent.click(screen.getByRole('link', { name: /^Hersteller/ }));
    expect(await screen.findByText('at /admin/manufacturer')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin/manufacturer');
  });

  it('shows the office only the shop, orders and settings', async () => {
    signIn(officeUser);
    await open();
    expect(tileNames()).toEqual(['Shop-Produkte', 'Bestellverwaltung', 'Einstellungen']);
  });

  it('shows a technician no user or shop administration', async () => {
    signIn(staffUser);
    await open();
    const names = screen
      .queryAllByTestId('admin-tile')
      .map((t) => t.querySelector('h3')?.textContent);
    expect(names).not.toContain('Benutzer');
    expect(names).not.toContain('Shop-Produkte');
    expect(names).not.toContain('Bestellverwaltung');
  });
});
