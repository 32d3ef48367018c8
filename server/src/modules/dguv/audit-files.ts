/**
 * Files of a DGUV audit's record (docs/dguv-record.md): its signature's image and its checks'
 * photos. A finished or approved audit takes no new file — only the bytes of a file its record
 * already names may still arrive (a photo or signature recorded offline whose upload comes
 * after the finish), and approval waits until every named file is here.
 */
import { AUDIT_LOCKED, isAuditOpen } from '@domain/rules/audit-states';
import type { EntityName } from '@domain/entities';
import type { EntityDef } from '@server/cms/registry';
import { REGISTRY } from '@server/cms/registry';
import { fieldValue, rowFromDb, type RowOf, type StoreKysely } from '@server/cms/rows';
import type { EntityRow } from '@server/db/entity-tables';
import { HttpError } from '@server/plugins/errors';
import { str } from '@server/reports/report-rows';

/** The audits whose record `row` (an audit, one of its checks or a signature) belongs to. */
async function auditsOf(
  db: StoreKysely,
  def: EntityDef,
  // Whichever of the three entities `def` is: its fields are read by name.
  row: object,
): Promise<EntityRow<'dguvAudit'>[]> {
  const audits = REGISTRY.dguvAudit;
  let q = db.selectFrom(audits.table).selectAll().where('deletedAt', 'is', null);
  if (def.name === 'dguvAudit') q = q.where('id', '=', str(fieldValue(row, 'id')));
  else if (def.name === 'dguvAnswer') q = q.where('id', '=', str(fieldValue(row, 'auditId')));
  else if (def.name === 'signature') q = q.where('signatureId', '=', str(fieldValue(row, 'id')));
  else return [];
  return (await q.execute()).map((raw) => rowFromDb(audits, raw));
}

/** The files an audit's record names: its signature's image and its checks' photos. */
export async function auditFileIds(
  db: StoreKysely,
  audit: EntityRow<'dguvAudit'>,
): Promise<string[]> {
  const [signature, answers] = await Promise.all([
    db
      .selectFrom(REGISTRY.signature.table)
      .select('content')
      .where('id', '=', str(audit.signatureId))
      .where('deletedAt', 'is', null)
      .executeTakeFirst(),
    db
      .selectFrom(REGISTRY.dguvAnswer.table)
      .selectAll()
      .where('auditId', '=', str(audit.id))
      .where('deletedAt', 'is', null)
      .execute(),
  ]);
  const ids = answers.flatMap((raw) => {
    return rowFromDb(REGISTRY.dguvAnswer, raw).photoIds ?? [];
  });
  if (signature && str(signature.content)) ids.push(str(signature.content));
  return ids;
}

/**
 * Refuses (409, the state table's code) an upload to a row of a finished or approved audit's
 * record, unless the record names the file: then it is the late bytes of what was signed.
 */
export async function admitAuditFile<E extends EntityName>(
  db: StoreKysely,
  def: EntityDef<E>,
  row: RowOf<E>,
  fileId: string | undefined,
): Promise<void> {
  for (const audit of await auditsOf(db, def, row)) {
    if (isAuditOpen(audit.state)) continue;
    if (fileId && (await auditFileIds(db, audit)).includes(fileId)) continue;
    throw new HttpError(409, AUDIT_LOCKED.code, AUDIT_LOCKED.message);
  }
}
