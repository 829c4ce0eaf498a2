import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMPORT_SKIP_REASONS, type Book, type ImportSummary } from '@ebook/shared';
import { books } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createMember, type Actor } from '../../test/factories.js';
import { bookBody } from '../../test/books.js';

let ctx: TestContext;
let admin: Actor;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());

function importCsv(csv: string, query: string, actor: Actor | null = admin, context = ctx) {
  return context.app.inject({
    method: 'POST',
    url: `/api/admin/imports/csv?${query}`,
    headers: { ...(actor?.headers ?? {}), 'content-type': 'text/csv' },
    payload: csv,
  });
}

async function summaryOf(csv: string, query: string, context = ctx, actor = admin): Promise<ImportSummary> {
  const response = await importCsv(csv, query, actor, context);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<ImportSummary>();
}

async function exportCsv(context: TestContext, actor: Actor): Promise<string> {
  const response = await context.app.inject({
    method: 'GET',
    url: '/api/admin/exports/books.csv',
    headers: actor.headers,
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/csv/);
  return response.body;
}

const TEMPLATE_CSV = [
  'id,title,author,category,price,isbn,tags,language,publish_year,pages,description,story',
  'lh-1,The Lighthouse Keeper,Mara Quill,Fiction,4.99,978-0-00-000001-1,"sea, light",English,2019,210,"A keeper, a storm.",The lamp went out.',
  'lh-2,"Gardens of ""Stone""",Ivo Brand,Gardening,Free,9780000000028,,,,,"Walls, moss and time.",',
  'lh-3,,Nobody,Fiction,3,,,,,,,',
  'lh-4,A Priceless Thing,Ada Coin,Fiction,ten dollars,,,,,,,',
  'lh-5,Second Light,Mara Quill,Fiction,2,978-0-00-000001-1,,,,,,',
  'lh-6,The Year Book,Ada Coin,Fiction,2,,,,twenty,,,',
  'lh-7,  the lighthouse   KEEPER ,mara quill,Fiction,2,,,,,,,',
  'lh-8,Null\u0000Island,Ada Coin,Fiction,2,,,,,,,',
  '',
].join('\n');

describe('catalogue CSV import', () => {
  it('previews without writing: created, and every skipped row with its reason', async () => {
    const before = await ctx.app.db.$count(books);
    const summary = await summaryOf(TEMPLATE_CSV, 'dryRun=true');
    expect(summary).toMatchObject({ dryRun: true, rows: 8, created: 2, updated: 0, skipped: 6, needsFile: 2 });
    expect(summary.skippedRows).toEqual([
      { row: 4, title: '', reason: IMPORT_SKIP_REASONS.noTitle },
      { row: 5, title: 'A Priceless Thing', reason: IMPORT_SKIP_REASONS.badPrice },
      { row: 6, title: 'Second Light', reason: IMPORT_SKIP_REASONS.duplicateIsbn },
      { row: 7, title: 'The Year Book', reason: IMPORT_SKIP_REASONS.badNumber },
      { row: 8, title: 'the lighthouse KEEPER', reason: IMPORT_SKIP_REASONS.duplicateTitle },
      { row: 9, title: 'NullIsland', reason: IMPORT_SKIP_REASONS.badText },
    ]);
    expect(await ctx.app.db.$count(books)).toBe(before);
  });

  it('commits what the preview said: books that need a file, not listed until completed', async () => {
    const summary = await summaryOf(TEMPLATE_CSV, 'dryRun=false');
    expect(summary).toMatchObject({ dryRun: false, created: 2, updated: 0, skipped: 6 });
    const [keeper] = await ctx.app.db.select().from(books).where(eq(books.importKey, 'lh-1'));
    expect(keeper).toMatchObject({
      title: 'The Lighthouse Keeper',
      author: 'Mara Quill',
      priceCents: 499,
      status: 'incomplete',
      coverFileId: null,
      pdfFileId: null,
      description: 'A keeper, a storm.',
      meta: { sku: '9780000000011', tags: 'sea, light', language: 'English', publishYear: 2019, pages: 210 },
    });
    const [stone] = await ctx.app.db.select().from(books).where(eq(books.importKey, 'lh-2'));
    expect(stone).toMatchObject({ title: 'Gardens of "Stone"', priceCents: 0 });

    const listed = await ctx.app.inject({ method: 'GET', url: '/api/books?q=lighthouse' });
    expect(listed.json<{ total: number }>().total).toBe(0);
    const hidden = await ctx.app.inject({ method: 'GET', url: `/api/books/${keeper!.id}` });
    expect(hidden.statusCode).toBe(404);
    const seen = await ctx.app.inject({ method: 'GET', url: `/api/books/${keeper!.id}`, headers: admin.headers });
    expect(seen.json<Book>().status).toBe('incomplete');

    // The admin completes it with the edit form: the files make it listed.
    const { status: _status, ...body } = await bookBody({ title: 'The Lighthouse Keeper', author: 'Mara Quill' });
    const edited = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${keeper!.id}`,
      headers: admin.headers,
      payload: body,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json<{ book: Book }>().book.status).toBe('added');
  });

  it('importing again updates instead of duplicating (by id, ISBN, then title and author)', async () => {
    const before = await ctx.app.db.$count(books);
    const again = await summaryOf(TEMPLATE_CSV, 'dryRun=false');
    expect(again).toMatchObject({ created: 0, skipped: 6 });
    // The keeper was completed with other fields since: the file's fields win; the stone is as it was.
    expect(again.updated + again.unchanged).toBe(2);
    expect(await summaryOf(TEMPLATE_CSV, 'dryRun=false')).toMatchObject({ created: 0, updated: 0, unchanged: 2 });

    const byIsbn = 'title,author,isbn,price\nGardens of Stone (2nd ed.),Ivo Brand,978 0000000028,1.50\n';
    expect(await summaryOf(byIsbn, 'dryRun=false')).toMatchObject({ created: 0, updated: 1 });
    const byTitle = 'title,author,category\nGARDENS OF STONE (2nd ed.),ivo brand,Walls\n';
    expect(await summaryOf(byTitle, 'dryRun=false')).toMatchObject({ created: 0, updated: 1 });
    const [stone] = await ctx.app.db.select().from(books).where(eq(books.importKey, 'lh-2'));
    expect(stone).toMatchObject({ priceCents: 0, category: 'Walls', description: 'Walls, moss and time.' });
    expect(await ctx.app.db.$count(books)).toBe(before);
  });

  it('imports the real Amazon catalogue through a column mapping and a default price', async () => {
    const csv = readFileSync(new URL('../../test/fixtures/amazon-book30-600.csv', import.meta.url), 'utf8');
    const query = 'header=false&defaultPrice=4.99&map=1%3Disbn&map=4%3Dtitle&map=5%3Dauthor&map=7%3Dcategory';
    const preview = await summaryOf(csv, `dryRun=true&${query}`);
    expect(preview.rows).toBe(600);
    expect(preview.created + preview.skipped).toBe(600);
    expect(preview.created).toBeGreaterThan(590);
    const committed = await summaryOf(csv, `dryRun=false&${query}`);
    expect(committed).toMatchObject({ created: preview.created, skipped: preview.skipped, needsFile: preview.created });
    const [handful] = await ctx.app.db.select().from(books).where(eq(books.title, 'A Handful of Stars'));
    expect(handful).toMatchObject({
      author: 'Cynthia Lord',
      category: "Children's Books",
      priceCents: 499,
      status: 'incomplete',
      meta: { sku: '545700272' },
    });
    expect(await summaryOf(csv, `dryRun=true&${query}`)).toMatchObject({ created: 0, unchanged: preview.created });
  });

  it('refuses visitors, members, a bad mapping, a bad default price and a body that is not CSV', async () => {
    const member = await createMember(ctx.app);
    expect((await importCsv(TEMPLATE_CSV, 'dryRun=true', null)).statusCode).toBe(401);
    expect((await importCsv(TEMPLATE_CSV, 'dryRun=true', member)).statusCode).toBe(403);
    const noTitle = await importCsv('name,writer\nA,B\n', 'dryRun=true');
    expect(noTitle.statusCode).toBe(400);
    expect(noTitle.json().code).toBe('VALIDATION_ERROR');
    expect((await importCsv('a,b\n1,2\n', 'dryRun=true&map=9%3Dtitle')).statusCode).toBe(400);
    expect((await importCsv('a,b\n1,2\n', 'dryRun=true&map=a%3Dnonsense')).statusCode).toBe(400);
    expect((await importCsv(TEMPLATE_CSV, 'dryRun=true&defaultPrice=lots')).statusCode).toBe(400);
    const broken = await importCsv('title,author\n"unclosed,quote\n', 'dryRun=true');
    expect(broken.statusCode).toBe(400);
    const json = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/imports/csv',
      headers: admin.headers,
      payload: { title: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });
});

describe('catalogue CSV import over HTTP', () => {
  it('reads the body as a stream from a real connection, the text checked row by row', async () => {
    await ctx.app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = ctx.app.server.address() as AddressInfo;
    const rows = Array.from({ length: 450 }, (_, i) => `http-${i},Streamed Book ${i},Rio Stream,Fiction,1.25`);
    const response = await fetch(`http://127.0.0.1:${port}/api/admin/imports/csv?dryRun=true`, {
      method: 'POST',
      headers: { ...admin.headers, 'content-type': 'text/csv' },
      body: ['id,title,author,category,price', ...rows, 'http-x,Bad\u0000Row,A,B,1'].join('\n'),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ rows: 451, created: 450, skipped: 1 });
  });
});

describe('catalogue CSV export', () => {
  it('round-trips: export, import into an empty store, export again gives the same CSV', async () => {
    const exported = await exportCsv(ctx, admin);
    expect(exported.split('\n')[0]).toBe(
      'id,title,author,category,price,isbn,tags,language,publish_year,pages,description,story',
    );
    expect(exported).toContain('lh-1,The Lighthouse Keeper,Mara Quill,Fiction,4.99,9780000000011,"sea, light"');
    const other = await createTestContext();
    try {
      const otherAdmin = await createAdmin(other.app);
      const summary = await summaryOf(exported, 'dryRun=false', other, otherAdmin);
      expect(summary).toMatchObject({ skipped: 0, updated: 0 });
      expect(await exportCsv(other, otherAdmin)).toBe(exported);
    } finally {
      await other.close();
    }
  });
});
