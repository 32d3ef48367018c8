/** Opens the file store the configuration names (blob-store.ts). */
import type { Kysely } from 'kysely';
import type { FileStoreConfig } from '@server/config';
import type { Database } from '@server/db/schema';
import type { BlobStore } from './blob-store';

/**
 * The store `config` names. The S3 client is loaded only when it is used.
 * `filesDir`: the disk store's directory (DATA_DIR/files).
 */
export async function openBlobStore(
  config: FileStoreConfig,
  deps: { db: Kysely<Database>; filesDir: string },
): Promise<BlobStore> {
  if (config.kind === 'disk') {
    const { DiskBlobStore } = await import('./blob-store-disk');
    return new DiskBlobStore(deps.filesDir);
  }
  if (config.kind === 'database') {
    const { DatabaseBlobStore } = await import('./blob-store-database');
    return new DatabaseBlobStore(deps.db);
  }
  if (!config.s3) throw new Error('FILE_STORE=s3 without its S3 settings');
  const { S3BlobStore } = await import('./blob-store-s3');
  return new S3BlobStore(config.s3);
}
