import { describe, expect, it } from 'vitest';
import {
  canPlanDays,
  dayPlanReach,
  dueOn,
  machineTasks,
  moveMachine,
  planProgress,
  planTasks,
  proposeMachines,
  takeAlong,
  type FirstUseHose,
  type PlanMachineInput,
  type WaitingReplacement,
} from './day-plan';

const DAY = '2026-11-30';
const machine = (id: string, extra: Partial<PlanMachineInput> = {}): PlanMachineInput => ({
  id,
  nextDue: '2027-06-01',
  neverChecked: false,
  hoseCount: 3,
  ...extra,
});
const firstUse = (machineId: string, position: number): FirstUseHose => ({
  pipeId: `p-${machineId}-${position}`,
  machineId,
  position,
  code: `HM-${position}`,
});
const replacement = (machineId: string, position: number): WaitingReplacement => ({
  orderItemId: `l-${machineId}-${position}`,
  orderId: 'o-1',
  machineId,
  replacesPipeId: `p-${machineId}-${position}`,
  position,
  code: `HM-${position}`,
  name: `2SN DN10 ${position}`,
  quantity: 1,
});

describe('who plans and who reads day plans', () => {
  it.each([
    { roles: ['ui-admininstrator'], customer: null, plans: true, reach: 'all' },
    { roles: ['admin'], customer: null, plans: true, reach: 'all' },
    { roles: ['module-dguv'], customer: null, plans: false, reach: 'own' },
    { roles: ['admin-shop'], customer: null, plans: false, reach: 'own' },
    { roles: ['ui-admininstrator', 'admin'], customer: 'c-1', plans: false, reach: 'none' },
  ])('$roles (customer $customer): plans $plans, reads $reach', (user) => {
    expect(canPlanDays(user)).toBe(user.plans);
    expect(dayPlanReach(user)).toBe(user.reach);
  });
  it('nobody signed in reads nothing', () => {
    expect(dayPlanReach(null)).toBe('none');
    expect(canPlanDays(undefined)).toBe(false);
  });
});

describe('dueOn: a machine on the plan day', () => {
  it.each([
    { name: 'past its due date', m: { nextDue: '2026-11-29' }, want: 'overdue' },
    { name: 'a hose never checked', m: { nextDue: null, neverChecked: true }, want: 'overdue' },
    { name: 'due that very day', m: { nextDue: DAY }, want: 'due' },
    { name: 'due within 30 days after', m: { nextDue: '2026-12-30' }, want: 'dueSoon' },
    { name: 'due 31 days after', m: { nextDue: '2026-12-31' }, want: 'notDue' },
    {
      name: 'no hoses at all',
      m: { nextDue: null, neverChecked: false, hoseCount: 0 },
      want: 'notDue',
    },
  ])('$name → $want', ({ m, want }) => {
    expect(dueOn(machine('m', m), DAY)).toBe(want);
  });
});

describe('machineTasks', () => {
  it.each([
    { name: 'only due', due: '2026-11-01', fu: 0, rep: 0, tasks: ['inspect'] },
    { name: 'first use only', due: '2027-06-01', fu: 1, rep: 0, tasks: ['firstUse'] },
    { name: 'install only', due: '2027-06-01', fu: 0, rep: 2, tasks: ['install'] },
    {
      name: 'all three',
      due: '2026-11-01',
      fu: 1,
      rep: 1,
      tasks: ['inspect', 'firstUse', 'install'],
    },
    { name: 'nothing', due: '2027-06-01', fu: 0, rep: 0, tasks: [] },
  ])('$name → $tasks', ({ due, fu, rep, tasks }) => {
    const got = machineTasks(
      machine('m', { nextDue: due }),
      {
        firstUseHoses: Array.from({ length: fu }, (_, i) => firstUse('m', i + 1)),
        waitingReplacements: [
          ...Array.from({ length: rep }, (_, i) => replacement('m', rep - i)),
          replacement('other', 1),
        ],
      },
      DAY,
    );
    expect(got.tasks).toEqual(tasks);
    expect(got.replacements.map((r) => r.position)).toEqual(
      Array.from({ length: rep }, (_, i) => i + 1),
    );
  });
});

describe('proposeMachines', () => {
  it('proposes machines with work, the most urgent first, and leaves the rest out', () => {
    const inputs = {
      machines: [
        machine('soon', { nextDue: '2026-12-10' }),
        machine('idle'),
        machine('late2', { nextDue: '2026-10-01' }),
        machine('never', { nextDue: null, neverChecked: true }),
        machine('install'),
        machine('today', { nextDue: DAY }),
      ],
      firstUseHoses: [],
      waitingReplacements: [replacement('install', 2)],
    };
    expect(proposeMachines(inputs, DAY).map((t) => t.machineId)).toEqual([
      'never',
      'late2',
      'today',
      'soon',
      'install',
    ]);
  });
});

describe('planTasks and takeAlong follow the plan order', () => {
  const inputs = {
    machines: [machine('a'), machine('b', { nextDue: '2026-01-01' })],
    firstUseHoses: [firstUse('a', 4)],
    waitingReplacements: [
      replacement('a', 3),
      replacement('b', 1),
      replacement('a', 1),
      replacement('x', 1),
    ],
  };
  it('lists the plan machines in its order, a deleted one left out', () => {
    const tasks = planTasks(['b', 'gone', 'a'], inputs, DAY);
    expect(tasks.map((t) => [t.machineId, t.tasks])).toEqual([
      ['b', ['inspect', 'install']],
      ['a', ['firstUse', 'install']],
    ]);
  });
  it('takes along the assemblies by machine in plan order, then by position', () => {
    expect(takeAlong(['b', 'a'], inputs.waitingReplacements).map((r) => r.orderItemId)).toEqual([
      'l-b-1',
      'l-a-1',
      'l-a-3',
    ]);
  });
});

describe('planProgress', () => {
  const plan = { date: DAY, machineIds: ['a', 'b', 'c'] };
  it.each([
    {
      name: 'finished on the day',
      audit: { startDate: `${DAY} 09:00:00`, state: 'COMPLETE' },
      done: 1,
    },
    {
      name: 'approved later',
      audit: { startDate: '2026-12-02 09:00:00', state: 'APPROVED' },
      done: 1,
    },
    {
      name: 'still running',
      audit: { startDate: `${DAY} 09:00:00`, state: 'IN_PROGRESS' },
      done: 0,
    },
    {
      name: 'the visit before',
      audit: { startDate: '2026-11-29 17:00:00', state: 'APPROVED' },
      done: 0,
    },
    {
      name: 'deleted',
      audit: { startDate: `${DAY} 09:00:00`, state: 'COMPLETE', deletedAt: '2026-11-30T10:00:00Z' },
      done: 0,
    },
  ] as const)('$name → $done of 3', ({ audit, done }) => {
    const progress = planProgress(plan, [
      { machineId: 'b', ...audit },
      { machineId: 'z', ...audit },
    ]);
    expect(progress.doneCount).toBe(done);
    expect(progress.total).toBe(3);
    expect(progress.done.has('b')).toBe(done === 1);
  });
});

describe('planProgress with work left at a machine', () => {
  const plan = { date: DAY, machineIds: ['a', 'b'] };
  const finished = { startDate: `${DAY} 08:00:00`, state: 'COMPLETE' } as const;
  const line = {
    orderItemId: 'l1',
    orderId: 'o1',
    machineId: 'b',
    replacesPipeId: 'p1',
    position: 1,
    code: 'HM-1',
    name: 'Schlauchleitung',
    quantity: 1,
  };
  const newHose = { pipeId: 'p2', machineId: 'b', position: 1, code: 'HM-1' };
  const tasks = (left: { firstUse?: (typeof newHose)[]; replacements?: (typeof line)[] }) => [
    { machineId: 'a', firstUse: [], replacements: [] },
    { machineId: 'b', firstUse: left.firstUse ?? [], replacements: left.replacements ?? [] },
  ];
  const audits = [
    { machineId: 'a', ...finished },
    { machineId: 'b', ...finished },
  ];

  it.each([
    { name: 'a delivered replacement still to install', left: { replacements: [line] } },
    { name: 'a new hose still to inspect before first use', left: { firstUse: [newHose] } },
  ])('an audit of the day does not finish a machine with $name', ({ left }) => {
    const progress = planProgress(plan, audits, tasks(left));
    expect([...progress.done]).toEqual(['a']);
    expect(progress.doneCount).toBe(1);
  });

  it('counts the machine once its work is done and its audit finished', () => {
    expect(planProgress(plan, audits, tasks({})).doneCount).toBe(2);
  });
});

describe('moveMachine', () => {
  it.each([
    { from: 0, to: 2, want: ['b', 'c', 'a'] },
    { from: 2, to: 0, want: ['c', 'a', 'b'] },
    { from: 1, to: 1, want: ['a', 'b', 'c'] },
    { from: 0, to: 3, want: ['a', 'b', 'c'] },
    { from: -1, to: 0, want: ['a', 'b', 'c'] },
  ])('$from → $to', ({ from, to, want }) => {
    expect(moveMachine(['a', 'b', 'c'], from, to)).toEqual(want);
  });
});
