/**
 * Finishing a report: the drawn signature is stored on the device as a
 * signature row with its PNG (captureSignature), then the report becomes COMPLETE with the
 * date, the technician and the signature. The finishing call waits for the signature and its
 * upload (`after`), so offline it is queued and reaches the server exactly once, later.
 */
import type { ReportEntity, ReportRow } from './data/report-queries';
import type { SchlauchDb } from '../../db/database';
import type { Mutator } from '../../sync';
import { captureSignature } from '../../sync';

export interface FinishInput {
  entity: ReportEntity;
  report: Pick<ReportRow, 'id' | 'companyId' | 'version'>;
  png: Blob;
  /** 'YYYY-MM-DD'. */
  date: string;
  technician: string;
  mutator: Pick<Mutator, 'create' | 'update'>;
  db?: SchlauchDb;
}

/** Stores the signature and completes the report; returns the signature id. */
export async function finishReport(input: FinishInput): Promise<string> {
  const signatureId = await captureSignature({
    png: input.png,
    auditor: input.technician,
    companyId: input.report.companyId,
    mutator: input.mutator,
    db: input.db,
  });
  await input.mutator.update(
    input.entity,
    input.report.id,
    { state: 'COMPLETE', signatureId, date: input.date, technician: input.technician },
    { after: [signatureId] },
  );
  return signatureId;
}
