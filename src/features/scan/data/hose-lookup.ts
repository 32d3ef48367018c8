/**
 * The hose a scanned or typed code names, looked up on the device (the `pipe` table's `code`
 * index through db/pipe-code-queries), so scanning works offline. Codes are unique ignoring case
 * (rules/hose-code); the exact spelling wins should two rows differ only in case. Deleted
 * hoses are not found.
 */
import type { SchlauchDb } from '@db/database';
import type { EntityRow } from '@db/entity-tables';
import { pipesWithCode } from '@db/pipe-code-queries';

export type ScannedPipe = EntityRow<'pipe'>;

export async function findHoseByCode(db: SchlauchDb, code: string): Promise<ScannedPipe | null> {
  const wanted = code.trim();
  const live = (await pipesWithCode(db, wanted)).filter((p) => p.deletedAt === null);
  return live.find((p) => p.code === wanted) ?? live[0] ?? null;
}
