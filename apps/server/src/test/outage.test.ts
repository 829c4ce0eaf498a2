/**
 * PostgreSQL going away under a running store: requests fail fast with 503 `{ msg, code }` (not a hang,
 * not a 500), readiness says 503, and the store serves again within 10 s of the database returning,
 * without a restart. On a cluster of our own (initdb + pg_ctl), in the PostgreSQL run of the API suite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config/index.js';
import { openDatabase } from '../db/client.js';
import { PgCluster, postgresToolsAvailable } from './chaos/pg-cluster.js';
import { createBook } from './factories.js';
import { freePort } from './free-port.js';
import { waitFor } from './wait-for.js';

const runs = Boolean(process.env.TEST_DATABASE_URL) && postgresToolsAvailable();
const cleanups: (() => Promise<unknown> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => {});
});

async function timed(app: App, url: string) {
  const started = Date.now();
  const response = await app.inject({ method: 'GET', url });
  return { response, ms: Date.now() - started };
}

describe.runIf(runs)('the database restarting under the store', () => {
  it('answers 503 fast while PostgreSQL is down and serves again within 10 s of its return', async () => {
    const cluster = await PgCluster.create(await freePort());
    cleanups.push(() => cluster.destroy());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ebook-outage-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      PAYMENT_RECONCILE_INTERVAL_MS: '0',
    });
    cleanups.push(() => rmSync(config.gatewayDir, { recursive: true, force: true }));
    const database = await openDatabase({ url: cluster.url(), poolSize: 4 });
    const app = await buildApp({ config, database });
    cleanups.push(() => app.close());
    await app.ready();
    const book = await createBook(app, { priceCents: 0 });
    expect((await timed(app, '/api/books')).response.statusCode).toBe(200);

    cluster.stop();
    for (const url of ['/api/books?q=harbour', `/api/books/${book.id}`, '/api/ready']) {
      const { response, ms } = await timed(app, url);
      expect(response.statusCode, url).toBe(503);
      expect(response.json(), url).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      expect(response.json().msg, url).toEqual(expect.any(String));
      expect(ms, url).toBeLessThan(6_000);
    }
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'ann@example.com', password: 'quiet-library-42' },
    });
    expect(login.statusCode).toBe(503);

    cluster.start();
    const status = await waitFor(
      async () => (await timed(app, `/api/books/${book.id}`)).response.statusCode,
      (code) => code === 200,
      { intervalMs: 200 },
    );
    expect(status).toBe(200);
    expect((await timed(app, '/api/ready')).response.statusCode).toBe(200);
  }, 180_000);
});
