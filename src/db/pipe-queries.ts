/**
 * Hose (pipe) reads of the hoses screens beyond hooks.ts, all on the device: code lookups over
 * the `pipe` table's `code` index (SPEC §5 / DESIGN §5 uniqueness, the suggested next code),
 * the next free position on a machine, a customer's hoses with their machines (optionally of
 * one location), a hose's DGUV history and the company settings row. Tombstoned rows still
 * hold their code for `suggestPipeCode` (a deleted hose's code never comes back) but not for
 * uniqueness (rules/hose-code skips them).
 */
import { Dexie } from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { classifyAnswer } from '../domain/rules/dguv';
import { newestCheckFirst } from '../domain/rules/dguv-status';
import { codeUniquenessError, nextHoseCode } from '../domain/rules/hose-code';
import type { MessageKey } from '../domain/messages';
import type { DguvResult } from '../domain/schemas/dguv-answer';
import { getDatabase, type SchlauchDb } from './database';
import type { EntityRow } from './entity-tables';
import { entityTable, listMachines } from './entity-repository';

type Pipe = EntityRow<'pipe'>;
type Machine = EntityRow<'machine'>;
const alive = (row: { deletedAt: string | null }) => row.deletedAt === null;

/** Rows whose code equals `code` ignoring case and surrounding spaces (tombstones included). */
export async function pipesWithCode(db: SchlauchDb, code: string): Promise<Pipe[]> {
  const wanted = code.trim();
  if (wanted === '') return [];
  return entityTable(db, 'pipe').where('code').equalsIgnoreCase(wanted).toArray();
}

/** 'pipes:codeExists' when another live hose on the device has the code, else null. */
export async function pipeCodeError(
  db: SchlauchDb,
  code: string,
  exceptId?: string,
): Promise<MessageKey | null> {
  return codeUniquenessError(code, await pipesWithCode(db, code), exceptId);
}

/** The next generated code for `prefix`: one above the highest number used on the device. */
export async function suggestPipeCode(db: SchlauchDb, prefix: string): Promise<string> {
  const codes = await entityTable(db, 'pipe')
    .where('code')
    .startsWithIgnoreCase(`${prefix.trim()}-`)
    .keys();
  return nextHoseCode(prefix, codes.map(String));
}

/** One past the highest position of the machine's live hoses (1 on an empty machine). */
export async function nextPipePosition(db: SchlauchDb, machineId: string): Promise<number> {
  const last = await entityTable(db, 'pipe')
    .where('[machineId+position]')
    .between([machineId, Dexie.minKey], [machineId, Dexie.maxKey])
    .reverse()
    .filter(alive)
    .first();
  return (last?.position ?? 0) + 1;
}

export interface CustomerPipes {
  /** By machine (the machines' order), then position ascending (SPEC §9). */
  pipes: Pipe[];
  machines: Machine[];
}

/** A customer's live hoses on its live machines; `locationId` limits to one location. */
export async function listCustomerPipes(
  db: SchlauchDb,
  companyId: string,
  locationId: string | null,
): Promise<CustomerPipes> {
  const machines = (await listMachines(db, companyId)).filter(
    (m) => !locationId || m.locationId === locationId,
  );
  const rank = new Map(machines.map((m, i) => [m.id, i]));
  // No Dexie filter: a plain index read is one getAll, a filtered one a cursor step per row.
  const pipes = (
    await entityTable(db, 'pipe').where('companyId').equals(companyId).toArray()
  ).filter((p) => alive(p) && rank.has(p.machineId));
  pipes.sort((a, b) => rank.get(a.machineId)! - rank.get(b.machineId)! || a.position - b.position);
  return { pipes, machines };
}

export interface PipeCheck {
  auditId: string;
  /** The audit's startDate ('YYYY-MM-DD HH:MM:SS'). */
  checkedAt: string;
  result: DguvResult;
}

/** A hose's checks in live audits, newest first, at most `limit`. */
export async function pipeCheckHistory(
  db: SchlauchDb,
  pipeId: string,
  limit = 5,
): Promise<PipeCheck[]> {
  const answers = await entityTable(db, 'dguvAnswer')
    .where('pipeId')
    .equals(pipeId)
    .filter(alive)
    .toArray();
  const audits = await entityTable(db, 'dguvAudit').bulkGet([
    ...new Set(answers.map((a) => a.auditId)),
  ]);
  const startOf = new Map(audits.filter((a) => a && alive(a)).map((a) => [a!.id, a!.startDate]));
  return answers
    .filter((a) => startOf.has(a.auditId))
    .map((a) => ({ ...a, checkedAt: startOf.get(a.auditId)! }))
    .sort(newestCheckFirst)
    .slice(0, limit)
    .map((a) => ({ auditId: a.auditId, checkedAt: a.checkedAt, result: classifyAnswer(a.answer) }));
}

/** The service company's settings (a singleton), null when not synced yet. */
export async function getCompanySettings(db: SchlauchDb) {
  return (await entityTable(db, 'companySettings').filter(alive).first()) ?? null;
}

/** Defaults of a new hose on a machine: next free position and the suggested code. */
export async function newPipeDefaults(db: SchlauchDb, machineId: string) {
  const settings = await getCompanySettings(db);
  const prefix = settings?.pipeCodePrefix ?? '';
  return {
    position: await nextPipePosition(db, machineId),
    code: prefix ? await suggestPipeCode(db, prefix) : '',
  };
}

/** `pipeCodeError` on the app database (the forms' extra check). */
export const checkPipeCode = (code: string, exceptId?: string) =>
  pipeCodeError(getDatabase(), code, exceptId);

export function useCustomerPipes(companyId: string, locationId: string | null) {
  return useLiveQuery(
    () => listCustomerPipes(getDatabase(), companyId, locationId),
    [companyId, locationId],
  );
}

export function usePipeCheckHistory(pipeId: string) {
  return useLiveQuery(() => pipeCheckHistory(getDatabase(), pipeId), [pipeId]);
}

/** Live like every hook; the create form takes them once, as its initial values. */
export function useNewPipeDefaults(machineId: string) {
  return useLiveQuery(() => newPipeDefaults(getDatabase(), machineId), [machineId]);
}
