/**
 * File bytes in an S3-compatible object store (AWS S3, MinIO, Ceph, R2...), so several server copies
 * can share them without a shared disk. Content-addressed like the local store: the object key is the
 * sha256 of the bytes.
 *
 * An upload is staged on the local disk first (hashed and typed there), and sent to the bucket only
 * when the request commits: a refused or failed request never leaves an object behind. Both ways the
 * bytes stream: an upload is sent from the staged file in one streamed PUT, a download is the object's body piped
 * through, so a 100 MB book never sits in memory.
 */
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { PassThrough, type Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  NotFound,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { stageOnDisk, type FileStore, type StagedFile } from './file-store.js';

export interface S3FileStoreOptions {
  bucket: string;
  /** Prefix of every key, e.g. `files/`; lets one bucket hold other things too. */
  prefix?: string;
  /** Local folder for staged uploads (under DATA_DIR). */
  stagingDir: string;
  client: S3ClientConfig;
}

export class S3FileStore implements FileStore {
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly stagingDir: string;

  constructor(options: S3FileStoreOptions) {
    this.client = new S3Client({
      // Checksums only where S3 requires them: S3-compatible servers do not all read the newer
      // streaming checksum trailers.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      ...options.client,
    });
    this.bucket = options.bucket;
    this.prefix = options.prefix ?? '';
    this.stagingDir = options.stagingDir;
  }

  private keyOf(sha256: string): string {
    return `${this.prefix}${sha256.slice(0, 2)}/${sha256}`;
  }

  async stage(source: Readable | Buffer, maxBytes: number): Promise<StagedFile> {
    const { tempPath, sha256, sizeBytes } = await stageOnDisk(this.stagingDir, source, maxBytes);
    return {
      tempPath,
      sha256,
      sizeBytes,
      commit: async () => {
        // The same bytes may already be stored (content addressing): no second upload.
        if ((await this.size(sha256)) !== sizeBytes) {
          // One streamed PUT with a known length: nothing is buffered (a book is at most 100 MB,
          // far below S3's 5 GB limit for a single PUT).
          await this.client.send(
            new PutObjectCommand({
              Bucket: this.bucket,
              Key: this.keyOf(sha256),
              Body: createReadStream(tempPath),
              ContentLength: sizeBytes,
            }),
          );
        }
        await rm(tempPath, { force: true });
      },
      discard: () => rm(tempPath, { force: true }),
    };
  }

  read(sha256: string, range?: { start: number; end: number }): Readable {
    // The interface hands back a stream at once; the object's body is piped in when it arrives.
    const output = new PassThrough();
    this.client
      .send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: this.keyOf(sha256),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      )
      .then(
        (response) => {
          const body = response.Body as Readable | undefined;
          if (!body) return output.destroy(new Error(`Stored file ${sha256} has no body`));
          body.on('error', (error) => output.destroy(error));
          output.on('close', () => body.destroy());
          body.pipe(output);
        },
        (error: unknown) => output.destroy(error as Error),
      );
    return output;
  }

  async size(sha256: string): Promise<number | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.keyOf(sha256) }));
      return head.ContentLength ?? null;
    } catch (error) {
      if (error instanceof NotFound || (error as { name?: string }).name === 'NotFound') return null;
      throw error;
    }
  }

  async remove(sha256: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.keyOf(sha256) }));
  }

  async *list(): AsyncIterable<string> {
    let ContinuationToken: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: this.prefix, ContinuationToken }),
      );
      for (const object of page.Contents ?? []) {
        const name = object.Key?.slice(this.prefix.length) ?? '';
        const match = /^[0-9a-f]{2}\/([0-9a-f]{64})$/.exec(name);
        if (match?.[1]) yield match[1];
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  async putDerived(name: string, bytes: Buffer): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.bucket, Key: this.derivedKey(name), Body: bytes }));
  }

  async getDerived(name: string): Promise<Buffer | null> {
    try {
      const response = await this.client.send(
        new GetObjectCommand({ Bucket: this.bucket, Key: this.derivedKey(name) }),
      );
      return response.Body ? Buffer.from(await response.Body.transformToByteArray()) : null;
    } catch (error) {
      if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
      throw error;
    }
  }

  async removeDerived(name: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.derivedKey(name) }));
  }

  private derivedKey(name: string): string {
    return `${this.prefix}derived/${name}`;
  }

  close(): void {
    this.client.destroy();
  }
}
