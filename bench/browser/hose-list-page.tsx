/**
 * The page the hose-list benchmark opens in Chromium (built by hose-list.bench.ts): seeds
 * 10 000 hoses of one customer (20 machines, a DGUV audit each with checks of most hoses)
 * into the app's real IndexedDB, then mounts the customer hose list screen as the app does
 * (Mantine, German texts, a signed-in technician) and reports when its first lines are on
 * screen. The bench script types into the search box and measures each keystroke until the
 * box shows it (the echo) and until the list shows the right number of hoses (benchExpected,
 * computed from the seeded rows).
 */
import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { createRoot, type Root } from 'react-dom/client';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { getDatabase } from '@db/database';
import { rowTable } from '@db/entity-repository';
import { pipeStatuses } from '@db/dguv-status-reads';
import { machineSummaries } from '@db/machine-queries';
import { firstCustomerPipes, listCustomerPipes } from '@features/hoses/data/hose-list-queries';
import type { StoredRow, SyncedEntity } from '@db/entity-tables';
import { uuidv7 } from '@domain/ids';
import { CustomerPipesScreen } from '@features/hoses/hoses-screens';
import { useAuthStore } from '@lib/auth';
import { initI18n } from '@lib/i18n';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';

const COMPANY = uuidv7();
const T0 = '2026-01-05T08:00:00.000Z';
const row = (fields: Record<string, unknown>): StoredRow =>
  ({
    version: 1,
    createdAt: T0,
    updatedAt: T0,
    deletedAt: null,
    companyId: COMPANY,
    ...fields,
  }) as StoredRow;
const FINDINGS = [
  ['OK'],
  ['OK'],
  ['OK'],
  ['Undichte Stellen'],
  ['Lagerzeiten und Verwendungsdauer überschritten'],
];

/** Lower-case code and hose type of every seeded hose: the bench's own oracle for a search. */
const seededTexts: string[] = [];

/** How many hoses a search for `q` must show (code or hose type contains it, any case). */
function expectedCount(q: string): number {
  const needle = q.trim().toLowerCase();
  return needle ? seededTexts.filter((text) => text.includes(needle)).length : seededTexts.length;
}

async function seed(total: number, machineCount: number): Promise<void> {
  const db = getDatabase();
  const put = (entity: SyncedEntity, rows: StoredRow[]) => rowTable(db, entity).bulkPut(rows);
  const manufacturerId = uuidv7();
  await put('company', [row({ id: COMPANY, name: 'Bench GmbH', industry: null })]);
  await put('manufacturer', [row({ id: manufacturerId, companyId: null, name: 'Hersteller' })]);
  const machines = Array.from({ length: machineCount }, (_, m) =>
    row({
      id: uuidv7(),
      manufacturerId,
      machineType: `Presse ${m + 1}`,
      internalId: `INV-${1000 + m}`,
      locationId: null,
      positionOnLocation: null,
      dguvInterval: 'YEAR',
      dguvIntervalCritical: 'HALFYEAR',
      comment: null,
    }),
  );
  await put('machine', machines);
  const pipes: StoredRow[] = [];
  const audits: StoredRow[] = [];
  const answers: StoredRow[] = [];
  machines.forEach((machine, m) => {
    const audit = row({
      id: uuidv7(),
      machineId: machine.id,
      startDate: `2025-${String((m % 12) + 1).padStart(2, '0')}-10 08:00:00`,
      state: 'APPROVED',
      auditorUserId: 'u-tech',
    });
    audits.push(audit);
    for (let p = 1; p <= total / machineCount; p++) {
      const i = pipes.length;
      const pipe = row({
        id: uuidv7(),
        machineId: machine.id,
        position: p,
        code: `HM-${String(i + 1).padStart(6, '0')}`,
        isCritical: i % 7 === 0,
        maxPn: 250 + (i % 4) * 50,
        dn: 6 + (i % 27),
        hoseType: ['1SN', '2SN', '4SP', '4SH', 'R7'][i % 5],
        length: 300 + (i % 40) * 50,
        fittingSystem: 'STANDARD',
        fittingLeft: { type: 'BSP', twistAngle: 0, socket: null },
        fittingRight: { type: 'JIC', twistAngle: 90, socket: null },
        withProtection: i % 3 === 0,
        withRope: i % 5 === 0,
        productionDate: `20${String(18 + (i % 8)).padStart(2, '0')}-03-01`,
        comment: null,
        productId: null,
      });
      pipes.push(pipe);
      seededTexts.push(`${String(pipe.code)}\u0000${String(pipe.hoseType)}`.toLowerCase());
      if (i % 10 < 8) {
        answers.push(
          row({
            id: uuidv7(),
            auditId: audit.id,
            pipeId: pipe.id,
            answer: FINDINGS[i % FINDINGS.length],
            protectionRecommended: false,
            replaceHose: false,
            replaceHoseComment: null,
            comment: null,
            photoIds: [],
            performedAt: T0,
          }),
        );
      }
    }
  });
  await put('dguvAudit', audits);
  await put('pipe', pipes);
  await put('dguvAnswer', answers);
}

let root: Root | null = null;

/**
 * Mounts the customer hose list: ms from the mount until its first lines, their DGUV results
 * and the whole list (every hose counted) are painted. 'Presse 1' is the first machine by
 * name, so the first line must be its first hose.
 */
async function mount(): Promise<{ lines: number; results: number; complete: number }> {
  const container = document.getElementById('root')!;
  const router = createMemoryRouter(
    [{ path: '/customer/:customerId/pipes', element: <CustomerPipesScreen /> }],
    { initialEntries: [`/customer/${COMPANY}/pipes`] },
  );
  const start = performance.now();
  root = createRoot(container);
  root.render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
  const painted = async (selector: string) => {
    await new Promise<void>((resolve) => {
      const check = () =>
        container.querySelector(selector) ? resolve() : requestAnimationFrame(check);
      check();
    });
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    return performance.now() - start;
  };
  const lines = await painted('[data-testid="hose-virtual-list"] [data-index]');
  const first = container.querySelector('[data-testid="hose-virtual-list"] [data-index="0"]');
  if (!first?.textContent?.includes('HM-000001')) {
    throw new Error(`first line is not HM-000001: ${first?.textContent ?? 'none'}`);
  }
  const results = await painted('[data-testid="hose-virtual-list"] [data-result]');
  const complete = await painted(
    `[data-testid="hose-virtual-list"][data-count="${seededTexts.length}"]`,
  );
  return { lines, results, complete };
}

function unmount(): void {
  root?.unmount();
  root = null;
}

/** Times the reads behind the list (diagnostics printed beside the figures). */
async function queries(): Promise<{
  first: number;
  pipes: number;
  statuses: number;
  machines: number;
}> {
  const db = getDatabase();
  const f0 = performance.now();
  await firstCustomerPipes(db, COMPANY, null);
  const first = performance.now() - f0;
  const t0 = performance.now();
  const { pipes } = await listCustomerPipes(db, COMPANY, null);
  const t1 = performance.now();
  await pipeStatuses(db, pipes);
  const t2 = performance.now();
  await machineSummaries(db, COMPANY);
  return { first, pipes: t1 - t0, statuses: t2 - t1, machines: performance.now() - t2 };
}

/**
 * Times each keystroke in the search box: from its keydown until the frame in which the list
 * shows the count of hoses its search must show (or that of a later keystroke's search, when
 * typing overtook it) has been painted. `benchLatencies` and `benchUnresolved` read them.
 */
const latencies: number[] = [];
const echoes: number[] = [];
const pending: { t0: number; expected: number | null }[] = [];
function watchKeys(): void {
  const input = document.querySelector<HTMLInputElement>('[data-testid="hose-search"]')!;
  let keyAt = 0;
  input.addEventListener(
    'keydown',
    () => {
      keyAt = performance.now();
      pending.push({ t0: keyAt, expected: null });
    },
    { capture: true },
  );
  input.addEventListener(
    'input',
    () => {
      const last = pending[pending.length - 1];
      if (last && last.expected === null) last.expected = expectedCount(input.value);
      // The echo: the frame that shows the typed character in the box has been painted.
      const t0 = keyAt;
      requestAnimationFrame(() => setTimeout(() => echoes.push(performance.now() - t0), 0));
    },
    { capture: true },
  );
  const shownCount = () => {
    const list = document.querySelector('[data-testid="hose-virtual-list"]');
    if (list) return Number(list.getAttribute('data-count'));
    return document.querySelector('[data-testid="empty-state"]') ? 0 : -1;
  };
  const check = () => {
    const count = shownCount();
    let upTo = -1;
    pending.forEach((p, i) => {
      if (p.expected === count) upTo = i;
    });
    if (upTo >= 0) {
      const done = pending.splice(0, upTo + 1);
      // The frame being prepared paints the list; a task queued now runs once it has.
      setTimeout(() => {
        const now = performance.now();
        for (const p of done) latencies.push(now - p.t0);
      }, 0);
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

const win = window as unknown as Record<string, unknown>;
win.benchWatchKeys = watchKeys;
win.benchLatencies = () => latencies;
win.benchEchoes = () => echoes;
win.benchUnresolved = () => pending.length;
win.benchQueries = queries;
win.benchSeed = seed;
win.benchExpected = expectedCount;
win.benchMount = mount;
win.benchUnmount = unmount;
await initI18n('de');
useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
win.benchReady = true;
