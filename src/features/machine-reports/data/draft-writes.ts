/**
 * The machine report's draft writes (docs/architecture.md "Writes"): the one write of a
 * report's work step (answers, work lines, comment, photos), through the app's mutator. A new
 * report lives in memory only (use-draft-report.ts) until its first real input: that write creates
 * the row with the input in one `POST …/create` (a photo's file reference follows as an
 * update, as for every file field), so an opened-and-left screen syncs nothing to the server
 * or the customer's devices; every later write is an update. Writes of one report run one
 * after another, so a photo and a save racing each other create it once.
 */
import { getDatabase } from '@db/database';
import { getRow } from '@db/entity-repository';
import type { ReportEntity, ReportRow } from './report-queries';
import type { InspectionItem, MaintenanceItem } from '@domain/schemas/reports';
import { i18n, toLanguage } from '@lib/i18n';
import { mutate } from '@sync';

export interface DraftChanges {
  items?: InspectionItem[] | MaintenanceItem[];
  comment?: string | null;
  photoIds?: string[];
}

const writing = new Map<string, Promise<unknown>>();
const storedListeners = new Map<string, () => void>();

/**
 * Calls `listener` once the new report `id` is stored, right after its create and before the
 * writer goes on (so a navigation the writer makes next is not overtaken). Returns the unsubscribe.
 */
export function onDraftStored(id: string, listener: () => void): () => void {
  storedListeners.set(id, listener);
  return () => {
    if (storedListeners.get(id) === listener) storedListeners.delete(id);
  };
}

async function write(entity: ReportEntity, report: ReportRow, changes: DraftChanges) {
  // Both kinds share these fields; only the item shape differs, which the schema checks.
  const data = changes as DraftChanges & { items?: InspectionItem[] & MaintenanceItem[] };
  if (await getRow(getDatabase(), entity, report.id)) {
    return mutate.update(entity, report.id, data);
  }
  const row = await mutate.create(entity, {
    id: report.id,
    machineId: report.machineId,
    technician: report.technician,
    date: report.date,
    state: 'DRAFT',
    // The PDF's language: the UI language when the report is first saved.
    locale: toLanguage(i18n.language) ?? 'de',
    ...data,
  });
  storedListeners.get(report.id)?.();
  return row;
}

/** Creates the report with `changes` if it is not stored yet, else updates it. */
export function writeDraft(
  entity: ReportEntity,
  report: ReportRow,
  changes: DraftChanges,
): Promise<unknown> {
  const before = writing.get(report.id) ?? Promise.resolve();
  const next = before.catch(() => undefined).then(() => write(entity, report, changes));
  writing.set(report.id, next);
  const done = () => {
    if (writing.get(report.id) === next) writing.delete(report.id);
  };
  next.then(done, done);
  return next;
}
