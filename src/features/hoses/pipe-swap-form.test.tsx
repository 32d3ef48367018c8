// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getDatabase } from '@db/database';
import type { EntityRow } from '@db/entity-tables';
import { rowTable } from '@db/entity-repository';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import type * as Sync from '@sync';
import { seedMachine, serverRow } from '@tests/fixtures/sync';
import { PipeSwapForm } from './pipe-swap-form';

// The recognition needs a browser's canvas and WebAssembly, compressing a photo too
// (e2e/marking-read.spec.ts reads real photos): here the engine "reads" a printed marking's
// text and the photo is stored as it is.
vi.mock('@sync', async (original) => ({
  ...(await original<typeof Sync>()),
  captureImage: async () => '01936b2e-0000-7000-8000-0000000b10b2',
}));
vi.mock('@features/marking/ocr', () => ({
  OcrUnavailableError: class extends Error {},
  readText: vi.fn(async () => ({
    text: 'PARKER 451TC-8 1/2" EN 857 2SC 400 BAR 5800 PSI 3Q24',
    confidence: 90,
  })),
}));

// A save runs the whole mutator on fake IndexedDB: on a busy machine that takes seconds.
configure({ asyncUtilTimeout: 10_000 });
let machineId = '';
let old: EntityRow<'pipe'>;
let done: EntityRow<'pipe'> | null = null;

beforeAll(async () => {
  const db = getDatabase();
  machineId = (await seedMachine(db)).machineId;
  await rowTable(db, 'companySettings').put(
    serverRow({ name: 'Firma', pipeCodePrefix: 'SM', codesStayWithPosition: true }),
  );
  const mutate = createMutator({ db, getUserId: () => 'u1' });
  old = await mutate.create('pipe', {
    machineId,
    position: 3,
    code: 'SM-000007',
    length: 800,
    hoseType: '2SN',
  });
  useAuthStore.setState({ ...initialAuthStateForTest, status: 'authenticated', user: staffUser });
});
afterEach(cleanup);
afterAll(async () => {
  await getDatabase().delete();
});

describe('replaced by a new assembly', () => {
  it('asks for the production date, then retires the old hose and links the new one', async () => {
    await renderRoute(
      <PipeSwapForm pipe={old} onDone={(p) => (done = p)} onCancel={() => undefined} />,
      { path: '/', url: '/' },
    );
    // Codes stay with the position here: the form starts with the old code.
    const code = await screen.findByRole('textbox', { name: /^Code/ });
    await waitFor(() => expect((code as HTMLInputElement).value).toBe('SM-000007'));
    fireEvent.click(screen.getByRole('button', { name: 'Austausch speichern' }));
    expect(await screen.findAllByText('Dieses Feld ist erforderlich.')).not.toHaveLength(0);
    expect(done).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: /^Herstelldatum/ }), {
      target: { value: '10/2026' },
    });
    fireEvent.change(screen.getByRole('textbox', { name: /^Länge/ }), {
      target: { value: '850' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Austausch speichern' }));
    await waitFor(() => expect(done).not.toBeNull());

    const pipes = rowTable(getDatabase(), 'pipe');
    const retired = await pipes.get(old.id);
    const created = await pipes.get(done!.id);
    expect(retired).toMatchObject({ successorId: done!.id, code: 'SM-000007' });
    expect(retired!.retiredAt).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(created).toMatchObject({
      predecessorId: old.id,
      machineId,
      position: 3,
      code: 'SM-000007',
      productionDate: '2026-10-01',
      length: 850,
      hoseType: '2SN',
      retiredAt: null,
    });
    // Both writes are queued, the retirement first, and the new hose waits for it.
    const outbox = (await getDatabase().outbox.toArray()).sort((a, b) => a.localSeq - b.localSeq);
    const [retire, create] = outbox.slice(-2);
    expect(retire).toMatchObject({ recordId: old.id, method: 'PATCH' });
    expect(create).toMatchObject({ recordId: done!.id, method: 'POST' });
    expect(create!.dependsOn).toContain(retire!.mutationId);
  });

  it("takes the new assembly's confirmed marking and keeps its photo as evidence", async () => {
    URL.createObjectURL ??= () => 'blob:photo';
    URL.revokeObjectURL ??= () => {};
    const mutate = createMutator({ db: getDatabase(), getUserId: () => 'u1' });
    const other = await mutate.create('pipe', {
      machineId,
      position: 4,
      code: 'SM-000008',
      length: 800,
      dn: 10,
      hoseType: '1SN',
    });
    let swapped: EntityRow<'pipe'> | null = null;
    await renderRoute(
      <PipeSwapForm pipe={other} onDone={(p) => (swapped = p)} onCancel={() => undefined} />,
      { path: '/', url: '/' },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Kennzeichnung lesen' }));
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type="file"]');
      expect(found).not.toBeNull();
      return found!;
    });
    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'm.jpg', {
      type: 'image/jpeg',
    });
    fireEvent.change(input, { target: { files: [photo] } });
    await screen.findByRole('textbox', { name: /Erkannter Text/ });
    for (const field of [/Herstelldatum/, /Nennweite/, /Schlauchtyp/])
      fireEvent.click(screen.getByRole('checkbox', { name: field }));
    fireEvent.click(screen.getByRole('button', { name: 'Bestätigte übernehmen' }));
    await screen.findByTestId('swap-marking-read');
    fireEvent.click(screen.getByRole('button', { name: 'Austausch speichern' }));
    await waitFor(() => expect(swapped).not.toBeNull());

    const created = await rowTable(getDatabase(), 'pipe').get(swapped!.id);
    // Confirmed: the hose's quarter 3Q24, DN 12 (-8, 1/2"), 2SC; the pressure was not ticked.
    expect(created).toMatchObject({
      predecessorId: other.id,
      productionDate: '2024-07-01',
      dn: 12,
      hoseType: '2SC',
      maxPn: null,
    });
    expect(created!.markingPhotoId).toBe('01936b2e-0000-7000-8000-0000000b10b2');
  });
});
