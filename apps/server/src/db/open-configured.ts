/**
 * The database the configuration names: PostgreSQL at DATABASE_URL, or the embedded engine
 * (DATABASE_ENGINE) in DATA_DIR. On the embedded PostgreSQL, a store made earlier on PGlite is moved
 * over first.
 */
import type { Config } from '../config/index.js';
import type { FileStore } from '../lib/file-store.js';
import { openDatabase, type Database } from './client.js';
import { moveFromPglite } from './move-from-pglite.js';

export interface OpenConfiguredInput {
  config: Config;
  fileStore: FileStore;
  poolSize?: number;
  log?: (message: string) => void;
}

export async function openConfiguredDatabase({
  config,
  fileStore,
  poolSize = config.DATABASE_POOL_SIZE,
  log,
}: OpenConfiguredInput): Promise<Database> {
  if (config.DATABASE_URL) return openDatabase({ url: config.DATABASE_URL, poolSize });
  if (config.DATABASE_ENGINE === 'pglite') return openDatabase({ engine: 'pglite', dataDir: config.dbDir, poolSize });
  const systemUser = config.EMBEDDED_POSTGRES_USER;
  await moveFromPglite({ pgliteDir: config.dbDir, pgDir: config.pgDir, fileStore, systemUser, log });
  return openDatabase({ engine: 'postgres', dataDir: config.pgDir, poolSize, systemUser, log });
}
