// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import type { AuditRow } from '../data/audit-queries';
import { renderRoute } from '@tests/fixtures/render';
import { signedInDevice } from '@tests/fixtures/signed-in-device';
import { officeUser } from '@tests/fixtures/test-users';
import { ReportActions } from './report-actions';

const SLOW = { timeout: 8000 };
const now = new Date().toISOString();
const audit = (id: string, startDate: string, state: AuditRow['state']): AuditRow => ({
  id,
  companyId: 'c1',
  machineId: `m-${id}`,
  startDate,
  state,
  auditor: 'Tom Techniker',
  auditorUserId: 'u-tech',
  changeIntervalObserved: true,
  signatureId: null,
  locale: 'de',
  approvedBy: null,
  approvedAt: null,
  snapshot: null,
  occasion: 'RECURRING',
  occasionEvent: null,
  occasionNote: null,
  performedAt: now,
  version: 2,
  createdAt: now,
  updatedAt: now,
  deletedAt: null,
});

const open = (row: AuditRow, query: string) =>
  renderRoute(<ReportActions audit={row} />, {
    path: '/customer/:customerId/machine/:machineId/dguv/:dguvId',
    url: `/customer/c1/machine/${row.machineId}/dguv/${row.id}${query}`,
  });

describe('DGUV report in the approval queue', () => {
  signedInDevice(officeUser);

  it('links to the longest waiting other audit, and home when the queue is empty', async () => {
    const current = audit('a2', '2026-11-10 08:00:00', 'COMPLETE');
    await getDatabase()
      .table('dguvAudit')
      .bulkAdd([
        current,
        audit('a3', '2026-11-20 08:00:00', 'COMPLETE'),
        audit('a1', '2026-11-01 08:00:00', 'APPROVED'),
        audit('a0', '2026-11-05 08:00:00', 'COMPLETE'),
      ]);
    await open(current, '?queue=approval');
    const next = await screen.findByTestId('audit-queue-next', {}, SLOW);
    expect(next.getAttribute('href')).toBe('/customer/c1/machine/m-a0/dguv/a0?queue=approval');
    await waitFor(() => expect(next.textContent).toBe('Nächste Prüfung'), SLOW);
  });

  it('offers the way back when nothing else waits, and nothing outside the queue', async () => {
    const current = audit('a2', '2026-11-10 08:00:00', 'APPROVED');
    await getDatabase().table('dguvAudit').add(current);
    const first = await open(current, '?queue=approval');
    const back = await screen.findByTestId('audit-queue-next', {}, SLOW);
    expect(back.getAttribute('href')).toBe('/');
    first.unmount();
    await open(current, '');
    expect(screen.queryByTestId('audit-queue-next')).toBeNull();
  });
});
