// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { createMutator } from '../sync';
import { pendingBlob, pipeInput, seedMachine } from '@tests/fixtures/sync';
import { getDatabase } from './database';
import { uuidv7 } from '../domain/ids';
import { addBlob } from './blob-repository';
import { useLocalBlob, usePipes, useRow } from './hooks';

afterAll(async () => {
  await getDatabase().delete();
});

describe('live-query hooks', () => {
  it('show local writes at once: hoses by position, a row by id, null once deleted', async () => {
    const db = getDatabase();
    const { machineId } = await seedMachine(db);
    const mutate = createMutator({ db, getUserId: () => 'u1' });
    const pipes = renderHook(() => usePipes(machineId));
    await waitFor(() => expect(pipes.result.current).toEqual([]));

    const second = await mutate.create('pipe', pipeInput(machineId, 2));
    const first = await mutate.create('pipe', pipeInput(machineId, 1));
    await waitFor(() =>
      expect(pipes.result.current?.map((p) => p.id)).toEqual([first.id, second.id]),
    );

    const row = renderHook(() => useRow('pipe', first.id));
    await waitFor(() => expect(row.result.current).toMatchObject({ id: first.id }));
    await mutate.update('pipe', first.id, { length: 700 });
    await waitFor(() => expect(row.result.current?.length).toBe(700));
    await mutate.remove('pipe', first.id);
    await waitFor(() => expect(row.result.current).toBeNull());
    await waitFor(() => expect(pipes.result.current?.map((p) => p.id)).toEqual([second.id]));
  });

  it('useLocalBlob: a new id is "not known yet" until read, never the previous id\'s "not here"', async () => {
    const db = getDatabase();
    const id = uuidv7();
    await addBlob(db, pendingBlob(id, uuidv7(), { mimeType: 'image/png', name: 'foto.png' }));
    const seen: (Blob | null | undefined)[] = [];
    const hook = renderHook(
      ({ blobId }: { blobId: string | null }) => {
        const value = useLocalBlob(blobId);
        seen.push(value);
        return value;
      },
      { initialProps: { blobId: null as string | null } },
    );
    await waitFor(() => expect(hook.result.current).toBeNull());
    seen.length = 0;
    hook.rerender({ blobId: id });
    // (fake-indexeddb gives jsdom's Blob back as a plain object.)
    await waitFor(() => expect(hook.result.current).toBeTruthy());
    // A picture would have been asked of the server for every null here.
    expect(seen.filter((v) => v === null)).toEqual([]);
    expect(seen[0]).toBeUndefined();
  });
});
