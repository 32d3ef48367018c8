/**
 * Blobs as objects of an S3-compatible bucket (AWS S3, MinIO, Ceph RGW, Garage). Each object
 * carries its SHA-256 as user metadata (`x-amz-meta-sha256`), so `stat` needs no download.
 * Checksums are sent and checked only where the API requires them: several S3-compatible
 * stores reject the newer checksum headers.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Config } from '@server/config';
import { checkKey, probe, sha256Of, type BlobInfo, type BlobStore } from './blob-store';

const notFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.$metadata.httpStatusCode === 404 || err.name === 'NoSuchKey' || err.name === 'NotFound');

export class S3BlobStore implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(private readonly config: S3Config) {
    this.bucket = config.bucket;
    this.client = new S3Client({
      ...(config.endpoint ? { endpoint: config.endpoint } : {}),
      region: config.region,
      forcePathStyle: config.forcePathStyle,
      credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  get where() {
    return `s3 bucket ${this.bucket}${this.config.endpoint ? ` at ${this.config.endpoint}` : ''}`;
  }

  async put(key: string, bytes: Buffer): Promise<BlobInfo> {
    const info = { size: bytes.length, sha256: sha256Of(bytes) };
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: checkKey(key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: 'application/octet-stream',
        Metadata: { sha256: info.sha256 },
      }),
    );
    return info;
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      const out = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }),
      );
      if (!out.Body) return null;
      return Buffer.from(await out.Body.transformToByteArray());
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<BlobInfo | null> {
    try {
      const out = await this.client.send(
        new HeadObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }),
      );
      const sha256 = out.Metadata?.sha256;
      if (sha256 && out.ContentLength !== undefined) return { size: out.ContentLength, sha256 };
    } catch (err) {
      if (notFound(err)) return null;
      throw err;
    }
    // Put there by another tool, without our metadata: hash the bytes.
    const bytes = await this.get(key);
    return bytes ? { size: bytes.length, sha256: sha256Of(bytes) } : null;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: checkKey(key) }));
  }

  async *list(prefix = ''): AsyncIterable<string> {
    let token: string | undefined;
    do {
      const out = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.bucket,
          ...(prefix ? { Prefix: prefix } : {}),
          ...(token ? { ContinuationToken: token } : {}),
        }),
      );
      for (const o of out.Contents ?? []) if (o.Key) yield o.Key;
      token = out.IsTruncated ? out.NextContinuationToken : undefined;
    } while (token);
  }

  ready(): Promise<boolean> {
    return probe(this);
  }

  async close(): Promise<void> {
    this.client.destroy();
  }
}
