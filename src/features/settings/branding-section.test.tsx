// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { DEFAULT_THEME } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@db/database';
import { entityTable } from '@db/entity-repository';
import { BRAND_COLOR_NAMES } from '@domain/rules/brand-colors';
import type { BrandingInput } from '@domain/schemas/admin';
import { useAuthStore } from '@lib/auth';
import { useBrandingChanges } from '@lib/branding/branding-changes';
import { renderRoute } from '@tests/fixtures/render';
import { adminUser, initialAuthStateForTest } from '@tests/fixtures/test-users';
import { BrandingSection } from './branding-section';

const COMPANY = '01936b2e-0000-7000-8000-00000000b001';
const T = '2026-03-02T09:30:00.000Z';
const stored: { branding: BrandingInput } = {
  branding: { primaryColor: 'teal', faviconUrl: null },
};
const api = vi.hoisted(() => ({ saved: [] as unknown[] }));

vi.mock('./data/branding-api', () => ({
  fetchBranding: () => Promise.resolve(stored.branding),
  saveBranding: (_id: string, b: BrandingInput) => {
    api.saved.push(b);
    return Promise.resolve(b);
  },
}));

async function openFor() {
  await renderRoute(<BrandingSection canSave />, { path: '/settings', url: '/settings' });
  const select = await screen.findByTestId('branding-customer', {}, { timeout: 5000 });
  fireEvent.click(select);
  fireEvent.click(await screen.findByRole('option', { name: 'Blaugrün Hydraulik GmbH' }));
  return screen.findByTestId('branding-preview', {}, { timeout: 5000 });
}

describe('branding section', () => {
  beforeAll(async () => {
    useAuthStore.setState({
      ...initialAuthStateForTest,
      status: 'authenticated',
      user: adminUser,
      accessToken: 't',
    });
    await entityTable(getDatabase(), 'company').put({
      version: 1,
      createdAt: T,
      updatedAt: T,
      deletedAt: null,
      id: COMPANY,
      companyId: COMPANY,
      name: 'Blaugrün Hydraulik GmbH',
    } as never);
  });
  beforeEach(() => {
    stored.branding = { primaryColor: 'teal', faviconUrl: null };
    api.saved.length = 0;
  });
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('previews a stored "teal" in its palette shade, not blank', async () => {
    const preview = await openFor();
    expect(preview.getAttribute('data-color')).toBe(DEFAULT_THEME.colors.teal[6]);
    expect(preview.style.background).not.toBe('');
    expect(screen.getByRole('button', { name: 'Blaugrün' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });

  it('previews every offered colour, each under its translated name', async () => {
    const preview = await openFor();
    for (const name of BRAND_COLOR_NAMES) {
      fireEvent.click(screen.getByTestId(`branding-swatch-${name}`));
      expect(preview.getAttribute('data-color'), name).toBe(DEFAULT_THEME.colors[name]?.[6]);
      expect(screen.getByTestId(`branding-swatch-${name}`).getAttribute('aria-label')).not.toMatch(
        /branding\./,
      );
    }
    fireEvent.change(screen.getByTestId('branding-color'), { target: { value: '#8a2be2' } });
    expect(preview.getAttribute('data-color')).toBe('#8a2be2');
  });

  it('saves a colour and announces it, so the app applies it without a reload', async () => {
    await openFor();
    const before = useBrandingChanges.getState().saved[COMPANY] ?? 0;
    fireEvent.click(screen.getByRole('button', { name: 'Grün' }));
    fireEvent.click(screen.getByTestId('branding-save'));
    await waitFor(() => expect(api.saved).toEqual([{ primaryColor: 'green', faviconUrl: null }]));
    await waitFor(() => expect(useBrandingChanges.getState().saved[COMPANY]).toBe(before + 1));
  });
});
