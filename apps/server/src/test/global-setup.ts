/**
 * Runs once before the API tests (in the root project; vitest.config.ts): bundles the store, and for the
 * runs on the embedded database migrates one PGlite and saves its data directory, so each test file
 * starts from a copy instead of migrating again; for the runs on PostgreSQL it migrates one template
 * database that each test file's database is created from. When a run keeps its files in an
 * S3-compatible store (TEST_FILE_STORE=s3), it starts the server every test file of it stores them in.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { buildStore } from '../../build.mjs';
import { openDatabase } from '../db/client.js';
import { adminQuery } from './admin-query.js';
import { startS3Server } from './s3-server.js';

export default async function setup(project: TestProject) {
  const stops: Array<() => Promise<unknown>> = [];
  const teardown = () => Promise.all(stops.map((stop) => stop()));
  const bundle = await bundleStore();
  project.provide('storeBundle', bundle);
  project.provide('documentWorkerBundle', path.join(bundle, 'document.worker.js'));
  stops.push(async () => rmSync(bundle, { recursive: true, force: true }));
  // Each project's environment says what its run needs.
  const envs = project.vitest.projects.map((each) => each.config.env ?? {});
  if (envs.some((env) => env.TEST_FILE_STORE === 's3')) {
    const s3 = await startS3Server();
    project.provide('s3Endpoint', s3.endpoint);
    stops.push(() => s3.stop());
  }
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl && envs.some((env) => env.TEST_DATABASE_URL)) {
    const template = `ebook_template_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${template}`);
    stops.push(() => adminQuery(serverUrl, `drop database if exists ${template} with (force)`));
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const database = await openDatabase({ url: url.toString(), poolSize: 1 });
    await database.close();
    project.provide('postgresTemplate', template);
  }
  if (envs.some((env) => !env.TEST_DATABASE_URL)) {
    const dir = mkdtempSync(path.join(tmpdir(), 'ebook-test-'));
    const database = await openDatabase({});
    const snapshot = await database.dump!();
    await database.close();
    const file = path.join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await snapshot.arrayBuffer()));
    project.provide('pgliteSnapshotPath', file);
    stops.push(async () => rmSync(dir, { recursive: true, force: true }));
  }
  return teardown;
}

/**
 * The store bundled as for production (build.mjs): the server, the commands and the document pool's
 * worker, into a folder beside the installed packages they import. The worker started from source would
 * compile its TypeScript again for every job, and a store or command the tests start would through tsx
 * (about 1.5 s of CPU a start); the bundle is also what `npm start` runs. Returns the folder.
 */
async function bundleStore(): Promise<string> {
  const cache = fileURLToPath(new URL('../../node_modules/.cache', import.meta.url));
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(path.join(cache, 'store-'));
  await buildStore(outdir);
  return outdir;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The store's folder of bundles (server.js, import.js, document.worker.js), made once for the run. */
    storeBundle: string;
    /** The document pool's worker in it. */
    documentWorkerBundle: string;
    pgliteSnapshotPath: string;
    /** The migrated PostgreSQL database each test file's database is a copy of. */
    postgresTemplate: string;
    /** The S3-compatible server of the run with TEST_FILE_STORE=s3. */
    s3Endpoint: string;
  }
}
