/**
 * The actions of the sync property test and their generators (tests/sync/property.test.ts):
 * writes on two devices (machines, hoses, photos, DGUV audits with answers and signatures),
 * syncs with faults, restarts, file uploads, writes while a sync is under way, a purge of
 * the server's tombstones (410 for cursors before it) and a second tab of one device.
 */
import fc from 'fast-check';
import type { Fault as InjectFault } from '../helpers/inject-fetch';

export type Fault = 'none' | InjectFault;
export type Dev = 0 | 1;
export type SyncPath = 'pull' | 'push';

/** A local write that can also run in the middle of a sync or in a second tab. */
export type Write =
  | { kind: 'createMachine'; comment: string | null }
  | { kind: 'update'; pick: number; field: number; text: string | null; num: number };

export type Action =
  | { kind: 'createMachine'; dev: Dev; comment: string | null }
  | { kind: 'createPipe'; dev: Dev; pick: number; position: number; clash: boolean }
  | { kind: 'update'; dev: Dev; pick: number; field: number; text: string | null; num: number }
  | { kind: 'delete'; dev: Dev; pick: number }
  /** `nth`: the fault hits that request of the run (a second push is one numbered ahead). */
  | { kind: 'sync'; dev: Dev; fault: Fault; on: SyncPath; nth?: 1 | 2 }
  | { kind: 'restart'; dev: Dev; midFlight: boolean }
  | { kind: 'syncBoth' }
  /** A photo on a machine: a new one (created offline with it) or an existing one. */
  | { kind: 'photo'; dev: Dev; pick: number; onNew: boolean }
  /** The device's blob queue runs once; `fault` hits its first upload. */
  | { kind: 'upload'; dev: Dev; fault: Fault }
  | { kind: 'auditStart'; dev: Dev; pick: number }
  | { kind: 'auditAnswer'; dev: Dev; pick: number; value: number; photo: boolean }
  | { kind: 'auditFinish'; dev: Dev; pick: number }
  /** A sync with a local write just before the request or just after the server answered. */
  | { kind: 'writeDuringSync'; dev: Dev; on: SyncPath; after: boolean; fault: Fault; write: Write }
  /** The server purges its tombstones: cursors from before get 410 and start over. */
  | { kind: 'purge' }
  /** A second tab of the device syncs at the same time as the first (and maybe writes). */
  | { kind: 'twoTabs'; dev: Dev; write: Write | null };

export const MACHINE_FIELDS = [
  'comment',
  'positionOnLocation',
  'machineType',
  'internalId',
] as const;
export const PIPE_FIELDS = ['comment', 'length', 'isCritical', 'hoseType', 'position'] as const;

const devArb = fc.constantFrom<Dev>(0, 1);
const textArb = fc.constantFrom<string | null>('a', 'b', 'Halle 1', null);
const faultArb = fc.constantFrom<Fault>('none', 'drop-response', 'fail-503', 'network-error');
const pathArb = fc.constantFrom<SyncPath>('pull', 'push', 'push');

const updateFields = {
  pick: fc.nat(),
  field: fc.nat(),
  text: textArb,
  num: fc.integer({ min: 1, max: 4 }),
};

const writeArb: fc.Arbitrary<Write> = fc.oneof(
  fc.record({ kind: fc.constant('createMachine' as const), comment: textArb }),
  fc.record({ kind: fc.constant('update' as const), ...updateFields }),
  fc.record({ kind: fc.constant('update' as const), ...updateFields }),
);

const of = <T>(weight: number, arbitrary: fc.Arbitrary<T>) => ({ weight, arbitrary });

export const actionArb: fc.Arbitrary<Action> = fc.oneof(
  of(2, fc.record({ kind: fc.constant('createMachine' as const), dev: devArb, comment: textArb })),
  of(
    4,
    fc.record({
      kind: fc.constant('createPipe' as const),
      dev: devArb,
      pick: fc.nat(),
      position: fc.integer({ min: 1, max: 20 }),
      clash: fc.integer({ min: 0, max: 7 }).map((n) => n === 0),
    }),
  ),
  of(5, fc.record({ kind: fc.constant('update' as const), dev: devArb, ...updateFields })),
  of(2, fc.record({ kind: fc.constant('delete' as const), dev: devArb, pick: fc.nat() })),
  of(
    5,
    fc.record({
      kind: fc.constant('sync' as const),
      dev: devArb,
      fault: faultArb,
      on: pathArb,
      nth: fc.constantFrom<1 | 2>(1, 1, 1, 2),
    }),
  ),
  of(2, fc.record({ kind: fc.constant('restart' as const), dev: devArb, midFlight: fc.boolean() })),
  of(1, fc.record({ kind: fc.constant('syncBoth' as const) })),
  of(
    2,
    fc.record({
      kind: fc.constant('photo' as const),
      dev: devArb,
      pick: fc.nat(),
      onNew: fc.boolean(),
    }),
  ),
  of(2, fc.record({ kind: fc.constant('upload' as const), dev: devArb, fault: faultArb })),
  of(2, fc.record({ kind: fc.constant('auditStart' as const), dev: devArb, pick: fc.nat() })),
  of(
    4,
    fc.record({
      kind: fc.constant('auditAnswer' as const),
      dev: devArb,
      pick: fc.nat(),
      value: fc.nat(),
      photo: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
    }),
  ),
  of(2, fc.record({ kind: fc.constant('auditFinish' as const), dev: devArb, pick: fc.nat() })),
  of(
    2,
    fc.record({
      kind: fc.constant('writeDuringSync' as const),
      dev: devArb,
      on: pathArb,
      after: fc.boolean(),
      fault: fc.constantFrom<Fault>('none', 'none', 'drop-response', 'network-error'),
      write: writeArb,
    }),
  ),
  of(1, fc.record({ kind: fc.constant('purge' as const) })),
  of(
    1,
    fc.record({
      kind: fc.constant('twoTabs' as const),
      dev: devArb,
      write: fc.option(writeArb, { nil: null }),
    }),
  ),
);

export const MAX_ACTIONS = 40;

export const actionsArb = fc.array(actionArb, {
  minLength: 1,
  maxLength: MAX_ACTIONS,
  size: 'max',
});
