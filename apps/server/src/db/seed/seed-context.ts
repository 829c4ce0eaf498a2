/** What seeding needs from the app: the database, the file store, the first admin and a logger. */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.js';
import type { FileStore } from '../../lib/file-store.js';
import type { Db } from '../client.js';

export interface SeedContext {
  db: Db;
  fileStore: FileStore;
  config: Pick<Config, 'ADMIN_EMAIL' | 'ADMIN_PASSWORD' | 'SEED_DEMO' | 'passwordHashing'>;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}
