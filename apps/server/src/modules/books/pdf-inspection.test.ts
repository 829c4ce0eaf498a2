/**
 * Every uploaded PDF is inspected once, in the document pool, before anything is stored: a file that
 * cannot be read, or only beyond the limits (objects, nesting, memory), is refused with 422 and its
 * code, and leaves no file and no row; a readable one has its page count recorded.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { books, files } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createMember, type Actor } from '../../test/factories.js';
import { bookBody, storeSnapshot, dataUrl, makePdf, makePng, multipart, postBook } from '../../test/books.js';
import { deeplyNestedPdf, hugeArrayPdf, manyObjectsPdf } from '../../test/crafted-pdfs.js';
import { recordFile } from '../files/index.js';

let ctx: TestContext;
let admin: Actor;
let member: Actor;
beforeAll(async () => {
  // A small heap per job, so a file that needs more is refused however fast the machine is.
  ctx = await createTestContext({ DOCUMENT_JOB_MEMORY_MB: '96' });
  admin = await createAdmin(ctx.app);
  member = await createMember(ctx.app);
});
afterAll(() => ctx.close());

const snapshot = () => storeSnapshot(ctx.app);

/** A member's submission (multipart, as the web app sends it) with `pdf` as its book. */
async function submit(pdf: Buffer) {
  const body = await bookBody({ title: 'Crafted Upload' });
  const form = multipart(
    {
      title: body.title,
      author: body.author,
      category: body.category,
      price: String(body.price),
      story: body.story,
      description: body.description,
    },
    [
      { field: 'image', filename: 'c.png', mime: 'image/png', bytes: await makePng('#225588') },
      { field: 'pdf', filename: 'book.pdf', mime: 'application/pdf', bytes: pdf },
    ],
  );
  return ctx.app.inject({
    method: 'POST',
    url: '/api/books/',
    headers: { ...member.headers, ...form.headers },
    payload: form.payload,
  });
}

const DAMAGED = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 'x'), Buffer.from('\n%%EOF\n')]);

describe('a PDF is inspected at upload', () => {
  it.each([
    ['damaged (no structure to read)', () => DAMAGED, 'PDF_UNREADABLE'],
    ['300,000 tiny objects', () => manyObjectsPdf(300_000), 'PDF_TOO_COMPLEX'],
    ['arrays nested 500 deep', () => deeplyNestedPdf(500), 'PDF_TOO_COMPLEX'],
    [
      'one array of 3 million numbers (more memory than a job may use)',
      () => hugeArrayPdf(3_000_000),
      'PDF_TOO_COMPLEX',
    ],
  ])(
    '%s: 422 with its code, and nothing stored',
    async (_name, make, code) => {
      const before = await snapshot();
      const response = await submit(make());
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code });
      expect(typeof response.json().msg).toBe('string');
      expect(await snapshot()).toEqual(before);
      // The server is still answering.
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    },
    300_000,
  );

  it('an admin’s edit with an unreadable PDF is refused and the book keeps its PDF', async () => {
    const book = await postBook(ctx.app, admin, { title: 'Kept As It Was' });
    const before = await snapshot();
    const response = await ctx.app.inject({
      method: 'PUT',
      url: `/api/books/${book._id}`,
      headers: admin.headers,
      payload: { ...(await bookBody({ title: 'Kept As It Was' })), pdf: dataUrl('application/pdf', DAMAGED) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'PDF_UNREADABLE' });
    expect(await snapshot()).toEqual(before);
    const detail = await ctx.app.inject({ method: 'GET', url: `/api/books/${book._id}` });
    expect(detail.json().book?.pdf ?? detail.json().pdf).toBe(book.pdf);
  });

  it('a sample whose cut runs out of memory is recorded failed, the admins are told, and it is not cut again', async () => {
    // A book stored before uploads were inspected.
    const book = await postBook(ctx.app, admin, { title: 'Heavy Old Book', price: 3 });
    const heavy = hugeArrayPdf(3_000_000);
    const staged = await ctx.app.fileStore.stage(heavy, heavy.length);
    await ctx.app.db.transaction(async (tx) => {
      const id = await recordFile(tx, { ...staged, mime: 'application/pdf' });
      await tx
        .update(books)
        .set({ pdfFileId: id, sampleFileId: null, sampleStatus: 'pending' })
        .where(eq(books.id, book._id));
    });
    await staged.commit();
    ctx.app.caches.clear();
    const sample = () => ctx.app.inject({ method: 'GET', url: `/api/books/${book._id}/sample` });
    const first = await sample();
    expect(first.statusCode).toBe(422);
    expect(first.json()).toMatchObject({ code: 'SAMPLE_UNAVAILABLE' });
    const [row] = await ctx.app.db.select({ status: books.sampleStatus }).from(books).where(eq(books.id, book._id));
    expect(row?.status).toBe('failed');
    const told = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: admin.headers });
    expect(JSON.stringify(told.json())).toContain('A sample could not be made');
    const running = ctx.app.documentJobs.load();
    expect((await sample()).statusCode).toBe(422);
    expect(ctx.app.documentJobs.load()).toEqual(running);
    // A job that must fill its heap first: generous on a loaded machine.
  }, 300_000);

  it('records the page count of a readable PDF', async () => {
    const response = await submit(await makePdf('Seven pages', 7));
    expect(response.statusCode).toBe(201);
    const [row] = await ctx.app.db
      .select({ pages: files.pages })
      .from(books)
      .innerJoin(files, eq(files.id, books.pdfFileId))
      .where(eq(books.id, response.json().book._id));
    expect(row?.pages).toBe(7);
  });
});
