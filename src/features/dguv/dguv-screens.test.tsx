// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@db/database';
import { auditChecksByPipe } from '@db/dguv-audit-list';
import { runningAuditOf } from './data/audit-queries';
import { getRow, rowTable } from '@db/entity-repository';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import type * as Sync from '@sync';
import { seedMachine } from '@tests/fixtures/sync';
import { DguvCheckPipeScreen } from './check/dguv-check-pipe-screen';
import { DguvStartScreen } from './start/dguv-start-screen';

// "Read marking": the recognition needs a browser's canvas and WebAssembly, compressing a photo
// too — here the engine "reads" a given text and the photo is stored as it is.
const recognised = vi.hoisted(() => ({ text: '' }));
vi.mock('@features/marking/ocr', () => ({
  readText: async () => ({ text: recognised.text, confidence: 90 }),
}));
vi.mock('@sync', async (original) => ({
  ...(await original<typeof Sync>()),
  captureImage: async () => '01936b2e-0000-7000-8000-0000000b10b1',
}));

configure({ asyncUtilTimeout: 5000 });
const ids = { machineId: '', oldPipe: '', newPipe: '' };
const db = () => getDatabase();

beforeAll(async () => {
  Object.assign(ids, await seedMachine(db()));
  const m = createMutator({ db, getUserId: () => staffUser.id });
  const base = { machineId: ids.machineId, dn: 12, maxPn: 250, length: 900 };
  ids.newPipe = (
    await m.create('pipe', { ...base, position: 1, code: 'T-1', productionDate: '2026-01-01' })
  ).id;
  ids.oldPipe = (
    await m.create('pipe', { ...base, position: 2, code: 'T-2', productionDate: '2015-01-01' })
  ).id;
});
beforeEach(() =>
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser }),
);
afterAll(async () => {
  await db().delete();
});

const renderStart = () =>
  renderRoute(<DguvStartScreen />, {
    path: '/dguv',
    url: `/dguv?machine=${ids.machineId}`,
    others: ['/dguv/audit'],
  });

describe('DGUV start', () => {
  it('shows the hoses to check and the intervals, and starts one audit', async () => {
    const { router, unmount } = await renderStart();
    expect(await screen.findByText('2 (davon 0 kritisch)')).toBeTruthy();
    expect(screen.getByText('Noch nie geprüft')).toBeTruthy();
    expect(screen.getByText('Jährlich')).toBeTruthy();
    expect(screen.getByText('Halbjährlich')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Prüfung starten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dguv/audit'));
    expect(await runningAuditOf(db(), staffUser.id)).toMatchObject({
      machineId: ids.machineId,
      auditor: 'Tom Techniker',
      state: 'IN_PROGRESS',
    });
    unmount();
  });

  it('asks about a running audit; starting past it fails; discarding starts anew', async () => {
    const running = await runningAuditOf(db(), staffUser.id);
    const { router, unmount } = await renderStart();
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/ist noch nicht beendet/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Zurück' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Prüfung starten' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Es läuft bereits eine DGUV Prüfung',
    );
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Verwerfen und neu starten' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dguv/audit'));
    const now = await runningAuditOf(db(), staffUser.id);
    expect(now?.id).not.toBe(running?.id);
    expect(await getRow(db(), 'dguvAudit', running!.id)).toBeUndefined();
    unmount();
  });
});

describe('hose check', () => {
  const checked = (name: RegExp) =>
    screen.getByRole('checkbox', { name }).getAttribute('aria-checked');
  const renderCheck = (pipe: string) =>
    renderRoute(<DguvCheckPipeScreen />, {
      path: '/dguv/audit/check-pipe',
      url: `/dguv/audit/check-pipe?pipe=${pipe}`,
      others: ['/dguv/audit'],
    });

  it('pre-selects finding 9 past the service life, asks for every answer, then saves', async () => {
    const { unmount } = await renderCheck(ids.oldPipe);
    const bar = await screen.findByTestId('check-current-hose');
    expect(bar.textContent).toContain('Schlauchleitung T-2');
    expect(bar.textContent).toContain('Position 2');
    expect(bar.textContent).toContain('DN 12 · 250 bar · 900 mm');
    expect(checked(/Lagerzeiten und Verwendungsdauer/)).toBe('true');
    expect(screen.getByTestId('check-classification').textContent).toBe('Warnung');
    fireEvent.click(screen.getByRole('button', { name: 'Speichern', exact: true } as never));
    expect((await screen.findAllByText('Bitte wählen Sie eine Antwort aus.')).length).toBe(2);
    for (const group of ['Schutz empfohlen', 'Schlauchleitung austauschen']) {
      fireEvent.click(
        within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', {
          name: 'Nein',
        }),
      );
    }
    fireEvent.click(screen.getByRole('checkbox', { name: /Undichte Stellen/ }));
    expect(screen.getByTestId('check-classification').textContent).toBe('Mangel');
    // A defect presets "replace hose" = yes; keeping the hose needs a reason.
    const replace = screen.getByRole('radiogroup', { name: 'Schlauchleitung austauschen' });
    expect(within(replace).getByRole('radio', { name: 'Ja' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    fireEvent.click(within(replace).getByRole('radio', { name: 'Nein' }));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern', exact: true } as never));
    expect(await screen.findByText(/bitte begründen, warum/)).toBeTruthy();
    fireEvent.change(screen.getByRole('textbox', { name: /warum nicht austauschen/ }), {
      target: { value: 'Tausch beim nächsten Stillstand' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern', exact: true } as never));
    expect(await screen.findByText(/schon geprüft/)).toBeTruthy();
    const audit = await runningAuditOf(db(), staffUser.id);
    const checks = await auditChecksByPipe(db(), audit!.id);
    expect(checks.get(ids.oldPipe)).toMatchObject({
      answer: ['Lagerzeiten und Verwendungsdauer überschritten', 'Undichte Stellen'],
      protectionRecommended: false,
      replaceHose: false,
      keepReason: 'Tausch beim nächsten Stillstand',
    });
    unmount();
  });

  it('asks before "OK" overrides the service-life finding; declined, nothing changes', async () => {
    const { unmount } = await renderCheck(ids.oldPipe);
    await screen.findByTestId('check-current-hose');
    fireEvent.click(screen.getByRole('checkbox', { name: 'In Ordnung' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/Verwendungsdauer überschritten \(Mangel 9/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(checked(/Lagerzeiten und Verwendungsdauer/)).toBe('true');
    expect(checked(/^In Ordnung/)).toBe('false');

    fireEvent.click(screen.getByRole('checkbox', { name: 'In Ordnung' }));
    const again = await screen.findByRole('dialog');
    fireEvent.click(within(again).getByRole('button', { name: 'Trotzdem in Ordnung' }));
    await waitFor(() => expect(checked(/^In Ordnung/)).toBe('true'));
    expect(checked(/Lagerzeiten und Verwendungsdauer/)).toBe('false');
    expect(screen.getByTestId('check-classification').textContent).toBe('In Ordnung');
    unmount();
  });

  it('a hose within its service life takes "OK" without a question', async () => {
    const { unmount } = await renderCheck(ids.newPipe);
    await screen.findByTestId('check-current-hose');
    expect(checked(/Lagerzeiten und Verwendungsdauer/)).toBe('false');
    fireEvent.click(screen.getByRole('checkbox', { name: 'In Ordnung' }));
    await waitFor(() => expect(checked(/^In Ordnung/)).toBe('true'));
    expect(screen.queryByRole('dialog')).toBeNull();
    unmount();
  });

  it('save and next goes to the unchecked hose before this one, then to the overview', async () => {
    // T-2 (position 2) is checked above; T-1 is not: saving T-2 again wraps round to T-1.
    const { router, unmount } = await renderCheck(ids.oldPipe);
    await screen.findByText(/schon geprüft/);
    fireEvent.click(screen.getByRole('button', { name: 'Speichern und weiter' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?pipe=${ids.newPipe}`));
    await waitFor(() =>
      expect(screen.getByTestId('check-current-hose').textContent).toContain('T-1'),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: 'In Ordnung' }));
    for (const group of ['Schutz empfohlen', 'Schlauchleitung austauschen']) {
      fireEvent.click(
        within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', {
          name: 'Nein',
        }),
      );
    }
    fireEvent.click(screen.getByRole('button', { name: 'Speichern und weiter' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dguv/audit'));
    unmount();
  });

  it('a newer row does not wipe a photo added after a save; with nothing unsaved it is taken in', async () => {
    const { unmount } = await renderCheck(ids.oldPipe);
    await screen.findByText(/schon geprüft/);
    const audit = await runningAuditOf(db(), staffUser.id);
    const answerId = (await auditChecksByPipe(db(), audit!.id)).get(ids.oldPipe)!.id;
    const answers = rowTable(db(), 'dguvAnswer');
    // The server's answer to a save (or another device's correction) raises the row's version.
    const newer = async (comment: string) => {
      const row = (await answers.get(answerId))!;
      await answers.put({ ...row, version: row.version + 1, comment } as never);
    };
    const photo = new File([new Uint8Array([137, 80, 78, 71])], 'befund.png', {
      type: 'image/png',
    });
    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [photo] } });
    const removers = () => screen.queryAllByRole('button', { name: /^Foto entfernen/ });
    await waitFor(() => expect(removers()).toHaveLength(1));
    await newer('vom anderen Gerät');
    await waitFor(async () =>
      expect((await answers.get(answerId))!.comment).toBe('vom anderen Gerät'),
    );
    // The photo not yet saved stays, and so does what the form shows.
    await new Promise((r) => setTimeout(r, 200));
    expect(removers()).toHaveLength(1);
    const comment = () =>
      (screen.getByRole('textbox', { name: 'Bemerkung' }) as HTMLTextAreaElement).value;
    expect(comment()).not.toBe('vom anderen Gerät');
    // Nothing unsaved: the next newer row shows.
    fireEvent.click(removers()[0]!);
    await waitFor(() => expect(removers()).toHaveLength(0));
    await newer('zweite Korrektur');
    await waitFor(() => expect(comment()).toBe('zweite Korrektur'));
    // A photo saved is a stored one afterwards: shown once, on the row.
    fireEvent.change(document.querySelector('input[type=file]')!, { target: { files: [photo] } });
    await waitFor(() => expect(removers()).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Speichern', exact: true } as never));
    await waitFor(async () =>
      expect((await answers.get(answerId))!.photoIds).toContain(
        '01936b2e-0000-7000-8000-0000000b10b1',
      ),
    );
    await waitFor(() => expect(removers()).toHaveLength(1));
    unmount();
  });

  it('a hose without a production date is refused without the comment on its age', async () => {
    const m = createMutator({ db, getUserId: () => staffUser.id });
    const unknown = (await m.create('pipe', { machineId: ids.machineId, position: 3, code: 'T-3' }))
      .id;
    const { unmount } = await renderCheck(unknown);
    await screen.findByTestId('check-current-hose');
    fireEvent.click(screen.getByRole('checkbox', { name: 'In Ordnung' }));
    for (const group of ['Schutz empfohlen', 'Schlauchleitung austauschen']) {
      fireEvent.click(
        within(screen.getByRole('radiogroup', { name: group })).getByRole('radio', {
          name: 'Nein',
        }),
      );
    }
    fireEvent.click(screen.getByRole('button', { name: 'Speichern', exact: true } as never));
    expect(
      await screen.findByText(/Herstelldatum dieser Schlauchleitung ist unbekannt/),
    ).toBeTruthy();
    const comment = screen.getByRole('textbox', { name: /^Bemerkung/ });
    await waitFor(() => expect(document.activeElement).toBe(comment));
    const audit = await runningAuditOf(db(), staffUser.id);
    expect((await auditChecksByPipe(db(), audit!.id)).get(unknown)).toBeUndefined();

    fireEvent.change(comment, { target: { value: 'Aufdruck 3Q21 auf dem Schlauch gelesen' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern', exact: true } as never));
    expect(await screen.findByText(/schon geprüft/)).toBeTruthy();
    expect((await auditChecksByPipe(db(), audit!.id)).get(unknown)).toMatchObject({
      answer: ['OK'],
      comment: 'Aufdruck 3Q21 auf dem Schlauch gelesen',
    });
    unmount();
  });

  it('"Read marking" writes the confirmed field to the hose; an illegible one proposes its finding', async () => {
    const m = createMutator({ db, getUserId: () => staffUser.id });
    const base = { machineId: ids.machineId, dn: 12, maxPn: 250, productionDate: '2026-01-01' };
    const pipe = (await m.create('pipe', { ...base, position: 4, code: 'T-4' })).id;
    const { unmount } = await renderCheck(pipe);
    await screen.findByTestId('check-current-hose');
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'm.jpg', {
      type: 'image/jpeg',
    });
    const readPhoto = async (text: string) => {
      recognised.text = text;
      fireEvent.click(screen.getByRole('button', { name: 'Kennzeichnung lesen' }));
      const dialog = await screen.findByRole('dialog', { name: 'Kennzeichnung lesen' });
      await within(dialog).findByRole('button', { name: 'Foto aus der Galerie' });
      const input = dialog.querySelector<HTMLInputElement>('input[type="file"]')!;
      fireEvent.change(input, { target: { files: [photo] } });
      await within(dialog).findByRole('textbox', { name: /Erkannter Text/ });
      return dialog;
    };

    // Read: only the ticked nominal size is written, the pressure stays as it was.
    let dialog = await readPhoto('GATES EN 853 2SN DN 10 280 BAR 3Q24');
    fireEvent.click(within(dialog).getByRole('checkbox', { name: /Nennweite/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Bestätigte übernehmen' }));
    await waitFor(async () => expect((await getRow(db(), 'pipe', pipe))?.dn).toBe(10));
    expect(await getRow(db(), 'pipe', pipe)).toMatchObject({
      maxPn: 250,
      hoseType: null,
      markingPhotoId: '01936b2e-0000-7000-8000-0000000b10b1',
    });
    expect(screen.queryByTestId('marking-finding-candidate')).toBeNull();

    // Cannot be read: the finding is proposed, and added only when the inspector says so.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    dialog = await readPhoto('~~ ..');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Nicht lesbar' }));
    const candidate = await screen.findByTestId('marking-finding-candidate');
    expect(checked(/Kennzeichnung fehlt oder unleserlich/)).toBe('false');
    fireEvent.click(within(candidate).getByRole('button', { name: 'Befund übernehmen' }));
    await waitFor(() => expect(checked(/Kennzeichnung fehlt oder unleserlich/)).toBe('true'));
    expect(screen.getByTestId('check-classification').textContent).toBe('Mangel');
    unmount();
  });
});
