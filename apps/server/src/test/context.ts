/**
 * A real app on a real, empty database for one test file: PGlite in memory by default, or a fresh
 * throwaway database on the PostgreSQL server named by TEST_DATABASE_URL.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig, type Config } from '../config/index.js';
import { openDatabase, type Database } from '../db/client.js';

export interface TestContext {
  app: App;
  database: Database;
  /** The throwaway PostgreSQL database's URL, on the PostgreSQL run. */
  databaseUrl?: string;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ebook-data-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    LOGIN_ATTEMPTS_PER_MINUTE: '1000',
    JWT_SECRET: randomBytes(32).toString('hex'),
    ...env,
  });
  const { database, databaseUrl, dropDatabase } = await openTestDatabase();
  const app = await buildApp({ config, database });
  await app.ready();
  return {
    app,
    database,
    databaseUrl,
    config,
    dataDir,
    async close() {
      await app.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
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
  await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    database,
    databaseUrl: url.toString(),
    dropDatabase: () => adminQuery(serverUrl, `drop database if exists ${name} with (force)`),
  };
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
