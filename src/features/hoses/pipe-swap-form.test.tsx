// @vitest-environment jsdom
import '@tests/fixtures/browser-stubs';
import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { getDatabase } from '@db/database';
import type { EntityRow } from '@db/entity-tables';
import { rowTable } from '@db/entity-repository';
import { useAuthStore } from '@lib/auth';
import { renderRoute } from '@tests/fixtures/render';
import { initialAuthStateForTest, staffUser } from '@tests/fixtures/test-users';
import { createMutator } from '@sync';
import { seedMachine, serverRow } from '@tests/fixtures/sync';
import { PipeSwapForm } from './pipe-swap-form';

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
});
