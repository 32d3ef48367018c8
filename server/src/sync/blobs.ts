/**
 * Commands that reference uploaded files (a signature's image, photos, documents) wait as
 * `deferred` until the file is on the server (DESIGN §4: a blob queue uploads them apart).
 */
import type { Mutation } from '../../../src/domain/sync-contract';
import { FILE_FIELDS } from '../../../src/domain/schemas/fields';
import type { CmsKysely } from '../cms/rows';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function referencedFiles(body: unknown): string[] {
  if (!body || typeof body !== 'object') return [];
  const data = (body as { data?: unknown }).data ?? body;
  if (!data || typeof data !== 'object') return [];
  const ids: string[] = [];
  for (const f of FILE_FIELDS) {
    const v = (data as Record<string, unknown>)[f];
    for (const item of Array.isArray(v) ? v : [v]) {
      if (typeof item === 'string' && UUID.test(item)) ids.push(item);
    }
  }
  return ids;
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
