/**
 * What every screen that creates or renames a hose needs (the hoses screens, the DGUV audit's
 * "add a hose", the shop's configurator), all on the device: code lookups over the `pipe`
 * table's `code` index (docs/api.md / docs/architecture.md uniqueness, the suggested next code), the next
 * free position on a machine and the company settings row. Tombstoned rows still hold their
 * code for `suggestPipeCode` (a deleted hose's code never comes back) but not for uniqueness
 * (rules/hose-code skips them). The hoses feature's own lists are in features/hoses/data.
 */
import { Dexie } from 'dexie';
import { codeUniquenessError, nextHoseCode } from '../domain/rules/hose-code';
import type { MessageKey } from '../domain/messages';
import { getDatabase, type SchlauchDb } from './database';
import type { EntityRow } from './entity-tables';
import { entityTable } from './entity-repository';

type Pipe = EntityRow<'pipe'>;
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
