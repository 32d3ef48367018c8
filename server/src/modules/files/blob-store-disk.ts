/**
 * Blobs as files under one directory (DATA_DIR/files): the key is the relative path. Written
 * to a temporary name beside the target and renamed into place. Names starting with a dot
 * (temporary files, probes) are not blobs.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { checkKey, probe, sha256Of, type BlobInfo, type BlobStore } from './blob-store';

const missing = (err: unknown) => (err as NodeJS.ErrnoException).code === 'ENOENT';

export class DiskBlobStore implements BlobStore {
  readonly kind = 'disk' as const;
  readonly root: string;

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  get where() {
    return this.root;
  }

  private pathOf(key: string): string {
    const full = path.resolve(this.root, checkKey(key));
    if (!full.startsWith(this.root + path.sep)) throw new Error(`invalid blob key ${key}`);
    return full;
  }

  async put(key: string, bytes: Buffer): Promise<BlobInfo> {
    const full = this.pathOf(key);
    await mkdir(path.dirname(full), { recursive: true });
    const tmp = path.join(path.dirname(full), `.put-${randomUUID()}`);
    try {
      await writeFile(tmp, bytes, { flag: 'wx' });
      await rename(tmp, full);
    } catch (err) {
      await unlink(tmp).catch(() => undefined);
      throw err;
    }
    return { size: bytes.length, sha256: sha256Of(bytes) };
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(key));
    } catch (err) {
      if (missing(err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<BlobInfo | null> {
    const bytes = await this.get(key);
    return bytes ? { size: bytes.length, sha256: sha256Of(bytes) } : null;
  }

  async delete(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((err: unknown) => {
      if (!missing(err)) throw err;
    });
  }

  async *list(prefix = ''): AsyncIterable<string> {
    const walk = async function* (dir: string, rel: string): AsyncGenerator<string> {
      let entries;
      try {
        entries = await readdir(dir, { withFileTypes: true });
      } catch (err) {
        if (missing(err)) return;
        throw err;
      }
      for (const e of entries) {
        if (e.name.startsWith('.')) continue;
        const key = rel ? `${rel}/${e.name}` : e.name;
        if (e.isDirectory()) yield* walk(path.join(dir, e.name), key);
        else if (e.isFile() && key.startsWith(prefix)) yield key;
      }
    };
    yield* walk(this.root, '');
  }

  ready(): Promise<boolean> {
    return probe(this);
  }

  async close(): Promise<void> {}
}
