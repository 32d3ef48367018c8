// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import type { DguvAnswerValue } from '@domain/schemas/dguv-answer';
import type { SessionUser } from '@domain/schemas/session';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import {
  customerUser,
  initialAuthStateForTest,
  officeUser,
  staffUser,
} from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { pipeInput, seedMachine } from '@tests/fixtures/sync';
import { DguvReportScreen } from './dguv-report-screen';

const SLOW = { timeout: 5000 };
const PATH = '/customer/:customerId/machine/:machineId/dguv/:dguvId';
const LIST = '/customer/:customerId/machine/:machineId/documents/dguv';
const signIn = (user: SessionUser) =>
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user });

async function seedAudit(
  state: 'IN_PROGRESS' | 'COMPLETE' | 'APPROVED',
  occasion: 'RECURRING' | 'FIRST_USE' = 'RECURRING',
) {
  const db = getDatabase();
  const m = createMutator({ db, getUserId: () => 'u1' });
  const { companyId, machineId } = await seedMachine(db);
  const [p1, p2, p3] = await Promise.all(
    [1, 2, 3].map((n) => m.create('pipe', { ...pipeInput(machineId, n), code: `HS-00${n}` })),
  );
  const audit = await m.create('dguvAudit', {
    machineId,
    startDate: '2026-03-04 09:15:00',
    auditor: 'Tom Techniker',
    auditorUserId: 'techniker',
    performedAt: '2026-03-04T08:15:00.000Z',
    occasion,
  });
  const firstUseChecklist =
    occasion === 'FIRST_USE'
      ? { documents: true, assembly: true, marking: false, installation: true }
      : null;
  const check = (pipeId: string, answer: DguvAnswerValue[], extra = {}) =>
    m.create('dguvAnswer', {
      auditId: audit.id,
      pipeId,
      answer,
      protectionRecommended: false,
      replaceHose: false,
      performedAt: '2026-03-04T08:20:00.000Z',
      firstUseChecklist,
      ...extra,
    });
  await check(p1?.id ?? '', ['OK'], {
    comment: 'leichte Scheuerstelle',
    replaceHoseComment: 'Risikobeurteilung liegt vor',
  });
  await check(p2?.id ?? '', ['Undichte Stellen'], { replaceHose: true, comment: 'tropft' });
  void p3;
  if (state !== 'IN_PROGRESS') await m.update('dguvAudit', audit.id, { state });
  return { companyId, machineId, auditId: audit.id, pipes: [p1!.id, p2!.id, p3!.id] };
}

function open(ids: { companyId: string; machineId: string; auditId: string }) {
  return renderRoute(
    <>
      <DguvReportScreen />
    </>,
    {
      path: PATH,
      url: `/customer/${ids.companyId}/machine/${ids.machineId}/dguv/${ids.auditId}`,
      others: [LIST],
    },
  );
}

describe('DGUV report screen', () => {
  afterEach(async () => {
    await Promise.all(getDatabase().tables.map((t) => t.clear()));
  });
  afterAll(async () => {
    await getDatabase().delete();
  });

  it('shows the report and lets the office approve a COMPLETE audit', async () => {
    const ids = await seedAudit('COMPLETE');
    signIn(officeUser);
    await open(ids);
    expect(await screen.findByTestId('dguv-report', {}, SLOW)).toBeTruthy();
    expect(
      await within(screen.getByTestId('report-customer')).findByText('Kunde', {}, SLOW),
    ).toBeTruthy();
    expect(
      await within(screen.getByTestId('report-machine')).findByText('INV-1', {}, SLOW),
    ).toBeTruthy();
    expect((await screen.findByTestId('summary-checked', {}, SLOW)).textContent).toBe('2 von 3');
    expect(screen.getByTestId('summary-success').textContent).toBe('1');
    expect(screen.getByTestId('summary-error').textContent).toBe('1');
    expect(screen.getAllByTestId('visual-row')).toHaveLength(3);
    const defect = screen.getByTestId('defect');
    expect(within(defect).getByText('Undichte Stellen')).toBeTruthy();
    expect(within(defect).getByText('tropft')).toBeTruthy();
    // What the inspector wrote about an OK hose is on the report too.
    const note = screen.getByTestId('ok-note');
    expect(within(note).getByText('leichte Scheuerstelle')).toBeTruthy();
    expect(within(note).getByText('Risikobeurteilung liegt vor')).toBeTruthy();
    expect(screen.getByTestId('signature-state').textContent).toBe('Noch nicht unterschrieben');
    expect(screen.getByTestId('report-download-dguv')).toBeTruthy();

    fireEvent.click(screen.getByTestId('audit-approve'));
    expect(await screen.findByText(/nicht mehr geändert werden/)).toBeTruthy();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Freigeben' }));
    await waitFor(async () => {
      expect((await getDatabase().table('dguvAudit').get(ids.auditId)).state).toBe('APPROVED');
    }, SLOW);
    await waitFor(() => expect(screen.queryByTestId('audit-approve')).toBeNull(), SLOW);
    expect(screen.queryByTestId('audit-cancel')).toBeNull();
    expect(screen.getByTestId('report-download-dguv')).toBeTruthy();
    expect(screen.getByTestId('audit-state').textContent).toBe('Freigegeben');
    // The record: who approved it and when, and a number people can read out.
    expect(screen.getByTestId('report-approval').textContent).toMatch(
      /^Berta Büro, \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/,
    );
    expect(screen.getByTestId('report-number').textContent).toMatch(/^\d{8}-[0-9A-F]{6}$/);
  });

  it('shows the next due date of the machine and of each hose, the snapshot once synced', async () => {
    const ids = await seedAudit('COMPLETE');
    signIn(officeUser);
    const first = await open(ids);
    // From the device's rows: a hose never checked makes the machine due now.
    expect((await screen.findByTestId('next-due-machine', {}, SLOW)).textContent).toBe(
      'sofort fällig',
    );
    const hoses = screen.getAllByTestId('next-due-hose').map((li) => li.textContent);
    expect(hoses).toContain('Pos. 3 · HS-003: sofort fällig');
    expect(hoses).toContain('Pos. 1 · HS-001: 04.03.2027');
    first.unmount();

    // The server's snapshot of the finished audit is what the PDF prints: the screen shows it.
    const [p1, p2, p3] = ids.pipes;
    const table = getDatabase().table('dguvAudit');
    const row = await table.get(ids.auditId);
    await table.put({
      ...row,
      snapshot: {
        nextDue: {
          machine: '2026-09-04',
          hoses: { [p1!]: '2027-03-04', [p2!]: '2026-09-04', [p3!]: null },
        },
      },
    });
    await open(ids);
    expect((await screen.findByTestId('next-due-machine', {}, SLOW)).textContent).toBe(
      '04.09.2026',
    );
    expect(screen.getAllByTestId('next-due-hose').map((li) => li.textContent)).toEqual([
      'Pos. 1 · HS-001: 04.03.2027',
      'Pos. 2 · HS-002: 04.09.2026',
      'Pos. 3 · HS-003: sofort fällig',
    ]);
    expect(screen.queryByTestId('report-first-use')).toBeNull();
  });

  it('shows the first-use checklist of each checked hose when the occasion is before first use', async () => {
    const ids = await seedAudit('COMPLETE', 'FIRST_USE');
    signIn(officeUser);
    await open(ids);
    const section = await screen.findByTestId('report-first-use', {}, SLOW);
    expect(within(section).getByText('Prüfung vor der ersten Inbetriebnahme')).toBeTruthy();
    const hoses = within(section).getAllByTestId('first-use-hose');
    expect(hoses).toHaveLength(2);
    expect(hoses[0]!.textContent).toContain('Pos. 1 · HS-001');
    expect(hoses[0]!.textContent).toContain('Kennzeichnung vorhanden und lesbar: Nein');
    expect(hoses[0]!.textContent).toContain(
      'Unterlagen vorhanden (Herstellerangaben, Konformitätsnachweis): Ja',
    );
  });

  it('offers approval only to the office and only for COMPLETE audits', async () => {
    const complete = await seedAudit('COMPLETE');
    signIn(staffUser);
    const first = await open(complete);
    // A signed record is the office's: a technician neither approves nor withdraws it.
    expect(await screen.findByTestId('report-download-dguv', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('audit-cancel')).toBeNull();
    expect(screen.queryByTestId('audit-approve')).toBeNull();
    first.unmount();

    const running = await seedAudit('IN_PROGRESS');
    signIn(officeUser);
    await open(running);
    expect(await screen.findByTestId('audit-cancel', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('audit-approve')).toBeNull();
  });

  it('cancels after a warning that it deletes irrecoverably, back to the audit list', async () => {
    const ids = await seedAudit('COMPLETE');
    signIn(officeUser);
    const { router } = await open(ids);
    fireEvent.click(await screen.findByTestId('audit-cancel', {}, SLOW));
    expect(await screen.findByText(/unwiderruflich gelöscht/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Endgültig löschen' }));
    await waitFor(
      () =>
        expect(router.state.location.pathname).toBe(
          `/customer/${ids.companyId}/machine/${ids.machineId}/documents/dguv`,
        ),
      SLOW,
    );
    expect((await getDatabase().table('dguvAudit').get(ids.auditId)).deletedAt).not.toBeNull();
  });

  it('is read-only for customer users, who can still download', async () => {
    const ids = await seedAudit('COMPLETE');
    signIn(customerUser);
    await open(ids);
    expect(await screen.findByTestId('report-download-dguv', {}, SLOW)).toBeTruthy();
    expect(screen.queryByTestId('audit-approve')).toBeNull();
    expect(screen.queryByTestId('audit-cancel')).toBeNull();
  });

  it('says when the audit cannot be loaded and offers the way back', async () => {
    signIn(officeUser);
    await open({ companyId: 'c1', machineId: 'm1', auditId: 'missing' });
    const alert = await screen.findByTestId('audit-missing', {}, SLOW);
    expect(alert.textContent).toContain('Fehler bein Laden der Prüfung');
    expect(within(alert).getByRole('link').getAttribute('href')).toBe(
      '/customer/c1/machine/m1/documents/dguv',
    );
  });
});
