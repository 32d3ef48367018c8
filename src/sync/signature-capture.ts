/**
 * Signing (SPEC §3 Signature, §9 'audit-signature.png'): the drawn PNG is stored as a blob
 * (uploaded to the signed row, see `owner`) and the signature row is created through `mutate`
 * with it as `content`; the server defers that create until the file is there (DESIGN §4
 * blobs). The caller then sets `signatureId` on the audit or report with
 * `after: [signatureId]`, so that call waits for the signature and reaches the server once.
 */
import { SIGNATURE_FILE_NAME } from '../domain/schemas/dguv-audit';
import type { EntityName } from '../domain/entities';
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
  /**
   * The row the PNG is uploaded to: the audit or report being signed. A file can only be
   * uploaded to a row the server has, and the signature row can only be created with its file,
   * so the file goes to the signed row (created earlier) and the signature's create — which
   * then carries `content` — waits on the server (deferred) until the upload is there.
   * Without it the file belongs to the signature row itself.
   */
  owner?: { entity: EntityName; id: string };
  db?: SchlauchDb;
  now?: () => Date;
}

/** Stores the signature on the device and queues it; returns the signature row id. */
export async function captureSignature(input: SignatureInput): Promise<string> {
  const id = uuidv7();
  const now = input.now?.() ?? new Date();
  const content = await captureImage(input.png, {
    entity: input.owner?.entity ?? 'signature',
    rowId: input.owner?.id ?? id,
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
