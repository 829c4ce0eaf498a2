/**
 * A real app on a real, empty database for one test file: PGlite in memory by default, or a fresh
 * throwaway database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { buildApp, type App, type BuildAppOptions } from '../app.js';
import { loadConfig, type Config } from '../config/index.js';
import { openDatabase, type Database } from '../db/client.js';
import type { PasswordHashing } from '../lib/passwords.js';
import { adminQuery } from './admin-query.js';
import { S3RVER_CREDENTIALS, TEST_BUCKET } from './s3-server.js';

export interface TestContext {
  app: App;
  database: Database;
  /** The throwaway PostgreSQL database's URL, on the PostgreSQL run. */
  databaseUrl?: string;
  config: Config;
  /** The environment the config was loaded from (to build another copy's config). */
  env: Record<string, string>;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The cost the test apps hash passwords at: argon2id's minimum (8 KiB, one pass) instead of the store's
 * 19 MiB and two passes, about 0.1 ms a hash instead of 20-140 ms. Every member a test creates is
 * hashed once and verified once. What the cost does not change (hashes verify whatever their cost) is
 * tested in lib/passwords.test.ts; the tests that time hashing build their app at the store's cost.
 */
export const TEST_PASSWORD_HASHING: PasswordHashing = { memoryCost: 8, timeCost: 1 };

interface TestContextOptions extends Pick<BuildAppOptions, 'logger'> {
  /** The password-hashing cost (default TEST_PASSWORD_HASHING; PASSWORD_HASHING is the store's). */
  passwordHashing?: PasswordHashing;
}

export async function createTestContext(
  env: Record<string, string> = {},
  { passwordHashing = TEST_PASSWORD_HASHING, ...options }: TestContextOptions = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ebook-data-'));
  const testEnv: Record<string, string> = {
    // Payments are reconciled only when a test asks (app.paymentReconciler.runOnce()), unless it sets
    // an interval. The simulated gateway keeps its ledger in `<DATA_DIR>-gateway`, removed on close.
    PAYMENT_RECONCILE_INTERVAL_MS: '0',
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    LOGIN_FAILURES_BEFORE_DELAY: '1000',
    SEARCHES_PER_MINUTE: '100000',
    // A download waits this long for the buyer's stamped copy before answering 202 COPY_PREPARING; on a
    // busy machine stamping takes longer than the default 10 s. The test of the 202 sets its own.
    COPY_WAIT_SECONDS: '60',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...testFileStoreEnv(),
    ...env,
  };
  const config: Config = { ...loadConfig(testEnv), passwordHashing };
  const { database, databaseUrl, dropDatabase } = await openTestDatabase();
  const app = await buildApp({ config, database, ...options });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    config,
    env: testEnv,
    dataDir,
    async close() {
      await app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(config.gatewayDir, { recursive: true, force: true });
    },
  };
}

async function openTestDatabase(): Promise<{
  database: Database;
  databaseUrl?: string;
  dropDatabase: () => Promise<void>;
}> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshotPath'))]);
    return { database: await openDatabase({ pgliteSnapshot: snapshot }), dropDatabase: async () => {} };
  }
  const name = `ebook_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(serverUrl, `create database ${name} template ${inject('postgresTemplate')}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    database,
    databaseUrl: url.toString(),
    dropDatabase: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

/** On the object-store run, every test file keeps its files under a prefix of its own in the test bucket. */
export function testFileStoreEnv(): Record<string, string> {
  if (process.env.TEST_FILE_STORE !== 's3') return {};
  return {
    FILE_STORE: 's3',
    S3_ENDPOINT: inject('s3Endpoint'),
    S3_BUCKET: TEST_BUCKET,
    S3_PREFIX: `${randomBytes(6).toString('hex')}/`,
    ...S3RVER_CREDENTIALS,
  };
}
