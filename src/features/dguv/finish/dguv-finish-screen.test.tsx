// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { configure, screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import { addMonths } from '@domain/rules/intervals';
import { localCalendarDay } from '@domain/rules/dates';
import type { SessionCompetentPerson } from '@domain/schemas/session';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { seedMachine, serverRow } from '@tests/fixtures/sync';
import { startAudit } from '../data/audit-writes';
import { DguvFinishScreen } from './dguv-finish-screen';

configure({ asyncUtilTimeout: 5000 });
const db = () => getDatabase();
const today = localCalendarDay();

beforeAll(async () => {
  const { machineId } = await seedMachine(db());
  // The company wants a refresher every 2 years.
  await rowTable(db(), 'companySettings').put(
    serverRow({ name: 'Hydraulik Service GmbH', pipeCodePrefix: 'HS', refresherYears: 2 }),
  );
  const m = createMutator({ db, getUserId: () => staffUser.id });
  await m.create('pipe', { machineId, position: 1, code: 'T-1', productionDate: '2026-01-01' });
  await startAudit(
    {
      machine: { id: machineId },
      userId: staffUser.id,
      auditor: 'Tom Techniker',
      locale: 'de',
      running: null,
    },
    m,
  );
});
afterAll(async () => {
  await db().delete();
});

const openAs = (competentPerson: SessionCompetentPerson | null) => {
  useAuthStore.setState({
    ...initialAuthStateForTest,
    status: 'authenticated',
    user: { ...staffUser, competentPerson },
  });
  return renderRoute(<DguvFinishScreen />, {
    path: '/dguv/audit/finish',
    url: '/dguv/audit/finish',
    others: ['/dguv', '/dguv/audit'],
  });
};

describe('finish screen: the competent person', () => {
  it("prefills the signed-in user's name, editable, and shows the qualification", async () => {
    const { unmount } = await openAs({
      qualification: 'Industriemeister Hydraulik',
      training: 'Befähigte Person Schlauchleitungen',
      lastRefresher: addMonths(today, -6),
    });
    const name = (await screen.findByLabelText(/Name der befähigten Person/)) as HTMLInputElement;
    expect(name.value).toBe('Tom Techniker');
    expect(name.readOnly).toBe(false);
    const facts = await screen.findByTestId('finish-competent-person');
    expect(facts.textContent).toContain('Qualifikation: Industriemeister Hydraulik');
    expect(facts.textContent).toContain('Schulung: Befähigte Person Schlauchleitungen');
    expect(screen.queryByTestId('finish-refresher-warning')).toBeNull();
    unmount();
  });

  it("warns, without blocking, when the last refresher is older than the company's setting", async () => {
    const last = addMonths(today, -25);
    const { unmount } = await openAs({
      qualification: 'Industriemeister Hydraulik',
      training: null,
      lastRefresher: last,
    });
    const warning = await screen.findByTestId('finish-refresher-warning');
    const [y, m, d] = last.split('-');
    expect(warning.textContent).toContain(`Ihre letzte Auffrischung (${d}.${m}.${y})`);
    expect(warning.textContent).toContain('mehr als 2 Jahre zurück');
    const submit = screen.getByRole('button', { name: 'Prüfung abschließen' });
    expect(submit.hasAttribute('disabled')).toBe(false);
    unmount();
  });

  it('warns when no refresher is recorded, and says the qualification is missing', async () => {
    const { unmount } = await openAs(null);
    expect((await screen.findByTestId('finish-refresher-warning')).textContent).toContain(
      'Für Sie ist keine Auffrischung hinterlegt (fällig alle 2 Jahre).',
    );
    expect(screen.getByTestId('finish-competent-person').textContent).toContain(
      'Qualifikation: nicht hinterlegt',
    );
    unmount();
  });
});
