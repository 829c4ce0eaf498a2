/**
 * Where file bytes live. Content-addressed by sha256: identical content is stored once. A write goes
 * to a temporary name and is renamed into place only when complete, so a failed or refused upload
 * leaves nothing behind.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export class FileTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File is larger than ${maxBytes} bytes`);
  }
}

export interface StagedFile {
  /** Temporary path; call commit() to keep it, discard() to drop it. */
  tempPath: string;
  sha256: string;
  sizeBytes: number;
  commit(): Promise<void>;
  discard(): Promise<void>;
}

export interface FileStore {
  /** Streams the content to a temporary file, hashing it; throws FileTooLargeError past maxBytes. */
  stage(source: Readable | Buffer, maxBytes: number): Promise<StagedFile>;
  read(sha256: string, range?: { start: number; end: number }): Readable;
  size(sha256: string): Promise<number | null>;
  remove(sha256: string): Promise<void>;
  /** Every stored content, by sha256 (for checks and maintenance; not on a request's path). */
  list(): AsyncIterable<string>;
  /**
   * Derived files (thumbnails and the like), kept under a name of their own: small, made again from
   * an original when missing, and written whole (a reader sees the old bytes or the new, never part).
   */
  putDerived(name: string, bytes: Buffer): Promise<void>;
  getDerived(name: string): Promise<Buffer | null>;
  removeDerived(name: string): Promise<void>;
  /** Releases connections, if the store holds any. */
  close?(): void;
}

export class LocalFileStore implements FileStore {
  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async stage(source: Readable | Buffer, maxBytes: number): Promise<StagedFile> {
    const { tempPath, sha256, sizeBytes } = await stageOnDisk(path.join(this.root, 'tmp'), source, maxBytes);
    const finalPath = this.pathOf(sha256);
    return {
      tempPath,
      sha256,
      sizeBytes,
      commit: async () => {
        await mkdir(path.dirname(finalPath), { recursive: true });
        await rename(tempPath, finalPath);
      },
      discard: () => rm(tempPath, { force: true }),
    };
  }

  read(sha256: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.pathOf(sha256), range);
  }

  async size(sha256: string): Promise<number | null> {
    try {
      return (await stat(this.pathOf(sha256))).size;
    } catch {
      return null;
    }
  }

  async remove(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true });
  }

  async *list(): AsyncIterable<string> {
    const entries = await readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      if (
        entry.isFile() &&
        /^[0-9a-f]{64}$/.test(entry.name) &&
        this.pathOf(entry.name) === path.join(entry.parentPath, entry.name)
      ) {
        yield entry.name;
      }
    }
  }

  private derivedPath(name: string): string {
    const target = path.join(this.root, 'derived', name);
    if (!target.startsWith(path.join(this.root, 'derived') + path.sep)) throw new Error(`Bad derived name ${name}`);
    return target;
  }

  async putDerived(name: string, bytes: Buffer): Promise<void> {
    const target = this.derivedPath(name);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    try {
      await writeFile(temp, bytes);
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
  }

  async getDerived(name: string): Promise<Buffer | null> {
    try {
      return await readFile(this.derivedPath(name));
    } catch {
      return null;
    }
  }

  async removeDerived(name: string): Promise<void> {
    await rm(this.derivedPath(name), { force: true });
  }
}

/**
 * Streams the content to a new file in `tmpDir`, hashing and counting it on the way; past `maxBytes`
 * the file is removed and FileTooLargeError thrown. Both stores stage this way, so the type of a file
 * can be read from disk before anything is kept.
 */
export async function stageOnDisk(
  tmpDir: string,
  source: Readable | Buffer,
  maxBytes: number,
): Promise<{ tempPath: string; sha256: string; sizeBytes: number }> {
  await mkdir(tmpDir, { recursive: true });
  const tempPath = path.join(tmpDir, randomUUID());
  const hash = createHash('sha256');
  let sizeBytes = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      sizeBytes += chunk.length;
      if (sizeBytes > maxBytes) return callback(new FileTooLargeError(maxBytes));
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  const input = Buffer.isBuffer(source) ? Readable.from([source]) : source;
  const output = createWriteStream(tempPath, { mode: 0o640 });
  try {
    await pipeline(input, meter, output);
  } catch (error) {
    // The pipeline can fail while the file is still being opened: removed before it has closed, the
    // file would be created afterwards and left behind.
    if (!output.closed) await new Promise<void>((resolve) => output.once('close', () => resolve()));
    await rm(tempPath, { force: true });
    // Drain the rest of an aborted upload so the request can finish cleanly.
    if (!Buffer.isBuffer(source)) source.resume();
    throw error;
  }
  return { tempPath, sha256: hash.digest('hex'), sizeBytes };
}
