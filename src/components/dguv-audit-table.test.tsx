// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AuditListRow } from '../db/dguv-audit-list';
import { renderRoute } from '@tests/fixtures/render';
import { DguvAuditTable } from './dguv-audit-table';

const row = (id: string, state: AuditListRow['audit']['state']): AuditListRow => ({
  audit: {
    id,
    companyId: 'c1',
    machineId: 'm1',
    startDate: '2026-03-04 09:15:00',
    auditor: 'Tom Techniker',
    auditorUserId: 'techniker',
    state,
    changeIntervalObserved: true,
    signatureId: null,
    performedAt: '2026-03-04T08:15:00.000Z',
    locale: 'de',
    approvedBy: null,
    approvedAt: null,
    snapshot: null,
    occasion: 'RECURRING',
    occasionEvent: null,
    occasionNote: null,
    version: 1,
    createdAt: '2026-03-04T08:15:00.000Z',
    updatedAt: '2026-03-04T08:15:00.000Z',
    deletedAt: null,
  },
  summary: { checked: 4, success: 2, warning: 1, error: 1 },
  machine: { id: 'm1', machineType: 'Presse HP 250', internalId: 'INV-7' },
});

describe('DguvAuditTable', () => {
  it('lists date (linking to the report), auditor, translated state and result counts', async () => {
    await renderRoute(<DguvAuditTable rows={[row('a1', 'COMPLETE'), row('a2', 'APPROVED')]} />, {
      path: '/',
      url: '/',
    });
    const rows = screen.getAllByTestId('dguv-audit-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('link').getAttribute('href')).toBe('/customer/c1/machine/m1/dguv/a1');
    expect(first.getByText('Tom Techniker')).toBeTruthy();
    expect(first.getByTestId('audit-state').textContent).toBe('Freigabe ausstehend');
    expect(first.getByTestId('audit-counts').getAttribute('aria-label')).toBe(
      'Geprüft: 4 – In Ordnung: 2 · Warnung: 1 · Mangel: 1',
    );
    expect(within(rows[1] as HTMLElement).getByTestId('audit-state').textContent).toBe(
      'Freigegeben',
    );
    expect(screen.queryByText('Presse HP 250 · INV-7')).toBeNull();
  });

  it('shows the machine column on request and an empty state', async () => {
    const { unmount } = await renderRoute(
      <DguvAuditTable rows={[row('a1', 'IN_PROGRESS')]} showMachine />,
      { path: '/', url: '/' },
    );
    // Table (from sm) and phone card both name the machine.
    expect(screen.getAllByText('Presse HP 250 · INV-7')).toHaveLength(2);
    const card = screen.getByTestId('dguv-audit-card');
    expect(within(card).getByRole('link').getAttribute('href')).toBe(
      '/customer/c1/machine/m1/dguv/a1',
    );
    expect(within(card).getByTestId('audit-state').textContent).toBe('Prüfung läuft');
    unmount();
    await renderRoute(<DguvAuditTable rows={[]} />, { path: '/', url: '/' });
    expect(screen.getByTestId('dguv-audits-empty').textContent).toContain(
      'Noch keine DGUV-Prüfungen.',
    );
  });
});
