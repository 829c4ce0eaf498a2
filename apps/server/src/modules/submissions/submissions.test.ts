/**
 * The review race (an approval applies only to the version the admin saw) and rejection reasons with
 * resubmission.
 */
import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REJECTION_REASON_MAX_LENGTH, type Book } from '@ebook/shared';
import { books } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createMember, type Actor } from '../../test/factories.js';
import { bookBody, dataUrl, makePdf, makePng, postBook } from '../../test/books.js';

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

const inject = (options: InjectOptions) => ctx.app.inject(options);

async function edit(actor: Actor, book: Book, overrides: Record<string, unknown> = {}) {
  const { image: _image, pdf: _pdf, ...fields } = await bookBody({ title: book.title, price: book.price });
  return inject({
    method: 'PUT',
    url: `/api/books/${book._id}`,
    headers: actor.headers,
    payload: { ...fields, ...overrides },
  });
}

const review = (action: 'approve' | 'reject', id: string, payload?: Record<string, unknown>) =>
  inject({ method: 'PATCH', url: `/api/books/${action}/${id}`, headers: admin.headers, ...(payload && { payload }) });

async function row(id: string) {
  const [found] = await ctx.app.db.select().from(books).where(eq(books.id, id));
  return found!;
}

describe('the review race', () => {
  it('every change by the member bumps the version the API shows', async () => {
    const book = await postBook(ctx.app, alice, { price: 3 });
    expect(book.version).toBe(1);
    const priced = await edit(alice, book, { price: 30 });
    expect(priced.json<{ book: Book }>().book.version).toBe(2);
    const newCover = await edit(alice, book, { image: dataUrl('image/png', await makePng('#123456')) });
    expect(newCover.json<{ book: Book }>().book.version).toBe(3);
    const newPdf = await edit(alice, book, { pdf: dataUrl('application/pdf', await makePdf('Other text')) });
    expect(newPdf.json<{ book: Book }>().book.version).toBe(4);
  });

  it.each([
    ['approve', 'a higher price', { price: 99 }],
    ['approve', 'another PDF', { pdf: 'pdf' }],
    ['reject', 'another cover', { image: 'image' }],
  ] as const)(
    '%s of a book changed since (%s) is 409 BOOK_CHANGED and changes nothing',
    async (action, _what, change) => {
      const book = await postBook(ctx.app, alice, { price: 3 });
      const seen = book.version;
      const overrides: Record<string, unknown> = { ...change };
      if ('pdf' in change) overrides.pdf = dataUrl('application/pdf', await makePdf('Swapped after the look'));
      if ('image' in change) overrides.image = dataUrl('image/png', await makePng('#ff00ff'));
      expect((await edit(alice, book, overrides)).statusCode).toBe(200);
      const before = await row(book._id);

      const response = await review(action, book._id, { version: seen });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({ msg: expect.stringContaining('changed'), code: 'BOOK_CHANGED' });
      const after = await row(book._id);
      expect(after).toEqual(before);
      expect(after.status).toBe('pending');

      // With the version now shown, the decision applies.
      const again = await review(action, book._id, { version: after.version });
      expect(again.statusCode).toBe(200);
      expect(again.json().book.status).toBe(action === 'approve' ? 'approved' : 'rejected');
    },
  );

  it('a decision and an edit racing: an approved book is always the version approved', async () => {
    for (let round = 0; round < 8; round += 1) {
      const book = await postBook(ctx.app, alice, { price: 5 });
      const [edited, approved] = await Promise.all([
        edit(alice, book, { price: 500 }),
        review('approve', book._id, { version: book.version }),
      ]);
      const after = await row(book._id);
      if (approved.statusCode === 200) {
        expect(edited.statusCode).toBe(403);
        expect(after).toMatchObject({ status: 'approved', priceCents: 500 });
      } else {
        expect(approved.statusCode).toBe(409);
        expect(edited.statusCode).toBe(200);
        expect(after).toMatchObject({ status: 'pending', priceCents: 50_000 });
      }
    }
    // Eight uploads, each inspected in the document pool: room for a loaded machine.
  }, 600_000);

  it('the specification’s client (no body) still approves', async () => {
    const book = await postBook(ctx.app, alice);
    const response = await review('approve', book._id);
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a malformed version with 400', async () => {
    const book = await postBook(ctx.app, alice);
    const response = await review('approve', book._id, { version: 'latest' });
    expect(response.statusCode).toBe(400);
    expect((await row(book._id)).status).toBe('pending');
  });
});

describe('rejection reasons and resubmission', () => {
  it('the member sees the reason; nobody else does', async () => {
    const book = await postBook(ctx.app, alice);
    const reason = 'The cover is blurry; please send a sharper one.';
    const rejected = await review('reject', book._id, { version: book.version, reason: `  ${reason}  ` });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().book).toMatchObject({ status: 'rejected', rejectionReason: reason });

    const mine = await inject({ method: 'GET', url: '/api/books/mine?limit=100', headers: alice.headers });
    expect(mine.json<{ books: Book[] }>().books.find((b) => b._id === book._id)).toMatchObject({
      status: 'rejected',
      rejectionReason: reason,
    });
    const own = await inject({ method: 'GET', url: `/api/books/${book._id}`, headers: alice.headers });
    expect(own.json()).toMatchObject({ rejectionReason: reason });
    expect((await inject({ method: 'GET', url: `/api/books/${book._id}`, headers: bob.headers })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url: `/api/books/${book._id}` })).statusCode).toBe(404);
  });

  it('a rejection without a reason has none; an approval never has one', async () => {
    const first = await postBook(ctx.app, alice);
    expect((await review('reject', first._id)).json().book.rejectionReason).toBeNull();
    const second = await postBook(ctx.app, alice);
    expect((await review('approve', second._id, { reason: 'ignored' })).json().book.rejectionReason).toBeNull();
  });

  it('a reason over the limit is 400 and changes nothing', async () => {
    const book = await postBook(ctx.app, alice);
    const response = await review('reject', book._id, { reason: 'x'.repeat(REJECTION_REASON_MAX_LENGTH + 1) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: expect.any(String), msg: expect.stringContaining('at most') });
    expect((await row(book._id)).status).toBe('pending');
  });

  it('editing a rejected book sends it for review again: pending, reason cleared, back in the queue', async () => {
    const book = await postBook(ctx.app, alice);
    await review('reject', book._id, { reason: 'Wrong category.' });
    const edited = await edit(alice, book, { category: 'History' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().book).toMatchObject({ status: 'pending', category: 'History', rejectionReason: null });
    const queue = await inject({ method: 'GET', url: '/api/books/pending', headers: admin.headers });
    expect(queue.json<Book[]>().map((b) => b._id)).toContain(book._id);
    const approved = await review('approve', book._id, { version: edited.json().book.version });
    expect(approved.statusCode).toBe(200);
  });

  it('an admin editing a rejected book keeps its status unless it sets one', async () => {
    const book = await postBook(ctx.app, alice);
    await review('reject', book._id, { reason: 'Not ours.' });
    const edited = await edit(admin, book, { title: 'Admin Touched' });
    expect(edited.json().book).toMatchObject({ status: 'rejected', rejectionReason: 'Not ours.' });
  });

  it('someone else cannot resubmit a rejected book', async () => {
    const book = await postBook(ctx.app, alice);
    await review('reject', book._id);
    expect((await edit(bob, book, { title: 'Hijack' })).statusCode).toBe(404);
    expect((await row(book._id)).status).toBe('rejected');
  });
});
