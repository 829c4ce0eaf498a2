/**
 * Imports from the admin screen: an upload (a zip of a real calibre library, or a CSV) previewed in
 * the background, polled, confirmed and written, or cancelled; a hostile zip refused.
 */
import { readdirSync, readFileSync, statSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportJob } from '@ebook/shared';
import { books } from '../../db/schema/index.js';
import { storedFiles } from '../../test/books.js';
import { amazonBooks, buildLibrary } from '../../test/calibre.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { rawZip, renameEntry } from '../../test/epubs.js';
import { createAdmin, createMember, type Actor } from '../../test/factories.js';
import { waitFor } from '../../test/wait-for.js';

let ctx: TestContext;
let admin: Actor;
let work: string;
let library: string;
let zip: Buffer;
const BOOKS = 8;

/** Every file of the folder, by its path inside it. */
function filesUnder(dir: string, prefix = ''): [string, Buffer][] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory()
      ? filesUnder(full, `${prefix}${name}/`)
      : [[`${prefix}${name}`, readFileSync(full)] as [string, Buffer]];
  });
}

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
  work = mkdtempSync(path.join(tmpdir(), 'ebook-import-jobs-'));
  library = await buildLibrary(work, amazonBooks(BOOKS, 100));
  // The library inside a folder of the zip, as a zip of the folder is made.
  zip = await rawZip(filesUnder(library).map(([name, bytes]) => [`My Library/${name}`, bytes]));
}, 300_000);
afterAll(async () => {
  await ctx.close();
  rmSync(work, { recursive: true, force: true });
});

async function upload(body: Buffer | string, type: string, query = '', actor: Actor | null = admin) {
  return ctx.app.inject({
    method: 'POST',
    url: `/api/admin/imports?${query}`,
    headers: { ...(actor?.headers ?? {}), 'content-type': type },
    payload: body,
  });
}

async function poll(id: string): Promise<ImportJob> {
  const job = await waitFor(
    async () =>
      (
        await ctx.app.inject({ method: 'GET', url: `/api/admin/imports/${id}`, headers: admin.headers })
      ).json<ImportJob>(),
    (value) => value.state !== 'running',
    { timeoutMs: 600_000, intervalMs: 200 },
  );
  return job;
}

async function rowsOf<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result: unknown = await ctx.app.db.execute(query);
  return (result as { rows: T[] }).rows;
}

async function wholeBooks() {
  const rows = await rowsOf<{ n: number; whole: number }>(sql`select count(*)::int as n,
    count(*) filter (where cover_file_id is not null and (pdf_file_id is not null or epub_file_id is not null))::int as whole
    from books`);
  return rows[0]!;
}

describe('imports from the admin screen', () => {
  it('a calibre zip: preview, confirm, progress to the end, summary', async () => {
    const started = await upload(zip, 'application/zip', 'defaultPrice=2.99');
    expect(started.statusCode, started.body).toBe(202);
    const preview = await poll(started.json<ImportJob>().id);
    expect(preview).toMatchObject({ source: 'calibre', dryRun: true, state: 'done', done: BOOKS, total: BOOKS });
    expect(preview.summary).toMatchObject({ created: BOOKS, skipped: 0, needsFile: 0 });
    expect(await ctx.app.db.$count(books)).toBe(0);

    const commit = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${preview.id}/commit`,
      headers: admin.headers,
    });
    expect(commit.statusCode, commit.body).toBe(202);
    expect(commit.json<ImportJob>()).toMatchObject({ state: 'running', dryRun: false });
    const done = await poll(preview.id);
    expect(done).toMatchObject({ state: 'done', dryRun: false, done: BOOKS, total: BOOKS, error: null });
    expect(done.summary).toMatchObject({ created: BOOKS, skipped: 0, needsFile: 0 });
    expect(done.preview).toMatchObject({ created: BOOKS });
    expect(await wholeBooks()).toEqual({ n: BOOKS, whole: BOOKS });
    // A confirmed job cannot be confirmed again; its upload folder is gone.
    const again = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${preview.id}/commit`,
      headers: admin.headers,
    });
    expect(again.statusCode).toBe(409);
    expect(readdirSync(path.join(ctx.app.config.dataDir, 'imports'))).toEqual([]);
  }, 600_000);

  it('a cancelled commit stops between books: whole books only, no orphan file', async () => {
    await ctx.app.db.delete(books);
    const started = await upload(zip, 'application/zip', 'defaultPrice=0');
    const preview = await poll(started.json<ImportJob>().id);
    await ctx.app.inject({ method: 'POST', url: `/api/admin/imports/${preview.id}/commit`, headers: admin.headers });
    const cancel = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/imports/${preview.id}`,
      headers: admin.headers,
    });
    expect(cancel.statusCode).toBe(200);
    const stopped = await poll(preview.id);
    expect(stopped.state).toBe('cancelled');
    const { n, whole } = await wholeBooks();
    expect(n).toBe(whole);
    expect(n).toBeLessThan(BOOKS);
    // The books written hold their files; the files of the first run's deleted books are not named.
    const named = await rowsOf<{ sha256: string }>(sql`select distinct f.sha256 from files f join books b
      on f.id in (b.cover_file_id, b.pdf_file_id, b.epub_file_id)`);
    const stored = new Set(await storedFiles(ctx.app.fileStore));
    for (const row of named) expect(stored.has(row.sha256)).toBe(true);
  }, 600_000);

  it('a CSV: preview, then dropped without writing', async () => {
    const before = await ctx.app.db.$count(books);
    const started = await upload('title,author,price\nA Job Book,Jo Csv,1\n,Nobody,1\n', 'text/csv');
    const preview = await poll(started.json<ImportJob>().id);
    expect(preview).toMatchObject({ source: 'csv', state: 'done', total: 2, done: 2 });
    expect(preview.summary).toMatchObject({ created: 1, skipped: 1 });
    const dropped = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/admin/imports/${preview.id}`,
      headers: admin.headers,
    });
    expect(dropped.json<ImportJob>().state).toBe('cancelled');
    const late = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/imports/${preview.id}/commit`,
      headers: admin.headers,
    });
    expect(late.statusCode).toBe(409);
    expect(await ctx.app.db.$count(books)).toBe(before);
  }, 120_000);

  it('fails a library whose metadata.db is damaged: a clear error, nothing written, the store answering', async () => {
    const before = await ctx.app.db.$count(books);
    // The real database's first page kept (the SQLite header), every other page zeroed: a damaged
    // disk's or a crafted file, with the book folders beside it.
    const real = readFileSync(path.join(library, 'metadata.db'));
    const pageSize = real.readUInt16BE(16) === 1 ? 65_536 : real.readUInt16BE(16);
    const damaged = Buffer.alloc(real.length);
    real.copy(damaged, 0, 0, pageSize);
    const entries = filesUnder(library).map(([name, bytes]): [string, Buffer] => [
      `Damaged/${name}`,
      name === 'metadata.db' ? damaged : bytes,
    ]);
    const started = await upload(await rawZip(entries), 'application/zip');
    expect(started.statusCode).toBe(202);
    const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    const failed = await poll(started.json<ImportJob>().id);
    expect(failed).toMatchObject({
      state: 'failed',
      error: "metadata.db cannot be read: it is damaged, or not a calibre library's database.",
    });
    expect(await ctx.app.db.$count(books)).toBe(before);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  }, 120_000);

  it('refuses members, a zip that climbs out, a zip without a library, and unknown jobs', async () => {
    const member = await createMember(ctx.app);
    expect((await upload(zip, 'application/zip', '', member)).statusCode).toBe(403);
    expect((await upload(zip, 'application/zip', '', null)).statusCode).toBe(401);
    const climbing = await upload(
      renameEntry(await rawZip([['xx/evil/metadata.db', 'x']]), 'xx/evil/metadata.db', '../evil/metadata.db'),
      'application/zip',
    );
    const climbed = await poll(climbing.json<ImportJob>().id);
    expect(climbed).toMatchObject({ state: 'failed', error: expect.stringMatching(/outside/) });
    const empty = await upload(await rawZip([['notes.txt', 'hello']]), 'application/zip');
    expect(await poll(empty.json<ImportJob>().id)).toMatchObject({
      state: 'failed',
      error: expect.stringMatching(/metadata\.db/),
    });
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/imports/00000000-0000-4000-8000-000000000000',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe('IMPORT_NOT_FOUND');
  }, 120_000);
});
