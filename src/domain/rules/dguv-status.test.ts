import { describe, expect, it } from 'vitest';
import {
  dguvStats,
  machineDue,
  latestChecks,
  newestCheckFirst,
  nextDueDates,
  pipeStatuses,
  type StatusAnswer,
  type StatusAudit,
  type StatusMachine,
  type StatusPipe,
} from './dguv-status';

const WARNING = 'Lagerzeiten und Verwendungsdauer überschritten';
const LEAK = 'Undichte Stellen';

const audit = (id: string, startDate: string, deletedAt: string | null = null): StatusAudit => ({
  id,
  startDate,
  deletedAt,
});
const check = (
  id: string,
  auditId: string,
  performedAt: string,
  answer: string[],
  extra: Partial<StatusAnswer> = {},
): StatusAnswer => ({
  id,
  auditId,
  pipeId: 'p',
  answer,
  performedAt,
  replaceHose: answer[0] !== 'OK',
  deletedAt: null,
  ...extra,
});

const JAN = '2026-01-10 08:00:00';
const MAR = '2026-03-01 08:00:00';
const T1 = '2026-03-01T08:10:00.000Z';
const T2 = '2026-03-01T08:20:00.000Z';

/** The answer id that counts as the hose's latest check, whichever order the rows come in. */
function winner(audits: StatusAudit[], answers: StatusAnswer[]) {
  const forward = latestChecks(answers, audits).get('p');
  const backward = latestChecks([...answers].reverse(), [...audits].reverse()).get('p');
  expect(backward).toEqual(forward);
  if (!forward) return null;
  return answers.find(
    (a) =>
      a.auditId === forward.auditId &&
      a.performedAt === forward.performedAt &&
      a.answer.join() === forward.answer.join(),
  )!.id;
}

describe('the latest check of a hose (one tie-break for device and server)', () => {
  const cases: {
    name: string;
    audits: StatusAudit[];
    answers: StatusAnswer[];
    wins: string | null;
  }[] = [
    {
      name: "a later audit wins even when its check's device time is earlier",
      audits: [audit('jan', JAN), audit('mar', MAR)],
      answers: [
        check('a1', 'jan', '2026-05-01T00:00:00.000Z', ['OK']),
        check('a2', 'mar', T1, [LEAK]),
      ],
      wins: 'a2',
    },
    {
      name: 'two audits with the same start: the later check (performedAt) wins',
      audits: [audit('x', MAR), audit('y', MAR)],
      answers: [check('a1', 'x', T2, ['OK']), check('a2', 'y', T1, [LEAK])],
      wins: 'a1',
    },
    {
      name: 'one audit, a defect then an OK (a second technician): the later one wins',
      audits: [audit('x', MAR)],
      answers: [check('a1', 'x', T1, [LEAK]), check('a2', 'x', T2, ['OK'])],
      wins: 'a2',
    },
    {
      name: 'one audit, an OK then a defect: the later one wins',
      audits: [audit('x', MAR)],
      answers: [check('a1', 'x', T1, ['OK']), check('a2', 'x', T2, [LEAK])],
      wins: 'a2',
    },
    {
      name: 'equal start and performedAt: the higher id wins (even an OK over a defect)',
      audits: [audit('x', MAR)],
      answers: [check('0190-a', 'x', T1, [LEAK]), check('0190-b', 'x', T1, ['OK'])],
      wins: '0190-b',
    },
    {
      name: 'equal start and performedAt: the higher id wins (a defect over an OK)',
      audits: [audit('x', MAR)],
      answers: [check('0190-a', 'x', T1, ['OK']), check('0190-b', 'x', T1, [LEAK])],
      wins: '0190-b',
    },
    {
      name: "a deleted audit's checks do not count",
      audits: [audit('jan', JAN), audit('mar', MAR, '2026-03-02T00:00:00.000Z')],
      answers: [check('a1', 'jan', T1, ['OK']), check('a2', 'mar', T2, [LEAK])],
      wins: 'a1',
    },
    {
      name: 'a check whose audit is not known (not synced yet) does not count',
      audits: [audit('jan', JAN)],
      answers: [check('a1', 'jan', T1, ['OK']), check('a2', 'gone', T2, [LEAK])],
      wins: 'a1',
    },
    {
      name: 'a deleted check does not count',
      audits: [audit('x', MAR)],
      answers: [
        check('a1', 'x', T1, ['OK']),
        check('a2', 'x', T2, [LEAK], { deletedAt: '2026-03-02T00:00:00.000Z' }),
      ],
      wins: 'a1',
    },
    {
      name: 'no live check: never checked',
      audits: [audit('x', MAR, '2026-03-02T00:00:00.000Z')],
      answers: [check('a1', 'x', T1, ['OK'])],
      wins: null,
    },
  ];

  for (const c of cases) {
    it(c.name, () => {
      expect(winner(c.audits, c.answers)).toBe(c.wins);
    });
  }

  it('a correction (same row, new answer and performedAt) is what counts', () => {
    const audits = [audit('x', MAR)];
    const other = check('b', 'x', T1, ['OK']);
    const corrected = check('a', 'x', T2, [LEAK]);
    expect(latestChecks([other, corrected], audits).get('p')).toEqual({
      answer: [LEAK],
      result: 'error',
      checkedAt: MAR,
      auditId: 'x',
      performedAt: T2,
      replaceHose: true,
    });
  });

  it('sorts newest first: start date, then performedAt, then id', () => {
    const rows = [
      { id: 'b', checkedAt: MAR, performedAt: T1 },
      { id: 'a', checkedAt: JAN, performedAt: T2 },
      { id: 'c', checkedAt: MAR, performedAt: T1 },
      { id: 'd', checkedAt: MAR, performedAt: T2 },
    ];
    expect(rows.sort(newestCheckFirst).map((r) => r.id)).toEqual(['d', 'c', 'b', 'a']);
  });
});

describe('pipe statuses', () => {
  const machine: StatusMachine = { id: 'm', dguvInterval: 'YEAR', dguvIntervalCritical: 'MONTH' };
  const pipe = (id: string, extra: Partial<StatusPipe> = {}): StatusPipe => ({
    id,
    machineId: 'm',
    isCritical: false,
    productionDate: null,
    ...extra,
  });
  const answer = (pipeId: string, answerValues: string[]) =>
    check(`c-${pipeId}`, 'x', T1, answerValues, { pipeId });

  it('gives the next due date by the machine interval, overdue, due soon and service life', () => {
    const statuses = pipeStatuses(
      {
        pipes: [
          pipe('normal'),
          pipe('critical', { isCritical: true, productionDate: '2024-01-01' }),
          pipe('old', { productionDate: '2020-01-01' }),
          pipe('orphan', { machineId: 'gone', isCritical: true }),
          pipe('never'),
        ],
        machines: [machine],
        audits: [audit('x', MAR)],
        answers: [
          answer('normal', ['OK']),
          answer('critical', [WARNING]),
          answer('orphan', ['OK']),
        ],
      },
      '2026-03-20',
    );
    expect(Object.fromEntries(statuses)).toEqual({
      normal: {
        lastCheck: expect.objectContaining({ result: 'success', checkedAt: MAR }),
        nextDue: '2027-03-01',
        overdue: false,
        dueSoon: false,
        serviceLifeExceeded: false,
        storageTimeExceeded: false,
        productionDateUnknown: true,
        retired: false,
        replaceAtNextVisit: false,
      },
      critical: {
        lastCheck: expect.objectContaining({ result: 'warning', replaceHose: true }),
        nextDue: '2026-04-01',
        overdue: false,
        dueSoon: true,
        serviceLifeExceeded: true,
        storageTimeExceeded: false,
        productionDateUnknown: false,
        retired: false,
        replaceAtNextVisit: true,
      },
      old: {
        lastCheck: null,
        nextDue: null,
        overdue: true,
        dueSoon: false,
        serviceLifeExceeded: true,
        storageTimeExceeded: false,
        productionDateUnknown: false,
        retired: false,
        replaceAtNextVisit: true,
      },
      // A hose whose machine row is missing counts with the default intervals (half a year).
      orphan: {
        lastCheck: expect.objectContaining({ result: 'success' }),
        nextDue: '2026-09-01',
        overdue: false,
        dueSoon: false,
        serviceLifeExceeded: false,
        storageTimeExceeded: false,
        productionDateUnknown: true,
        retired: false,
        replaceAtNextVisit: false,
      },
      never: {
        lastCheck: null,
        nextDue: null,
        overdue: true,
        dueSoon: false,
        serviceLifeExceeded: false,
        storageTimeExceeded: false,
        productionDateUnknown: true,
        retired: false,
        replaceAtNextVisit: false,
      },
    });
  });

  it('counts an inspection before first use like any other: the interval starts there', () => {
    // The audit row as stored, occasion and all; a new hose never checked is due now.
    const firstUse = { ...audit('first', JAN), occasion: 'FIRST_USE', occasionEvent: null };
    const before = pipeStatuses(
      { pipes: [pipe('new')], machines: [machine], audits: [firstUse], answers: [] },
      '2026-01-11',
    );
    expect(before.get('new')).toMatchObject({ nextDue: null, overdue: true });
    const after = pipeStatuses(
      {
        pipes: [pipe('new')],
        machines: [machine],
        audits: [firstUse],
        answers: [check('c-new', 'first', T1, ['OK'], { pipeId: 'new' })],
      },
      '2026-01-11',
    );
    expect(after.get('new')).toMatchObject({
      lastCheck: expect.objectContaining({ checkedAt: JAN, result: 'success' }),
      nextDue: '2027-01-10',
      overdue: false,
    });
  });
});

describe('retired hoses (docs/hose-lifecycle.md)', () => {
  const machine: StatusMachine = { id: 'm', dguvInterval: 'YEAR', dguvIntervalCritical: 'QUARTER' };
  const rows = {
    pipes: [
      {
        id: 'old',
        machineId: 'm',
        isCritical: false,
        productionDate: '2010-01-01',
        retiredAt: '2026-03-01',
      },
      { id: 'new', machineId: 'm', isCritical: false, productionDate: '2026-02-01' },
    ],
    machines: [machine],
    audits: [audit('x', MAR)],
    answers: [check('c-new', 'x', T1, ['OK'], { pipeId: 'new' })],
  };

  it('are neither due nor flagged, and do not count for the machine or the stats', () => {
    const statuses = pipeStatuses(rows, '2026-03-20');
    expect(statuses.get('old')).toMatchObject({
      retired: true,
      nextDue: null,
      overdue: false,
      dueSoon: false,
      replaceAtNextVisit: false,
    });
    expect(machineDue(statuses.values())).toEqual({
      nextDue: '2027-03-01',
      neverChecked: false,
      overdue: false,
    });
    expect(nextDueDates(statuses).hoses).toEqual({ new: '2027-03-01' });
    expect(dguvStats(rows, '2026-03-20')).toMatchObject({ totelPipes: 1, successPipes: 1 });
  });
});

describe('next due dates of a record', () => {
  const machine: StatusMachine = { id: 'm', dguvInterval: 'YEAR', dguvIntervalCritical: 'QUARTER' };
  const pipe = (id: string, isCritical = false): StatusPipe => ({
    id,
    machineId: 'm',
    isCritical,
    productionDate: '2025-01-01',
    installationDate: '2025-03-01',
  });
  const answer = (pipeId: string) => check(`c-${pipeId}`, 'x', T1, ['OK'], { pipeId });
  const rows = (pipes: StatusPipe[], checked: string[]) => ({
    pipes,
    machines: [machine],
    audits: [audit('x', MAR)],
    answers: checked.map(answer),
  });

  it("gives each hose's date by its interval and the machine's as the earliest", () => {
    const statuses = pipeStatuses(rows([pipe('a'), pipe('b', true)], ['a', 'b']), '2026-03-20');
    expect(nextDueDates(statuses)).toEqual({
      hoses: { a: '2027-03-01', b: '2026-06-01' },
      machine: '2026-06-01',
    });
  });

  it('makes the machine due now while a hose was never checked', () => {
    const statuses = pipeStatuses(rows([pipe('a'), pipe('new')], ['a']), '2026-03-20');
    expect(nextDueDates(statuses)).toEqual({
      hoses: { a: '2027-03-01', new: null },
      machine: null,
    });
  });

  it('flags a hose stored too long before its installation', () => {
    const stored = { ...pipe('s'), productionDate: '2022-01-01', installationDate: '2024-02-01' };
    const status = pipeStatuses(rows([stored], ['s']), '2026-03-20').get('s');
    expect(status).toMatchObject({ storageTimeExceeded: true, serviceLifeExceeded: false });
  });
});

describe('DGUV stats (docs/architecture.md)', () => {
  const yearly: StatusMachine = {
    id: 'm1',
    dguvInterval: 'YEAR',
    dguvIntervalCritical: 'HALFYEAR',
  };
  const pipe = (id: string, isCritical = false, deletedAt: string | null = null): StatusPipe => ({
    id,
    isCritical,
    machineId: 'm1',
    productionDate: null,
    deletedAt,
  });
  const at = (pipeId: string, auditId: string, answerValues: string[]) =>
    check(`c-${pipeId}`, auditId, T1, answerValues, { pipeId });

  it('counts all live hoses, checks within interval and results of latest checks', () => {
    const rows = {
      pipes: [
        pipe('ok'),
        pipe('warn'),
        pipe('err'),
        pipe('old'),
        pipe('critical-old', true),
        pipe('never'),
        pipe('deleted', false, '2024-01-01T00:00:00Z'),
      ],
      machines: [yearly],
      audits: [
        audit('mar24', '2024-03-01 10:00:00'),
        audit('jan23', '2023-01-01 10:00:00'),
        audit('oct23', '2023-10-01 10:00:00'),
      ],
      answers: [
        at('ok', 'mar24', ['OK']),
        at('warn', 'mar24', [WARNING]),
        at('err', 'mar24', [LEAK]),
        at('old', 'jan23', ['OK']),
        at('critical-old', 'oct23', ['OK']),
        at('deleted', 'mar24', [LEAK]),
      ],
    };
    expect(dguvStats(rows, '2024-06-01T12:00:00Z')).toEqual({
      totelPipes: 6,
      checkedPipes: 3,
      successPipes: 3,
      warningPipes: 1,
      errorPipes: 1,
    });
  });

  it('is still checked on the due day and uses each machine its own intervals', () => {
    const monthly: StatusMachine = {
      id: 'm1',
      dguvInterval: 'MONTH',
      dguvIntervalCritical: 'MONTH',
    };
    const rows = {
      pipes: [pipe('p')],
      machines: [monthly],
      audits: [audit('a', '2024-01-31 10:00:00')],
      answers: [at('p', 'a', ['OK'])],
    };
    expect(dguvStats(rows, '2024-02-29').checkedPipes).toBe(1);
    expect(dguvStats(rows, '2024-03-01').checkedPipes).toBe(0);
  });

  it('gives zeros for no hoses', () => {
    expect(dguvStats({ pipes: [], machines: [], audits: [], answers: [] }, new Date())).toEqual({
      totelPipes: 0,
      checkedPipes: 0,
      successPipes: 0,
      warningPipes: 0,
      errorPipes: 0,
    });
  });
});
