/** Chooses where file bytes live: the local disk by default, an S3-compatible bucket with FILE_STORE=s3. */
import path from 'node:path';
import type { Config } from '../config/index.js';
import { LocalFileStore, type FileStore } from './file-store.js';
import { S3FileStore } from './s3-file-store.js';

export function fileStoreFromConfig(config: Config): FileStore {
  if (config.FILE_STORE === 'local') return new LocalFileStore(config.filesDir);
  const credentials =
    config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
      : undefined; // otherwise the AWS SDK's usual chain: environment, profile, instance role
  return new S3FileStore({
    bucket: config.S3_BUCKET!,
    prefix: config.S3_PREFIX,
    stagingDir: path.join(config.dataDir, 'staging'),
    client: {
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE ?? Boolean(config.S3_ENDPOINT),
      credentials,
    },
  });
}
