/** The `file` table: one row per stored blob, owned by one entity row (docs/sync.md). */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, FileTable } from '@server/db/schema';
import { FILE_FIELDS } from '@domain/schemas/fields';
import { fieldValue, type StoreKysely } from '@server/cms/rows';

export type FileRow = Selectable<FileTable>;
/** A new file row; `boundAt` is never left out (null only for an upload before its row). */
export type NewFile = Insertable<FileTable> & Pick<FileTable, 'boundAt'>;

/** Any row with this id, deleted or not (a client id must never be reused). */
export function findFileById(db: Kysely<Database>, id: string) {
  return db.selectFrom('file').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The live copy of these bytes already stored for this entity row, if any. */
export function findSameUpload(
  db: Kysely<Database>,
  entity: string,
  entityId: string,
  sha256: string,
) {
  return db
    .selectFrom('file')
    .selectAll()
    .where('entity', '=', entity)
    .where('entityId', '=', entityId)
    .where('sha256', '=', sha256)
    .where('deletedAt', 'is', null)
    .orderBy('createdAt', 'asc')
    .executeTakeFirst();
}

/**
 * The newest live file of an entity: of one row (`entityId`), or of any row of the entity
 * (`entityId` undefined), limited to one company when `companyId` is given.
 */
export function findNewestFile(
  db: Kysely<Database>,
  where: { entity: string; entityId?: string; companyId?: string | null },
) {
  let q = db
    .selectFrom('file')
    .selectAll()
    .where('entity', '=', where.entity)
    .where('deletedAt', 'is', null);
  if (where.entityId !== undefined) q = q.where('entityId', '=', where.entityId);
  if (where.companyId) q = q.where('companyId', '=', where.companyId);
  return q.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function insertFile(db: Kysely<Database>, row: NewFile): Promise<void> {
  await db.insertInto('file').values(row).execute();
}

/** A week: how long an upload may wait for the create of its row. */
export const UNBOUND_UPLOAD_TTL_MS = 7 * 86_400_000;

/** The file ids a row's file fields name (a photo, a signature's image, a list of photos). */
export function namedFiles(row: object): string[] {
  const ids: string[] = [];
  for (const field of FILE_FIELDS) {
    const value = fieldValue(row, field);
    for (const id of Array.isArray(value) ? value : [value]) {
      if (typeof id === 'string' && id.length > 0) ids.push(id);
    }
  }
  return ids;
}

/**
 * The create of row `entityId` arrived: the files uploaded for it before (unbound) that it
 * names (`fileIds`) now belong to it and take its customer. Called by the entity store in the
 * create's transaction.
 */
export async function bindUploads(
  db: StoreKysely,
  entity: string,
  entityId: string,
  fileIds: readonly string[],
  companyId: string | null,
  now: string,
): Promise<void> {
  await db
    .updateTable('file')
    .set({ boundAt: now, companyId })
    .where('id', 'in', fileIds)
    .where('entity', '=', entity)
    .where('entityId', '=', entityId)
    .where('boundAt', 'is', null)
    .execute();
}

/**
 * Unbound uploads older than the TTL (their row was never created): their rows, for the
 * caller to delete with their stored bytes.
 */
export function staleUnboundUploads(db: Kysely<Database>, now: Date = new Date()) {
  const before = new Date(now.getTime() - UNBOUND_UPLOAD_TTL_MS).toISOString();
  return db
    .selectFrom('file')
    .selectAll()
    .where('boundAt', 'is', null)
    .where('createdAt', '<', before)
    .limit(500)
    .execute();
}

/** Which of `ids` no live stored file has. */
export async function missingFiles(db: StoreKysely, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('file')
    .select('id')
    .where('id', 'in', [...ids])
    .where('deletedAt', 'is', null)
    .execute();
  const have = new Set(found.map((r) => String(r.id)));
  return ids.filter((id) => !have.has(id));
}
