/**
 * Signing (docs/api.md Signature, docs/api.md 'audit-signature.png'): the drawn PNG is stored as a blob of
 * the new signature row and the row is created through `mutate` with it as `content` — one
 * outbox entry; the server defers that create until the file is there (docs/sync.md blobs) and
 * accepts the upload before the row exists. The caller then sets
 * `signatureId` on the audit or report with `after: [signatureId]`, so that call waits for
 * the signature and reaches the server once.
 */
import { SIGNATURE_FILE_NAME } from '../domain/signature-file';
import { uuidv7 } from '../domain/ids';
import type { SchlauchDb } from '../db/database';
import { captureImage } from './blob-capture';
import type { Mutator } from './mutate';

export interface SignatureInput {
  png: Blob;
  /** The signer's name as printed on the report. */
  auditor: string;
  /** The customer the signed audit or report belongs to. */
  companyId: string;
  mutator: Pick<Mutator, 'create'>;
  db?: SchlauchDb;
  now?: () => Date;
}

/** Stores the signature on the device and queues it; returns the signature row id. */
export async function captureSignature(input: SignatureInput): Promise<string> {
  const id = uuidv7();
  const now = input.now?.() ?? new Date();
  const content = await captureImage(input.png, {
    entity: 'signature',
    rowId: id,
    name: SIGNATURE_FILE_NAME,
    keepType: true,
    // A drawn signature is a small PNG already; re-encoding would only blur it.
    compress: (blob) => Promise.resolve(blob),
    db: input.db,
    now: () => now,
  });
  await input.mutator.create('signature', {
    id,
    companyId: input.companyId,
    auditor: input.auditor,
    name: SIGNATURE_FILE_NAME,
    mimeType: 'image/png',
    referenceDate: now.toISOString(),
    content,
  });
  return id;
}
