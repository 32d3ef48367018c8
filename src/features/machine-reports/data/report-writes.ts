/**
 * The machine report's writes besides the draft (./draft-writes.ts), through the mutator, the
 * app's unless another is given: finish and delete. Finishing: the drawn signature is stored on
 * the device as a signature row with its PNG (captureSignature), then the report becomes COMPLETE with the
 * date, the technician and the signature. The finishing call waits for the signature and its
 * upload (`after`), so offline it is queued and reaches the server exactly once, later.
 */
import type { ReportEntity, ReportRow } from './report-queries';
import type { SchlauchDb } from '@db/database';
import { captureSignature, mutate, type Mutator } from '@sync';

export interface FinishInput {
  entity: ReportEntity;
  report: Pick<ReportRow, 'id' | 'companyId' | 'version'>;
  png: Blob;
  /** 'YYYY-MM-DD'. */
  date: string;
  technician: string;
  /** Default: the app's. */
  mutator?: Pick<Mutator, 'create' | 'update'>;
  db?: SchlauchDb;
}

/** Stores the signature and completes the report; returns the signature id. */
export async function finishReport(input: FinishInput): Promise<string> {
  const mutator = input.mutator ?? mutate;
  const signatureId = await captureSignature({
    png: input.png,
    auditor: input.technician,
    companyId: input.report.companyId,
    mutator,
    db: input.db,
  });
  await mutator.update(
    input.entity,
    input.report.id,
    { state: 'COMPLETE', signatureId, date: input.date, technician: input.technician },
    { after: [signatureId] },
  );
  return signatureId;
}

/** Deletes a report (the report view offers it for an unfinished one). */
export async function removeReport(
  entity: ReportEntity,
  id: string,
  m: Mutator = mutate,
): Promise<void> {
  await m.remove(entity, id);
}
