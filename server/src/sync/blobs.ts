/**
 * Commands that reference uploaded files (a signature's image, photos, documents) wait as
 * `deferred` until the file is on the server (DESIGN §4: a blob queue uploads them apart).
 */
import type { Mutation } from '../../../src/domain/sync-contract';
import type { CmsKysely } from '../cms/rows';
import { namedFiles } from '../modules/files/files.repository';
import { isUuid } from '../../../src/domain/ids';

function referencedFiles(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const data = (body as { data?: unknown }).data ?? body;
  if (!data || typeof data !== 'object') return [];
  return namedFiles(data as Record<string, unknown>).filter(isUuid);
}

export async function missingBlobs(db: CmsKysely, m: Mutation): Promise<string[]> {
  const ids = referencedFiles(m.body);
  if (ids.length === 0) return [];
  const found = await db
    .selectFrom('file')
    .select('id')
    .where('id', 'in', ids)
    .where('deletedAt', 'is', null)
    .execute();
  const have = new Set(found.map((r) => String(r.id)));
  return ids.filter((id) => !have.has(id));
}
