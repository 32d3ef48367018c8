// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import type { EntityRow } from '@db/entity-tables';
import { rowTable } from '@db/entity-repository';
import { useAuthStore } from '@lib/auth';
import { changeLanguage } from '@lib/i18n';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { seedMachine, serverRow } from '@tests/fixtures/sync';
import { swapPipe } from './data/pipe-writes';
import { PositionHistory } from './position-history';

/**
 * The history of a position on the hose screen, read from the device's rows (fake IndexedDB,
 * no server): three assemblies swapped one after another, each with its inspections.
 */
const PATH = '/customer/:customerId/machine/:machineId/parts/pipes/:pipeId';
let base = '';
let first: EntityRow<'pipe'>;
let second: EntityRow<'pipe'>;
let third: EntityRow<'pipe'>;
let other: EntityRow<'pipe'>;

beforeAll(async () => {
  const db = getDatabase();
  const { companyId, machineId } = await seedMachine(db);
  base = `/customer/${companyId}/machine/${machineId}/parts/pipes`;
  const mutate = createMutator({ db, getUserId: () => 'u1' });
  first = await mutate.create('pipe', {
    machineId,
    position: 4,
    code: 'SM-000004',
    productionDate: '2019-03-01',
    installationDate: '2019-05-10',
  });
  // Another position on the same machine: not part of this history.
  other = await mutate.create('pipe', { machineId, position: 5, code: 'SM-000005' });
  const audit = (startDate: string, occasion: string) =>
    serverRow({ companyId, machineId, startDate, state: 'APPROVED', occasion });
  const answer = (auditId: string, pipeId: string, value: string[]) =>
    serverRow({ companyId, auditId, pipeId, answer: value, performedAt: '2026-01-10T09:00:00Z' });
  const recurring = audit('2024-02-12 08:00:00', 'RECURRING');
  const faulty = audit('2025-01-20 08:00:00', 'RECURRING');
  await rowTable(db, 'dguvAudit').bulkPut([recurring, faulty]);
  await rowTable(db, 'dguvAnswer').bulkPut([
    answer(recurring.id, first.id, ['OK']),
    answer(faulty.id, first.id, ['Undichte Stellen', 'Korrosion der Armatur']),
    answer(faulty.id, other.id, ['OK']),
  ]);
  second = await swapPipe(
    first,
    { code: 'SM-000014', productionDate: '2024-11-01', installationDate: '2025-01-21' },
    mutate,
  );
  const firstUse = audit('2025-01-21 10:00:00', 'FIRST_USE');
  await rowTable(db, 'dguvAudit').put(firstUse);
  await rowTable(db, 'dguvAnswer').put(answer(firstUse.id, second.id, ['OK']));
  const retiredSecond = (await rowTable(db, 'pipe').get(second.id)) as EntityRow<'pipe'>;
  third = await swapPipe(
    retiredSecond,
    {
      code: 'SM-000024',
      productionDate: '2026-01-05',
      installationDate: '2026-02-02',
      retiredReason: 'Quetschung',
    },
    mutate,
  );
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
});
afterAll(async () => {
  await changeLanguage('de');
  await getDatabase().delete();
});

async function open(pipeId: string) {
  await renderRoute(<PositionHistory pipeId={pipeId} hrefOf={(id) => `${base}/${id}`} />, {
    path: PATH,
    url: `${base}/${pipeId}`,
  });
  return waitFor(() => screen.getAllByTestId('position-history-entry'), { timeout: 5_000 });
}

describe('history of the position', () => {
  it('lists every assembly at the position, newest first, with its days and inspections', async () => {
    const entries = await open(second.id);
    const section = screen.getByRole('region', { name: 'Historie der Position' });
    expect(within(section).getByRole('list', { name: 'Historie der Position' })).toBeTruthy();
    expect(entries.map((e) => within(e).getByRole('heading').textContent)).toEqual([
      'SM-000024',
      'SM-000014',
      'SM-000004',
    ]);
    expect(screen.queryByText('SM-000005')).toBeNull();

    // The newest, installed: linked to its own screen, no inspection yet.
    const [newest, middle, oldest] = entries as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(newest).getByRole('link', { name: 'SM-000024' }).getAttribute('href')).toBe(
      `${base}/${third.id}`,
    );
    expect(within(newest).getByText('Eingebaut')).toBeTruthy();
    expect(within(newest).getByText('02.02.2026')).toBeTruthy();
    expect(within(newest).getByText('Keine Prüfung erfasst.')).toBeTruthy();

    // The one on screen: not a link, marked as this hose; retired on the next one's install day.
    expect(within(middle).queryByRole('link')).toBeNull();
    expect(within(middle).getByText('SM-000014').getAttribute('aria-current')).toBe('page');
    expect(within(middle).getByText('Diese Schlauchleitung')).toBeTruthy();
    expect(within(middle).getByText('Grund des Austauschs: Quetschung')).toBeTruthy();
    const facts = (entry: HTMLElement) =>
      [...entry.querySelectorAll('dl > div')].map((d) => [
        d.querySelector('dt')?.textContent,
        d.querySelector('dd')?.textContent,
      ]);
    expect(facts(middle)).toEqual([
      ['Herstelldatum', '01.11.2024'],
      ['Einbaudatum', '21.01.2025'],
      ['Ausgemustert am', '02.02.2026'],
    ]);
    const firstUse = within(middle).getByRole('table', { name: 'Prüfungen von SM-000014' });
    expect(
      within(firstUse)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'DatumAnlassErgebnis',
      '21.01.2025Prüfung vor der ersten Inbetriebnahme (nach Montage oder Einbau)In Ordnung',
    ]);

    // The oldest: its two inspections newest first, the findings under the result.
    expect(facts(oldest)).toEqual([
      ['Herstelldatum', '01.03.2019'],
      ['Einbaudatum', '10.05.2019'],
      ['Ausgemustert am', '21.01.2025'],
    ]);
    const table = within(oldest).getByRole('table', { name: 'Prüfungen von SM-000004' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[0]!.textContent)).toEqual([
      '20.01.2025',
      '12.02.2024',
    ]);
    expect(
      within(rows[0]!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Undichte Stellen', 'Korrosion der Armatur']);
    expect(within(rows[1]!).queryByRole('listitem')).toBeNull();
    expect(within(oldest).getByRole('link', { name: 'SM-000004' }).getAttribute('href')).toBe(
      `${base}/${first.id}`,
    );
  });

  it('reads the same line from the oldest assembly, in English', async () => {
    const entries = await open(first.id);
    await act(() => changeLanguage('en-gb'));
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'History of the position' })).toBeTruthy(),
    );
    expect(screen.getByText('3 hose assemblies at this position, newest first')).toBeTruthy();
    expect(entries.map((e) => within(e).getByRole('heading').textContent)).toEqual([
      'SM-000024',
      'SM-000014',
      'SM-000004',
    ]);
    const oldest = entries[2]!;
    expect(within(oldest).getByText('This hose assembly')).toBeTruthy();
    expect(within(oldest).getByText('Leaks')).toBeTruthy();
  });
});
