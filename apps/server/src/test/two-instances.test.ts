/**
 * The server keeps nothing in memory that matters, so several copies can run behind a load balancer:
 * two app instances over one database (and one Redis for the rate-limit counters) behave as one.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../app.js';
import { loadConfig } from '../config/index.js';
import { openDatabase, type Database } from '../db/client.js';
import { dataUrl, makePdf, makePng, postBook } from './books.js';
import { createTestContext, type TestContext } from './context.js';
import { TEST_PASSWORD, createAdmin, createMember } from './factories.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let ctx: TestContext;
let second: App;
let secondDatabase: Database;

beforeAll(async () => {
  ctx = await createTestContext(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {});
  // On PostgreSQL the second copy has its own connection pool, as another process would; PGlite is
  // in-process, so the copies share its one connection.
  secondDatabase = ctx.databaseUrl
    ? await openDatabase({ url: ctx.databaseUrl, poolSize: 3 })
    : { ...ctx.database, close: async () => {} };
  // With the object store, the second copy also gets a data directory of its own, as on another
  // machine: the two share only the database, Redis and the bucket.
  const secondConfig =
    ctx.config.FILE_STORE === 's3'
      ? loadConfig({ ...process.env, ...ctx.env, DATA_DIR: mkdtempSync(path.join(tmpdir(), 'ebook-second-')) })
      : ctx.config;
  second = await buildApp({ config: secondConfig, database: secondDatabase });
  await second.ready();
});

afterAll(async () => {
  await second.close();
  if (second.config.dataDir !== ctx.config.dataDir) rmSync(second.config.dataDir, { recursive: true, force: true });
  await ctx.close();
});

describe('two server instances over one database', () => {
  it('a session made on one instance works on the other, and logout on either ends it on both', async () => {
    const member = await createMember(ctx.app);
    const onSecond = await second.inject({ method: 'GET', url: '/api/users/me', headers: member.headers });
    expect(onSecond.statusCode).toBe(200);
    expect(onSecond.json().email).toBe(member.user.email);

    const loggedOut = await second.inject({ method: 'POST', url: '/api/auth/logout', headers: member.headers });
    expect(loggedOut.statusCode).toBe(200);
    const onFirst = await ctx.app.inject({ method: 'GET', url: '/api/users/me', headers: member.headers });
    expect(onFirst.statusCode).toBe(401);
  });

  it('a profile change made through one instance is read through the other', async () => {
    const member = await createMember(ctx.app);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/users/me',
      headers: member.headers,
      payload: { name: 'Changed On A' },
    });
    const read = await second.inject({ method: 'GET', url: '/api/users/me', headers: member.headers });
    expect(read.json().name).toBe('Changed On A');
  });

  it("a book's files uploaded through one copy are served and removed through the other", async () => {
    const admin = await createAdmin(ctx.app);
    const pdf = await makePdf('shared between copies');
    const book = await postBook(ctx.app, admin, {
      image: dataUrl('image/png', await makePng('#123456')),
      pdf: dataUrl('application/pdf', pdf),
    });
    const download = await second.inject({ method: 'GET', url: `/api/books/${book._id}/pdf`, headers: admin.headers });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    const thumbnail = await second.inject({ method: 'GET', url: `/api/books/${book._id}/cover?size=card` });
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/webp');

    const removed = await second.inject({ method: 'DELETE', url: `/api/books/${book._id}`, headers: admin.headers });
    expect(removed.statusCode).toBe(200);
    expect(await ctx.app.fileStore.size(sha256(pdf))).toBeNull();
  });

  it.runIf(process.env.TEST_REDIS_URL)('shares login attempt counters through Redis', async () => {
    const limited = await createTestContext({
      REDIS_URL: process.env.TEST_REDIS_URL!,
      LOGIN_FAILURES_BEFORE_DELAY: '2',
    });
    const other = await buildApp({ config: limited.config, database: { ...limited.database, close: async () => {} } });
    try {
      const email = `shared-${randomBytes(6).toString('hex')}@example.com`;
      // A fresh address per run, anywhere in the documentation range: Redis keeps the per-address
      // counters of earlier runs, and of a run on the other engine, for a minute.
      const remoteAddress = `2001:db8:${randomBytes(12).toString('hex').match(/.{4}/g)!.join(':')}`;
      const attempt = (app: App) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress,
          payload: { email, password: TEST_PASSWORD },
        });
      expect((await attempt(limited.app)).statusCode).toBe(401);
      expect((await attempt(other)).statusCode).toBe(401);
      expect((await attempt(limited.app)).statusCode).toBe(429);
      expect((await attempt(other)).statusCode).toBe(429);
    } finally {
      await other.close();
      await limited.close();
    }
  });
});
