// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { createMutator } from '@sync';
import { seedMachine } from '@tests/fixtures/sync';
import { getDatabase } from '@db/database';
import { countParts, totalParts, usePartCounts } from './power-unit-queries';

afterAll(async () => {
  await getDatabase().delete();
});

describe('part counts of power units', () => {
  it('counts live parts per kind and unit, deleted ones not, and follows local writes', async () => {
    const db = getDatabase();
    const { machineId } = await seedMachine(db);
    const mutate = createMutator({ db, getUserId: () => 'u1' });
    const a = await mutate.create('aggregate', { machineId, type: 'HYDRAULIC' });
    const b = await mutate.create('aggregate', { machineId, type: 'GREASE' });
    await mutate.create('tank', { aggregateId: a.id, volume: 100 });
    const gone = await mutate.create('tank', { aggregateId: a.id });
    await mutate.create('valve', { aggregateId: a.id });
    await mutate.create('motorPumpUnit', { aggregateId: b.id });
    await mutate.remove('tank', gone.id);

    const counts = await countParts(db, [a.id, b.id, 'none']);
    expect(counts[a.id]).toMatchObject({ tank: 1, valve: 1, motorPumpUnit: 0 });
    expect(totalParts(counts[a.id])).toBe(2);
    expect(totalParts(counts[b.id])).toBe(1);
    expect(totalParts(counts.none)).toBe(0);
    expect(await countParts(db, [])).toEqual({});

    const hook = renderHook(() => usePartCounts([b.id]));
    await waitFor(() => expect(hook.result.current?.[b.id]?.motorPumpUnit).toBe(1));
    await mutate.create('motorPumpUnit', { aggregateId: b.id });
    await waitFor(() => expect(hook.result.current?.[b.id]?.motorPumpUnit).toBe(2));
  });
});
