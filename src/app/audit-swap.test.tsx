// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { getDatabase } from '@db/database';
import { getRow, listPipes } from '@db/entity-repository';
import type { EntityRow } from '@db/entity-tables';
import { useAuthStore } from '@lib/auth';
import { renderWithProviders } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { seedMachine } from '@tests/fixtures/sync';
import { PipeEditScreen } from '@features/hoses/pipe-edit-screen';
import { DguvAuditScreen } from '@features/dguv/audit/dguv-audit-screen';
import { DguvCheckPipeScreen } from '@features/dguv/check/dguv-check-pipe-screen';
import { saveCheck, startAudit } from '@features/dguv/data/audit-writes';

// Writes run the whole mutator on fake IndexedDB: on a busy machine that takes seconds.
configure({ asyncUtilTimeout: 10_000 });
const ids = { companyId: '', machineId: '' };
let first: EntityRow<'pipe'>;
let second: EntityRow<'pipe'>;

beforeAll(async () => {
  const db = getDatabase();
  Object.assign(ids, await seedMachine(db));
  const m = createMutator({ db, getUserId: () => staffUser.id });
  const base = { machineId: ids.machineId, dn: 12, maxPn: 250, length: 900 };
  first = await m.create('pipe', {
    ...base,
    position: 1,
    code: 'T-1',
    productionDate: '2026-01-01',
  });
  second = await m.create('pipe', {
    ...base,
    position: 2,
    code: 'T-2',
    productionDate: '2026-01-01',
  });
  const audit = await startAudit(
    {
      machine: { id: ids.machineId },
      userId: staffUser.id,
      auditor: 'Tom',
      locale: 'de',
      running: null,
    },
    m,
  );
  // T-1 was checked in this audit and found to be replaced; T-2 is not checked yet.
  await saveCheck(
    {
      audit,
      pipeId: first.id,
      existing: undefined,
      answerId: '01936b2e-0000-7000-8000-00000000a001',
      values: {
        answer: ['Beschädigungen der Außenschicht bis zur Einlage'],
        protectionRecommended: false,
        replaceHose: true,
        replaceHoseComment: null,
        comment: null,
        photoIds: [],
      },
    },
    m,
  );
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
});
afterAll(async () => {
  await getDatabase().delete();
});

async function renderAudit(url: string) {
  const router = createMemoryRouter(
    [
      { path: '/dguv/audit', element: <DguvAuditScreen /> },
      { path: '/dguv/audit/check-pipe', element: <DguvCheckPipeScreen /> },
      {
        path: '/customer/:customerId/machine/:machineId/parts/pipes/:pipeId',
        element: <PipeEditScreen />,
      },
      { path: '/dguv', element: <p>at /dguv</p> },
    ],
    { initialEntries: [url] },
  );
  const view = await renderWithProviders(<RouterProvider router={router} />);
  return { router, ...view };
}

/** From the hose's check: the swap form, filled in and saved; back at the audit. */
async function swapFromCheck(router: ReturnType<typeof createMemoryRouter>, code: string) {
  fireEvent.click(await screen.findByRole('link', { name: 'Durch neue Schlauchleitung ersetzt' }));
  const form = await screen.findByTestId('pipe-swap-form');
  fireEvent.change(within(form).getByRole('textbox', { name: /^Code/ }), {
    target: { value: code },
  });
  fireEvent.change(within(form).getByRole('textbox', { name: /^Herstelldatum/ }), {
    target: { value: '10/2026' },
  });
  fireEvent.click(within(form).getByRole('button', { name: 'Austausch speichern' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/dguv/audit'));
}

describe('a hose replaced during an audit', () => {
  it(
    'keeps the checked hose with its result, names its successor and asks for its inspection before first use',
    { timeout: 60_000 },
    async () => {
      const { router, unmount } = await renderAudit(`/dguv/audit/check-pipe?pipe=${first.id}`);
      await swapFromCheck(router, 'T-1N');
      const rows = await screen.findAllByTestId('audit-hose-row');
      expect(rows).toHaveLength(2);
      expect(rows[0]!.textContent).toContain('T-1');
      expect(rows[0]!.textContent).toContain('Ersetzt durch T-1N');
      // The retired hose's check stays in the record and counts; the new one is not this audit's.
      expect(screen.getByTestId('audit-progress').textContent).toBe(
        '1 von 2 Schlauchleitungen geprüft',
      );
      const apart = screen.getByTestId('audit-first-use-apart');
      expect(apart.textContent).toContain(
        '1 neue Schlauchleitung ist vor der ersten Inbetriebnahme zu prüfen.',
      );
      expect(apart.textContent).toContain('Position 1 · T-1N');
      expect(apart.textContent).toContain('„vor der ersten Inbetriebnahme“');
      const old = await getRow(getDatabase(), 'pipe', first.id);
      expect(old?.retiredAt).not.toBeNull();
      unmount();
    },
  );

  it(
    'drops a replaced hose without a check from the audit: nothing is left open for it',
    { timeout: 60_000 },
    async () => {
      const { router, unmount } = await renderAudit(`/dguv/audit/check-pipe?pipe=${second.id}`);
      await swapFromCheck(router, 'T-2N');
      await waitFor(() =>
        expect(screen.getByTestId('audit-progress').textContent).toBe(
          '1 von 1 Schlauchleitung geprüft',
        ),
      );
      const rows = screen.getAllByTestId('audit-hose-row');
      expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('T-1')]);
      expect(screen.getByText('Alle Schlauchleitungen sind geprüft.')).toBeTruthy();
      const apart = screen.getByTestId('audit-first-use-apart');
      expect(apart.textContent).toContain('2 neue Schlauchleitungen');
      expect(apart.textContent).toContain('Position 2 · T-2N');
      const pipes = await listPipes(getDatabase(), ids.machineId);
      expect(
        pipes
          .filter((p) => !p.retiredAt)
          .map((p) => p.code)
          .sort(),
      ).toEqual(['T-1N', 'T-2N']);
      unmount();
    },
  );
});
