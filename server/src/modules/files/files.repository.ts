/** The `file` table: one row per stored blob, owned by one entity row (DESIGN §4). */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, FileTable } from '../../db/schema';

export type FileRow = Selectable<FileTable>;
export type NewFile = Insertable<FileTable>;

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
