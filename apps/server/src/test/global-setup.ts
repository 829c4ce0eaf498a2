/**
 * Runs once before the API tests. On the embedded database it migrates one PGlite and saves its
 * data directory, so each test file starts from a copy instead of migrating again.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.js';

export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(path.join(tmpdir(), 'ebook-test-'));
  const database = await openDatabase({});
  const snapshot = await database.dump!();
  await database.close();
  const file = path.join(dir, 'migrated.tar');
  writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
  project.provide('pgliteSnapshotPath', file);
  return () => rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteSnapshotPath: string;
  }
}
