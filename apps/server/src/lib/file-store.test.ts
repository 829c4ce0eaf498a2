/** One contract, two stores: the local disk and an S3-compatible bucket (s3rver, over real HTTP). */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { S3RVER_CREDENTIALS, TEST_BUCKET, startS3Server } from '../test/s3-server.js';
import { FileTooLargeError, LocalFileStore, type FileStore } from './file-store.js';
import { S3FileStore } from './s3-file-store.js';

const sha = (bytes: Buffer | string) => createHash('sha256').update(bytes).digest('hex');
const work = mkdtempSync(path.join(tmpdir(), 'ebook-store-'));
let s3: Awaited<ReturnType<typeof startS3Server>>;
const stores: Record<string, FileStore> = {};

beforeAll(async () => {
  s3 = await startS3Server();
  stores.local = new LocalFileStore(path.join(work, 'local'));
  stores.s3 = new S3FileStore({
    bucket: TEST_BUCKET,
    prefix: `${randomBytes(4).toString('hex')}/`,
    stagingDir: path.join(work, 's3-staging'),
    client: {
      endpoint: s3.endpoint,
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: {
        accessKeyId: S3RVER_CREDENTIALS.S3_ACCESS_KEY_ID,
        secretAccessKey: S3RVER_CREDENTIALS.S3_SECRET_ACCESS_KEY,
      },
    },
  });
});

afterAll(async () => {
  stores.s3?.close?.();
  await s3.stop();
  rmSync(work, { recursive: true, force: true });
});

const collect = async (store: FileStore) => {
  const found: string[] = [];
  for await (const name of store.list()) found.push(name);
  return found;
};

describe.each(['local', 's3'])('the %s file store', (kind) => {
  const store = () => stores[kind]!;

  it('keeps nothing until a staged file is committed, then serves it whole and by range', async () => {
    const content = `a book of ${kind} ${randomBytes(8).toString('hex')}`;
    const staged = await store().stage(Readable.from([Buffer.from(content)]), 1024);
    expect(staged.sha256).toBe(sha(content));
    expect(staged.sizeBytes).toBe(content.length);
    expect(await store().size(staged.sha256)).toBeNull();
    expect(await collect(store())).not.toContain(staged.sha256);

    await staged.commit();
    expect(await store().size(staged.sha256)).toBe(content.length);
    expect(await collect(store())).toContain(staged.sha256);
    expect(await text(store().read(staged.sha256))).toBe(content);
    expect(await text(store().read(staged.sha256, { start: 2, end: 5 }))).toBe(content.slice(2, 6));

    await store().remove(staged.sha256);
    expect(await store().size(staged.sha256)).toBeNull();
  });

  it('a discarded or oversized upload leaves nothing, not even its staging file', async () => {
    const before = await collect(store());
    const staged = await store().stage(Buffer.from('changed my mind'), 1024);
    await staged.discard();
    await expect(store().stage(Readable.from([randomBytes(2048)]), 1024)).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await collect(store())).toEqual(before);
    const stagingDir = kind === 'local' ? path.join(work, 'local', 'tmp') : path.join(work, 's3-staging');
    expect(readdirSync(stagingDir)).toEqual([]);
  });

  it('the same content committed twice is stored once', async () => {
    const bytes = randomBytes(64);
    const first = await store().stage(bytes, 1024);
    await first.commit();
    const second = await store().stage(bytes, 1024);
    await second.commit();
    expect((await collect(store())).filter((name) => name === first.sha256)).toHaveLength(1);
  });

  it('a missing file is an error on its stream, not a crash', async () => {
    await expect(text(store().read(sha('never stored')))).rejects.toThrow();
  });

  it('keeps derived files (thumbnails) apart from the originals', async () => {
    const name = `thumbs/ab/${sha(kind)}-card.webp`;
    expect(await store().getDerived(name)).toBeNull();
    await store().putDerived(name, Buffer.from('small picture'));
    expect((await store().getDerived(name))?.toString()).toBe('small picture');
    expect(await collect(store())).not.toContain(`${sha(kind)}-card.webp`);
    await store().removeDerived(name);
    expect(await store().getDerived(name)).toBeNull();
  });
});
