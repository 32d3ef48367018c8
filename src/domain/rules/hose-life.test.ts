import { describe, expect, it } from 'vitest';
import {
  auditHoseLists,
  awaitsFirstUse,
  firstUseInspectionDue,
  isInstalled,
  isRetired,
  positionHistory,
  recordedHoses,
  replaceAtNextVisit,
  swapIssue,
} from './hose-life';

describe('retired and installed hoses (docs/hose-lifecycle.md)', () => {
  it.each([
    [{ retiredAt: null, deletedAt: null }, false, true],
    [{ retiredAt: '2026-05-04', deletedAt: null }, true, false],
    [{ retiredAt: null, deletedAt: '2026-05-04T10:00:00Z' }, false, false],
  ])('%j: retired %s, installed %s', (pipe, retired, installed) => {
    expect(isRetired(pipe)).toBe(retired);
    expect(isInstalled(pipe)).toBe(installed);
  });
});

describe('inspection before first use', () => {
  const swapped = { predecessorId: 'old', retiredAt: null, deletedAt: null };
  it.each([
    ['a swapped-in hose without checks', swapped, [], true],
    ['a swapped-in hose whose only check was deleted', swapped, [{ deletedAt: 'x' }], true],
    ['a swapped-in hose once checked', swapped, [{ deletedAt: null }], false],
    ['a hose recorded without predecessor', { ...swapped, predecessorId: null }, [], false],
    ['a retired hose', { ...swapped, retiredAt: '2026-01-01' }, [], false],
    ['a deleted hose', { ...swapped, deletedAt: '2026-01-01T00:00:00Z' }, [], false],
  ])('%s: due %s', (_name, pipe, answers, due) => {
    expect(firstUseInspectionDue(pipe, answers)).toBe(due);
  });

  it.each([
    ['never checked', swapped, null, true],
    ['checked', swapped, { checkedAt: '2026-11-20' }, false],
    ['without predecessor', { ...swapped, predecessorId: null }, null, false],
    ['retired', { ...swapped, retiredAt: '2026-01-01' }, null, false],
  ])('read from its status, %s: due %s', (_name, pipe, lastCheck, due) => {
    expect(awaitsFirstUse(pipe, lastCheck)).toBe(due);
  });
});

describe('replace at the next visit', () => {
  const now = { now: '2026-06-01' };
  const made = (productionDate: string | null, isCritical = false) => ({
    productionDate,
    isCritical,
    retiredAt: null,
  });
  it.each([
    ['life ends before the next due date', made('2020-09-01'), '2026-12-01', true],
    ['life ends on the next due date', made('2020-12-01'), '2026-12-01', true],
    ['life ends the day after', made('2020-12-02'), '2026-12-01', false],
    ['a critical hose ends after 2 years', made('2024-11-01', true), '2026-12-01', true],
    ['never checked: due today, life still runs', made('2020-06-02'), null, false],
    ['never checked: due today, life ended today', made('2020-06-01'), null, true],
    ['unknown production date', made(null), '2026-12-01', false],
    ['retired hose', { ...made('2010-01-01'), retiredAt: '2026-01-01' }, '2026-12-01', false],
  ])('%s', (_name, pipe, nextDue, flagged) => {
    expect(replaceAtNextVisit(pipe, nextDue, now)).toBe(flagged);
  });
});

describe('position history', () => {
  type P = { id: string; predecessorId: string | null; successorId: string | null };
  const a: P = { id: 'a', predecessorId: null, successorId: 'b' };
  const b: P = { id: 'b', predecessorId: 'a', successorId: 'c' };
  const c: P = { id: 'c', predecessorId: 'b', successorId: null };
  const byId = new Map([a, b, c].map((p) => [p.id, p]));

  it('reads as one line, oldest first, from any hose of it', () => {
    for (const p of [a, b, c])
      expect(positionHistory(p, byId).map((x) => x.id)).toEqual(['a', 'b', 'c']);
  });

  it('is the hose alone without links, and stops at a link to an unknown row', () => {
    const lone: P = { id: 'x', predecessorId: null, successorId: null };
    expect(positionHistory(lone, byId)).toEqual([lone]);
    const orphan: P = { id: 'y', predecessorId: 'gone', successorId: null };
    expect(positionHistory(orphan, byId)).toEqual([orphan]);
  });

  it('walks a loop in bad data once', () => {
    const p = { id: 'p', predecessorId: 'q', successorId: 'q' };
    const q = { id: 'q', predecessorId: 'p', successorId: 'p' };
    const loop = new Map([p, q].map((x) => [x.id, x]));
    expect(positionHistory(p, loop).map((x) => x.id)).toEqual(['q', 'p']);
  });
});

describe('swap issues', () => {
  it('refuses a retired hose and a successor on another machine', () => {
    expect(swapIssue({ retiredAt: null, machineId: 'm' }, { machineId: 'm' })).toBeNull();
    expect(swapIssue({ retiredAt: '2026-01-01', machineId: 'm' }, { machineId: 'm' })).toBe(
      'errors:pipeRetired',
    );
    expect(swapIssue({ retiredAt: null, machineId: 'm' }, { machineId: 'n' })).toBe(
      'errors:successorMachine',
    );
  });
});

describe('the hoses of a running audit', () => {
  type P = { id: string; predecessorId: string | null; retiredAt: string | null; deletedAt: null };
  const hose = (id: string, more: Partial<P> = {}): P => ({
    id,
    predecessorId: null,
    retiredAt: null,
    deletedAt: null,
    ...more,
  });
  const installed = hose('a');
  const retiredChecked = hose('b', { retiredAt: '2026-11-20' });
  const retiredOpen = hose('c', { retiredAt: '2026-11-20' });
  const swappedIn = hose('d', { predecessorId: 'c' });
  const pipes = [installed, retiredChecked, retiredOpen, swappedIn];
  const checkedHere = (id: string) => id === 'b';
  const ids = (list: P[]) => list.map((p) => p.id);

  it('keeps a retired hose checked here, drops one without, lists the new hose apart', () => {
    const lists = auditHoseLists(pipes, { occasion: 'RECURRING' }, checkedHere, () => null);
    expect(ids(lists.toCheck)).toEqual(['a', 'b']);
    expect(ids(lists.firstUseApart)).toEqual(['d']);
  });

  it('checks the new hose in an audit before first use', () => {
    const lists = auditHoseLists(pipes, { occasion: 'FIRST_USE' }, checkedHere, () => null);
    expect(ids(lists.toCheck)).toEqual(['a', 'b', 'd']);
    expect(lists.firstUseApart).toEqual([]);
  });

  it('a new hose checked before is an ordinary one', () => {
    const lists = auditHoseLists(pipes, {}, checkedHere, (id) => (id === 'd' ? {} : null));
    expect(ids(lists.toCheck)).toEqual(['a', 'b', 'd']);
  });

  it('the record lists the hoses checked in it and those installed, never one retired unchecked', () => {
    expect(ids(recordedHoses(pipes, checkedHere))).toEqual(['a', 'b', 'd']);
    expect(ids(recordedHoses(pipes, () => false))).toEqual(['a', 'd']);
  });
});
