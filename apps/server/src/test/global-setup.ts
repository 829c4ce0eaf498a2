/**
 * Runs once before the API tests. On the embedded database it migrates one PGlite and saves its
 * data directory, so each test file starts from a copy instead of migrating again. With
 * TEST_FILE_STORE=s3 it starts an S3-compatible server that every test file stores its files in.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';
import { startS3Server } from './s3-server.js';

export default async function setup(project: TestProject) {
  const stops: Array<() => Promise<void> | void> = [];
  if (process.env.TEST_FILE_STORE === 's3') {
    const s3 = await startS3Server();
    project.provide('s3Endpoint', s3.endpoint);
    stops.push(() => s3.stop());
  }
  if (process.env.TEST_DATABASE_URL) return () => Promise.all(stops.map((stop) => stop()));
  const dir = mkdtempSync(path.join(tmpdir(), 'ebook-test-'));
  const database = await openDatabase({});
  const snapshot = await database.dump!();
  await database.close();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshotPath', file);
  stops.push(() => rmSync(dir, { recursive: true, force: true }));
  return () => Promise.all(stops.map((stop) => stop()));
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
    /** The S3-compatible server of the run with TEST_FILE_STORE=s3. */
    s3Endpoint: string;
  }
}
