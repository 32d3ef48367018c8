/**
 * Commands that reference uploaded files (a signature's image, photos, documents) wait as
 * `deferred` until the file is on the server (docs/sync.md: a blob queue uploads them apart).
 */
import type { Mutation } from '@domain/sync-contract';
import type { StoreKysely } from '../cms/rows';
import { missingFiles, namedFiles } from '../modules/files/files.repository';
import { isUuid } from '@domain/ids';

function referencedFiles(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const data = (body as { data?: unknown }).data ?? body;
  if (!data || typeof data !== 'object') return [];
  // A create's or update's body: the row's fields by name (the endpoint validates them).
  return namedFiles(data).filter(isUuid);
}

export function missingBlobs(db: StoreKysely, m: Mutation): Promise<string[]> {
  return missingFiles(db, referencedFiles(m.body));
}
