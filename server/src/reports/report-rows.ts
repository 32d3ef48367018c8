/**
 * The rows a report prints, read straight from the tables. The report's own row is checked
 * with `findVisible` (the caller's scope); everything else is read within that row's customer,
 * so a report can never pull in another customer's rows or files.
 */
import type { Kysely } from 'kysely';
import type { EntityName } from '@domain/entities';
import { REGISTRY } from '../cms/registry';
import { rowFromDb, type RowOf, type StoreKysely } from '../cms/rows';
import type { EntityRow } from '../db/entity-tables';
import type { Database } from '../db/schema';
import { findFileById, findNewestFile } from '../modules/files/files.repository';
import type { BlobStore } from '../modules/files/blob-store';
import { reportImage } from './report-image';

export interface ReportStore {
  cms: StoreKysely;
  db: Kysely<Database>;
  /** The file store (file.storagePath is the key). */
  blobs: BlobStore;
}

export const str = (v: unknown): string =>
  v === null || v === undefined ? '' : typeof v === 'string' ? v : String(v as number);

export class ReportRows {
  /** Image bytes by file id, so a file named twice is read (and embedded) once. */
  private readonly images = new Map<string, Promise<Buffer | null>>();

  constructor(
    private readonly store: ReportStore,
    /** The customer of the report (null: global rows only). */
    private readonly companyId: string | null,
  ) {}

  /** The database the rows are read from. */
  get database(): StoreKysely {
    return this.store.cms;
  }

  /** A live row of `entity` by id, in the report's customer or global. */
  async byId<E extends EntityName>(entity: E, id: unknown): Promise<RowOf<E> | undefined> {
    if (typeof id !== 'string' || !id) return undefined;
    const def = REGISTRY[entity];
    let q = this.store.cms
      .selectFrom(def.table)
      .selectAll()
      .where('id', '=', id)
      .where('deletedAt', 'is', null);
    if (def.scope === 'company') q = q.where('companyId', '=', this.companyId);
    const raw = await q.executeTakeFirst();
    return raw ? rowFromDb(def, raw) : undefined;
  }

  /** A row by id in the report's customer, deleted or not (a record keeps what was checked). */
  async byIdAnyState<E extends EntityName>(entity: E, id: string): Promise<RowOf<E> | undefined> {
    const def = REGISTRY[entity];
    const raw = await this.store.cms
      .selectFrom(def.table)
      .selectAll()
      .where('id', '=', id)
      .where('companyId', '=', this.companyId)
      .executeTakeFirst();
    return raw ? rowFromDb(def, raw) : undefined;
  }

  /** Live rows of `entity` whose `field` is `value`. */
  async where<E extends EntityName>(entity: E, field: string, value: string): Promise<RowOf<E>[]> {
    const def = REGISTRY[entity];
    const raws = await this.store.cms
      .selectFrom(def.table)
      .selectAll()
      .where(field, '=', value)
      .where('deletedAt', 'is', null)
      .where('companyId', '=', this.companyId)
      .execute();
    return raws.map((raw) => rowFromDb(def, raw));
  }

  /** The service company's settings (letterhead), if set up. */
  async settings(): Promise<EntityRow<'companySettings'> | undefined> {
    const def = REGISTRY.companySettings;
    const raw = await this.store.cms
      .selectFrom(def.table)
      .selectAll()
      .where('deletedAt', 'is', null)
      .orderBy('createdAt', 'asc')
      .executeTakeFirst();
    return raw ? rowFromDb(def, raw) : undefined;
  }

  /**
   * What a report draws for a stored JPEG or PNG of this customer (or a global file such as
   * the logo): its bounded copy (report-image.ts); null when missing, deleted, another
   * customer's, not an image or over the image limits — never an error.
   */
  image(fileId: unknown): Promise<Buffer | null> {
    if (typeof fileId !== 'string' || !fileId) return Promise.resolve(null);
    let got = this.images.get(fileId);
    if (!got) {
      got = this.readImage(fileId).catch(() => null);
      this.images.set(fileId, got);
    }
    return got;
  }

  /**
   * The image a row names in `field`, else the newest file uploaded to the row (as the file
   * download does: a signature's file may arrive under its own id).
   */
  async imageOfRow<E extends EntityName>(
    entity: E,
    row: RowOf<E>,
    field: keyof RowOf<E> & string,
  ): Promise<Buffer | null> {
    const named = await this.image(row[field]);
    if (named) return named;
    const newest = await findNewestFile(this.store.db, { entity, entityId: str(row.id) });
    return newest ? this.image(newest.id) : null;
  }

  private async readImage(fileId: string): Promise<Buffer | null> {
    const file = await findFileById(this.store.db, fileId);
    if (!file || file.deletedAt) return null;
    if (file.companyId !== null && file.companyId !== this.companyId) return null;
    return reportImage(this.store.blobs, file.storagePath);
  }
}
