/**
 * An S3-compatible server on this machine for the tests (s3rver, objects kept in a temporary folder),
 * so the object store is exercised over the real S3 protocol with the real AWS SDK.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export const TEST_BUCKET = 'ebook-test';
/** s3rver's fixed credentials. */
export const S3RVER_CREDENTIALS = { S3_ACCESS_KEY_ID: 'S3RVER', S3_SECRET_ACCESS_KEY: 'S3RVER' };

export async function startS3Server(): Promise<{ endpoint: string; stop(): Promise<void> }> {
  const directory = mkdtempSync(path.join(tmpdir(), 'ebook-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: TEST_BUCKET, configs: [] }],
  });
  const address = await server.run();
  return {
    endpoint: `http://127.0.0.1:${address.port}`,
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
