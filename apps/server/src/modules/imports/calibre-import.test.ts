/**
 * Importing a real calibre library (made by calibredb, test/calibre.ts): preview, commit, the fields
 * taken, files through the document checks, other formats listed, and a rerun that updates instead of
 * duplicating.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_SKIP_REASONS } from '@ebook/shared';
import { books, files } from '../../db/schema/index.js';
import { amazonBooks, buildLibrary, calibredb, type LibraryBook } from '../../test/calibre.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { storedFiles } from '../../test/books.js';
import { importCalibreLibrary } from './calibre-import.js';

let ctx: TestContext;
let work: string;
let library: string;
let list: LibraryBook[];
const ids = new Map<string, number>();

beforeAll(async () => {
  ctx = await createTestContext();
  work = mkdtempSync(path.join(tmpdir(), 'ebook-calibre-'));
  list = amazonBooks(6);
  library = await buildLibrary(work, list);
  const { stdout } = await calibredb(library, ['list', '--fields', 'title', '--for-machine']);
  for (const row of JSON.parse(stdout) as { id: number; title: string }[]) ids.set(row.title, row.id);
  const first = ids.get(list[0]!.title)!;
  const second = ids.get(list[1]!.title)!;
  await calibredb(library, ['add_custom_column', 'price', 'Price', 'float']);
  await calibredb(library, [
    'set_metadata',
    String(first),
    '--field',
    `tags:Poetry,${list[0]!.category},sea`,
    '--field',
    `identifiers:isbn:${list[0]!.isbn}`,
    '--field',
    'comments:<p>A <b>bold</b> start.</p><script>alert(1)</script><p>Second <a href="http://x">part</a>.</p>',
    '--field',
    'series:Tides',
    '--field',
    'series_index:2',
    '--field',
    'publisher:Harbour Press',
    '--field',
    'pubdate:2019-05-01',
    '--field',
    'languages:eng',
  ]);
  await calibredb(library, ['set_custom', 'price', String(first), '7.5']);
  // A format the store does not sell, listed as skipped; and a broken PDF, refused by the checks.
  const notes = path.join(work, 'notes.txt');
  writeFileSync(notes, 'Some notes.\n');
  await calibredb(library, ['add_format', String(second), notes]);
  const broken = path.join(work, 'broken.pdf');
  writeFileSync(broken, '%PDF-1.7\nthis is not a PDF at all\n');
  await calibredb(library, ['add_format', String(second), broken]);
}, 240_000);

afterAll(async () => {
  await ctx.close();
  rmSync(work, { recursive: true, force: true });
});

const deps = () => ctx.app;

describe('calibre library import', () => {
  it('previews without writing: every book, the other formats listed', async () => {
    const summary = await importCalibreLibrary(deps(), {
      dir: library,
      dryRun: true,
      defaultPriceCents: 199,
      priceColumn: 'price',
    });
    expect(summary).toMatchObject({ dryRun: true, rows: 6, created: 6, updated: 0, skipped: 0, needsFile: 0 });
    expect(summary.skippedFiles).toEqual([
      expect.objectContaining({
        title: list[1]!.title,
        file: expect.stringMatching(/\.txt$/),
        reason: IMPORT_SKIP_REASONS.otherFormat,
      }),
    ]);
    expect(await ctx.app.db.$count(books)).toBe(0);
    expect(await ctx.app.db.$count(files)).toBe(0);
  }, 120_000);

  it('commits: fields, covers, PDFs and EPUBs through the checks, refusals listed', async () => {
    const summary = await importCalibreLibrary(deps(), {
      dir: library,
      dryRun: false,
      defaultPriceCents: 199,
      priceColumn: '#price',
    });
    expect(summary).toMatchObject({ dryRun: false, rows: 6, created: 6, skipped: 0 });
    const reasons = summary.skippedFiles!.map((file) => [file.title, path.extname(file.file), file.reason]);
    expect(reasons).toContainEqual([list[1]!.title, '.txt', IMPORT_SKIP_REASONS.otherFormat]);
    expect(reasons).toContainEqual([list[1]!.title, '.pdf', expect.stringMatching(/PDF/)]);

    const [first] = await ctx.app.db.select().from(books).where(eq(books.title, list[0]!.title));
    expect(first).toMatchObject({
      author: list[0]!.author,
      priceCents: 750,
      status: 'added',
      description: 'A bold start.\n\nSecond part.',
      meta: {
        sku: list[0]!.isbn,
        tags: `Poetry, ${list[0]!.category}, sea`,
        language: 'eng',
        publishYear: 2019,
        series: 'Tides #2',
        publisher: 'Harbour Press',
      },
    });
    expect(first!.importKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(first!.coverFileId && first!.pdfFileId).toBeTruthy();
    const [second] = await ctx.app.db.select().from(books).where(eq(books.title, list[1]!.title));
    // The EPUB is kept (the broken PDF refused): listed with its cover.
    expect(second).toMatchObject({ priceCents: 199, status: 'added', pdfFileId: null });
    expect(second!.epubFileId).toBeTruthy();
    const all = await ctx.app.db.select().from(books);
    expect(all.every((book) => book.status === 'added' && book.coverFileId)).toBe(true);
    const listed = await ctx.app.inject({ method: 'GET', url: `/api/books?q=${encodeURIComponent(list[2]!.title)}` });
    expect(listed.json<{ total: number }>().total).toBeGreaterThan(0);
  }, 180_000);

  it('a rerun updates instead of duplicating (uuid, then ISBN, then title and author)', async () => {
    const before = await storedFiles(ctx.app.fileStore);
    const again = await importCalibreLibrary(deps(), { dir: library, dryRun: false, defaultPriceCents: 199 });
    // Without the price column the default price applies to the first book: one update.
    expect(again).toMatchObject({ created: 0, updated: 1, unchanged: 5 });
    expect(await ctx.app.db.$count(books)).toBe(6);
    expect(await storedFiles(ctx.app.fileStore)).toEqual(before);

    // A book whose uuid the store does not know is found by its ISBN.
    await ctx.app.db.update(books).set({ importKey: null }).where(eq(books.title, list[0]!.title));
    const byIsbn = await importCalibreLibrary(deps(), { dir: library, dryRun: true, defaultPriceCents: 199 });
    // The preview does not run the document checks: the second book's PDF (refused on commit) is
    // offered again, an update until checked.
    expect(byIsbn).toMatchObject({ created: 0, updated: 2, unchanged: 4 });
    // And one with neither, by title and author.
    await ctx.app.db.update(books).set({ importKey: null }).where(eq(books.title, list[2]!.title));
    const byTitle = await importCalibreLibrary(deps(), { dir: library, dryRun: false, defaultPriceCents: 199 });
    expect(byTitle).toMatchObject({ created: 0, updated: 2, unchanged: 4 });
    expect(await ctx.app.db.$count(books)).toBe(6);
  }, 180_000);

  it('refuses a folder that is not a calibre library, and a metadata.db that is not SQLite', async () => {
    await expect(importCalibreLibrary(deps(), { dir: work, dryRun: true, defaultPriceCents: 0 })).rejects.toMatchObject(
      { statusCode: 400, code: 'IMPORT_UNREADABLE' },
    );
    const fake = path.join(work, 'fake');
    rmSync(fake, { recursive: true, force: true });
    await import('node:fs/promises').then((fs) => fs.mkdir(fake));
    writeFileSync(path.join(fake, 'metadata.db'), 'not a database');
    await expect(importCalibreLibrary(deps(), { dir: fake, dryRun: true, defaultPriceCents: 0 })).rejects.toMatchObject(
      { statusCode: 422, code: 'IMPORT_UNREADABLE' },
    );
    await expect(
      importCalibreLibrary(deps(), { dir: library, dryRun: true, defaultPriceCents: 0, priceColumn: 'nothing' }),
    ).rejects.toMatchObject({ statusCode: 422, code: 'IMPORT_UNREADABLE' });
  }, 60_000);
});
