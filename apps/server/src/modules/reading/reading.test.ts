import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Book, ReadingListResponse, ReadingProgress } from '@ebook/shared';
import { books, entitlements, files } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createMember, type Actor } from '../../test/factories.js';
import { dataUrl, makePdf, postBook } from '../../test/books.js';
import { eq } from 'drizzle-orm';

let ctx: TestContext;
let admin: Actor;
let alice: Actor;
let bob: Actor;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
  alice = await createMember(ctx.app, { name: 'Alice Member' });
  bob = await createMember(ctx.app, { name: 'Bob Member' });
});
afterAll(() => ctx.close());

const progressUrl = (book: Book) => `/api/books/${book._id}/progress`;

function putProgress(actor: Actor | null, book: Book, payload: unknown) {
  return ctx.app.inject({
    method: 'PUT',
    url: progressUrl(book),
    headers: actor?.headers ?? {},
    payload: payload as Record<string, unknown>,
  });
}

async function pagesOf(bytes: Buffer): Promise<number> {
  return (await PDFDocument.load(bytes)).getPageCount();
}

describe('reading progress', () => {
  it('needs a session: a visitor gets 401', async () => {
    const free = await postBook(ctx.app, admin, { price: 0 });
    expect((await putProgress(null, free, { page: 1, pages: 2 })).statusCode).toBe(401);
    const read = await ctx.app.inject({ method: 'GET', url: progressUrl(free) });
    expect(read.statusCode).toBe(401);
    expect(read.json()).toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('is refused (403) on a paid book the member has not bought, and 404 on a book they cannot see', async () => {
    const paid = await postBook(ctx.app, admin, { price: 9.99 });
    const refused = await putProgress(alice, paid, { page: 1, pages: 10 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'NOT_PURCHASED' });
    expect((await ctx.app.inject({ method: 'GET', url: progressUrl(paid), headers: alice.headers })).statusCode).toBe(
      403,
    );
    const pending = await postBook(ctx.app, bob, { price: 0 });
    expect(pending.status).toBe('pending');
    expect((await putProgress(alice, pending, { page: 1, pages: 2 })).statusCode).toBe(404);
    // Its submitter may read (and keep a place in) their own book before it is approved.
    expect((await putProgress(bob, pending, { page: 2, pages: 2 })).statusCode).toBe(200);
  });

  it.each([
    [{ page: 0, pages: 10 }],
    [{ page: 11, pages: 10 }],
    [{ page: 1, pages: 100_001 }],
    [{ page: 1.5, pages: 10 }],
    [{ page: '3', pages: 10 }],
    [{ pages: 10 }],
    [{}],
  ])('refuses an invalid place %j with 400', async (payload) => {
    const free = await postBook(ctx.app, admin, { price: 0 });
    const response = await putProgress(alice, free, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.any(String), msg: expect.any(String) });
  });

  it('keeps the place across requests (round trip), and lists the books last read first', async () => {
    const first = await postBook(ctx.app, admin, { price: 0, title: 'Progress One' });
    const second = await postBook(ctx.app, admin, { price: 4.5, title: 'Progress Two' });
    await ctx.app.db.insert(entitlements).values({ userId: alice.user._id, bookId: second._id });

    const before = await ctx.app.inject({ method: 'GET', url: progressUrl(first), headers: alice.headers });
    expect(before.json()).toEqual({ progress: null });

    expect((await putProgress(alice, first, { page: 37, pages: 212 })).statusCode).toBe(200);
    expect((await putProgress(alice, second, { page: 3, pages: 40 })).statusCode).toBe(200);
    const saved = await putProgress(alice, first, { page: 38, pages: 212 });
    expect(saved.json<ReadingProgress>()).toMatchObject({ page: 38, pages: 212 });

    const after = await ctx.app.inject({ method: 'GET', url: progressUrl(first), headers: alice.headers });
    expect(after.json<{ progress: ReadingProgress }>().progress).toMatchObject({ page: 38, pages: 212 });
    // Another member's place is their own.
    const bobs = await ctx.app.inject({ method: 'GET', url: progressUrl(first), headers: bob.headers });
    expect(bobs.json()).toEqual({ progress: null });

    const list = await ctx.app.inject({ method: 'GET', url: '/api/users/me/reading', headers: alice.headers });
    expect(list.statusCode).toBe(200);
    const titles = list.json<ReadingListResponse>().books.map((entry) => [entry.book.title, entry.progress.page]);
    expect(titles.slice(0, 2)).toEqual([
      ['Progress One', 38],
      ['Progress Two', 3],
    ]);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me/reading' })).statusCode).toBe(401);
  });
});

describe('samples', () => {
  async function sample(book: Book, actor?: Actor, headers: Record<string, string> = {}) {
    return ctx.app.inject({
      method: 'GET',
      url: `/api/books/${book._id}/sample`,
      headers: { ...(actor?.headers ?? {}), ...headers },
    });
  }

  it('cuts the first 10% of the pages (up to 20) into a small PDF anyone may read, with Range', async () => {
    const full = await makePdf('Long book', 60);
    const paid = await postBook(ctx.app, admin, { price: 12, pdf: dataUrl('application/pdf', full) });
    expect(paid.sample).toBe(`/api/books/${paid._id}/sample`);
    const response = await sample(paid);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(await pagesOf(response.rawPayload)).toBe(6);
    expect(response.rawPayload.length).toBeLessThan(full.length);
    // The full book is still refused to the visitor.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/books/${paid._id}/pdf` })).statusCode).toBe(401);

    const head = await sample(paid, undefined, { range: 'bytes=0-99' });
    expect(head.statusCode).toBe(206);
    expect(head.headers['content-range']).toBe(`bytes 0-99/${response.rawPayload.length}`);
    expect(head.rawPayload.equals(response.rawPayload.subarray(0, 100))).toBe(true);

    const long = await postBook(ctx.app, admin, {
      price: 12,
      pdf: dataUrl('application/pdf', await makePdf('x', 300)),
    });
    expect(await pagesOf((await sample(long)).rawPayload)).toBe(20);
  });

  it('uses the count the author or admin chose (1-50), and refuses another', async () => {
    const paid = await postBook(ctx.app, admin, {
      price: 3,
      samplePages: 4,
      pdf: dataUrl('application/pdf', await makePdf('Chosen', 30)),
    });
    expect(paid.samplePages).toBe(4);
    expect(await pagesOf((await sample(paid)).rawPayload)).toBe(4);
    for (const samplePages of [0, 51, 'many']) {
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/books/',
        headers: admin.headers,
        payload: {
          title: 'Bad sample',
          author: 'A',
          category: 'C',
          price: 3,
          story: 's',
          description: 'd',
          samplePages,
        },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({ msg: 'Sample pages must be a whole number from 1 to 50' });
    }
  });

  it('is 404 for a book that is not public, except to its submitter and admins', async () => {
    const pending = await postBook(ctx.app, bob, { price: 5, pdf: dataUrl('application/pdf', await makePdf('P', 20)) });
    expect((await sample(pending)).statusCode).toBe(404);
    expect((await sample(pending, alice)).statusCode).toBe(404);
    expect((await sample(pending, bob)).statusCode).toBe(200);
    expect((await sample(pending, admin)).statusCode).toBe(200);
  });

  it('is cut again from a replaced PDF, and the old sample file is removed', async () => {
    const book = await postBook(ctx.app, admin, {
      price: 7,
      pdf: dataUrl('application/pdf', await makePdf('Old', 40)),
    });
    const first = await sample(book);
    expect(await pagesOf(first.rawPayload)).toBe(4);
    const [before] = await ctx.app.db.select().from(books).where(eq(books.id, book._id));
    expect(before!.sampleFileId).not.toBeNull();

    const replaced = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book._id}`,
      headers: admin.headers,
      payload: {
        title: book.title,
        author: book.author,
        category: book.category,
        price: 7,
        story: book.story,
        description: book.description,
        pdf: dataUrl('application/pdf', await makePdf('New', 100)),
      },
    });
    expect(replaced.statusCode).toBe(200);
    const second = await sample(book);
    expect(second.statusCode).toBe(200);
    expect(await pagesOf(second.rawPayload)).toBe(10);
    const text = second.rawPayload.toString('latin1');
    expect(second.rawPayload.equals(first.rawPayload)).toBe(false);
    expect(text).not.toContain('Old');
    const oldFile = await ctx.app.db.select().from(files).where(eq(files.id, before!.sampleFileId!));
    expect(oldFile).toHaveLength(0);
  });

  it('is unavailable (422, null in the book) when the PDF cannot be cut, and the book keeps its story', async () => {
    const tiny = await postBook(ctx.app, admin, { price: 2, pdf: dataUrl('application/pdf', await makePdf('One', 1)) });
    const response = await sample(tiny);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'SAMPLE_UNAVAILABLE' });
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/books/${tiny._id}` });
    expect(detail.json<Book>()).toMatchObject({ sample: null, story: tiny.story });
  });

  it('is removed with its book', async () => {
    const book = await postBook(ctx.app, admin, {
      price: 7,
      pdf: dataUrl('application/pdf', await makePdf('Gone', 20)),
    });
    expect((await sample(book)).statusCode).toBe(200);
    const [row] = await ctx.app.db.select().from(books).where(eq(books.id, book._id));
    const deleted = await ctx.app.inject({ method: 'DELETE', url: `/api/books/${book._id}`, headers: admin.headers });
    expect(deleted.statusCode).toBe(200);
    expect(await ctx.app.db.select().from(files).where(eq(files.id, row!.sampleFileId!))).toHaveLength(0);
  });
});
