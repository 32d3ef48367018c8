/**
 * Blobs as rows of the `blob` table (bytea on PostgreSQL): every instance on the database
 * reads what any wrote, and the database's backups and replicas carry the files too.
 */
import type { Kysely } from 'kysely';
import type { Database } from '@server/db/schema';
import { checkKey, probe, sha256Of, type BlobInfo, type BlobStore } from './blob-store';

export class DatabaseBlobStore implements BlobStore {
  readonly kind = 'database' as const;
  readonly where = 'database table blob';

  constructor(private readonly db: Kysely<Database>) {}

  async put(key: string, bytes: Buffer): Promise<BlobInfo> {
    const info = { size: bytes.length, sha256: sha256Of(bytes) };
    const row = { key: checkKey(key), ...info, bytes, createdAt: new Date().toISOString() };
    await this.db
      .insertInto('blob')
      .values(row)
      .onConflict((oc) =>
        oc.column('key').doUpdateSet({ size: info.size, sha256: info.sha256, bytes }),
      )
      .execute();
    return info;
  }

  async get(key: string): Promise<Buffer | null> {
    const row = await this.db
      .selectFrom('blob')
      .select('bytes')
      .where('key', '=', checkKey(key))
      .executeTakeFirst();
    return row ? Buffer.from(row.bytes) : null;
  }

  async stat(key: string): Promise<BlobInfo | null> {
    const row = await this.db
      .selectFrom('blob')
      .select(['size', 'sha256'])
      .where('key', '=', checkKey(key))
      .executeTakeFirst();
    return row ? { size: Number(row.size), sha256: row.sha256 } : null;
  }

  async delete(key: string): Promise<void> {
    await this.db.deleteFrom('blob').where('key', '=', checkKey(key)).execute();
  }

  async *list(prefix = ''): AsyncIterable<string> {
    let after = '';
    for (;;) {
      const rows = await this.db
        .selectFrom('blob')
        .select('key')
        .where('key', '>', after)
        .orderBy('key')
        .limit(500)
        .execute();
      for (const r of rows) if (r.key.startsWith(prefix)) yield r.key;
      if (rows.length < 500) return;
      after = rows[rows.length - 1]!.key;
    }
  }

  ready(): Promise<boolean> {
    return probe(this);
  }

  async close(): Promise<void> {}
}
