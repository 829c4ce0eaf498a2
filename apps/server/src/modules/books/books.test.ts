import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOOK_VALIDATION_MESSAGE, type Book } from '@ebook/shared';
import { books } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createMember, type Actor } from '../../test/factories.js';
import { bookBody, postBook } from '../../test/books.js';

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

describe('creating books', () => {
  it('an admin creates an added book, with price in cents and file URLs', async () => {
    const book = await postBook(ctx.app, admin, { price: '12.50', title: 'The Lighthouse Keeper' });
    expect(book).toMatchObject({ status: 'added', price: 12.5, priceCents: 1250, isFree: false });
    expect(book.image).toBe(`/api/books/${book._id}/cover`);
    expect(book.pdf).toBe(`/api/books/${book._id}/pdf`);
    expect(book.meta).toMatchObject({ sku: expect.any(String), pages: 120 });
    const detail = await inject({ method: 'GET', url: `/api/books/${book._id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json<Book>().title).toBe('The Lighthouse Keeper');
  });

  it("accepts 'free' in any case as price 0", async () => {
    const book = await postBook(ctx.app, admin, { price: 'FrEe' });
    expect(book).toMatchObject({ price: 0, priceCents: 0, isFree: true });
  });

  it('an admin may set a status explicitly', async () => {
    const book = await postBook(ctx.app, admin, { status: 'pending' });
    expect(book.status).toBe('pending');
  });

  it("a member's book is pending, whatever status the body carries", async () => {
    const book = await postBook(ctx.app, alice, { status: 'approved' });
    expect(book.status).toBe('pending');
    expect(book.userId).toBe(alice.user._id);
  });

  it('refuses a visitor with 401 and writes nothing', async () => {
    const response = await inject({ method: 'POST', url: '/api/books/', payload: await bookBody() });
    expect(response.statusCode).toBe(401);
  });

  it("gives the spec's Validation Error message for missing fields or files, and writes nothing", async () => {
    const before = await ctx.app.db.$count(books);
    for (const missing of ['title', 'author', 'story', 'image', 'pdf', 'price'] as const) {
      const body = await bookBody();
      delete body[missing];
      const response = await inject({ method: 'POST', url: '/api/books/', headers: admin.headers, payload: body });
      expect(response.statusCode, missing).toBe(400);
      expect(response.json(), missing).toMatchObject({ msg: BOOK_VALIDATION_MESSAGE, code: 'VALIDATION_ERROR' });
    }
    const blank = await inject({
      method: 'POST',
      url: '/api/books/',
      headers: admin.headers,
      payload: await bookBody({ category: '   ' }),
    });
    expect(blank.json().msg).toBe(BOOK_VALIDATION_MESSAGE);
    expect(await ctx.app.db.$count(books)).toBe(before);
  });

  it('refuses a bad price, bad meta and bad base64 with 400', async () => {
    for (const overrides of [{ price: 'ten' }, { price: -3 }, { price: 1.999 }]) {
      const response = await inject({
        method: 'POST',
        url: '/api/books/',
        headers: admin.headers,
        payload: await bookBody(overrides),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe('Price must be a number, or Free');
    }
    const badMeta = await inject({
      method: 'POST',
      url: '/api/books/',
      headers: admin.headers,
      payload: await bookBody({ meta: { pages: 'many' } }),
    });
    expect(badMeta.statusCode).toBe(400);
    const badFile = await inject({
      method: 'POST',
      url: '/api/books/',
      headers: admin.headers,
      payload: await bookBody({ pdf: 'not base64 at all!' }),
    });
    expect(badFile.statusCode).toBe(400);
    expect(badFile.json().code).toBe('INVALID_FILE');
    const notJson = await inject({
      method: 'POST',
      url: '/api/books/',
      headers: { ...admin.headers, 'content-type': 'application/json' },
      payload: '{"title":',
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe('reading books', () => {
  it('hides pending and rejected books from everyone but their submitter and admins', async () => {
    const pending = await postBook(ctx.app, alice);
    const url = `/api/books/${pending._id}`;
    expect((await inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url, headers: bob.headers })).statusCode).toBe(404);
    expect((await inject({ method: 'GET', url, headers: alice.headers })).statusCode).toBe(200);
    expect((await inject({ method: 'GET', url, headers: admin.headers })).statusCode).toBe(200);
  });

  it('404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await inject({ method: 'GET', url: '/api/books/0190a5a0-0000-7000-8000-000000000000' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ msg: 'Book not found.', code: 'BOOK_NOT_FOUND' });
    expect((await inject({ method: 'GET', url: '/api/books/not-an-id' })).statusCode).toBe(400);
  });

  it('GET /api/books/all lists only public books', async () => {
    const pending = await postBook(ctx.app, alice);
    const added = await postBook(ctx.app, admin);
    const all = (await inject({ method: 'GET', url: '/api/books/all' })).json<Book[]>();
    const ids = all.map((book) => book._id);
    expect(ids).toContain(added._id);
    expect(ids).not.toContain(pending._id);
    expect(all.every((book) => book.status === 'added' || book.status === 'approved')).toBe(true);
  });
});

describe('editing and deleting', () => {
  it('editing keeps the status and the files when none are sent', async () => {
    const book = await postBook(ctx.app, alice);
    const { image: _image, pdf: _pdf, ...fields } = await bookBody({ title: 'Renamed Harbour', status: 'added' });
    const response = await inject({
      method: 'PUT',
      url: `/api/books/${book._id}`,
      headers: alice.headers,
      payload: fields,
    });
    expect(response.statusCode).toBe(200);
    const updated = response.json<{ msg: string; book: Book }>();
    expect(updated.msg).toBe('Book updated successfully.');
    expect(updated.book).toMatchObject({ title: 'Renamed Harbour', status: 'pending', image: book.image });
    const [row] = await ctx.app.db.select().from(books).where(eq(books.id, book._id));
    expect(row!.pdfFileId).not.toBeNull();
  });

  it("a member cannot edit or delete someone else's book", async () => {
    const book = await postBook(ctx.app, alice);
    const body = await bookBody();
    const put = await inject({ method: 'PUT', url: `/api/books/${book._id}`, headers: bob.headers, payload: body });
    expect(put.statusCode).toBe(404); // an unpublished book of someone else does not exist for Bob
    const del = await inject({ method: 'DELETE', url: `/api/books/${book._id}`, headers: bob.headers });
    expect(del.statusCode).toBe(404);
    const adminsBook = await postBook(ctx.app, admin);
    const putPublic = await inject({
      method: 'PUT',
      url: `/api/books/${adminsBook._id}`,
      headers: bob.headers,
      payload: body,
    });
    expect(putPublic.statusCode).toBe(403);
    expect(putPublic.json().code).toBe('NOT_YOUR_BOOK');
    const delPublic = await inject({ method: 'DELETE', url: `/api/books/${adminsBook._id}`, headers: bob.headers });
    expect(delPublic.statusCode).toBe(403);
  });

  it('a member cannot change their own book once approved; an admin can change any book', async () => {
    const book = await postBook(ctx.app, alice);
    await inject({ method: 'PATCH', url: `/api/books/approve/${book._id}`, headers: admin.headers });
    const { image: _i, pdf: _p, ...fields } = await bookBody();
    const put = await inject({ method: 'PUT', url: `/api/books/${book._id}`, headers: alice.headers, payload: fields });
    expect(put.statusCode).toBe(403);
    expect(put.json().code).toBe('BOOK_LOCKED');
    const del = await inject({ method: 'DELETE', url: `/api/books/${book._id}`, headers: alice.headers });
    expect(del.statusCode).toBe(403);
    const adminPut = await inject({
      method: 'PUT',
      url: `/api/books/${book._id}`,
      headers: admin.headers,
      payload: { ...fields, title: 'Edited by admin' },
    });
    expect(adminPut.statusCode).toBe(200);
    expect(adminPut.json().book).toMatchObject({ title: 'Edited by admin', status: 'approved' });
  });

  it('a member deletes their own pending book; a visitor gets 401; the book is gone', async () => {
    const book = await postBook(ctx.app, alice);
    expect((await inject({ method: 'DELETE', url: `/api/books/${book._id}` })).statusCode).toBe(401);
    const del = await inject({ method: 'DELETE', url: `/api/books/${book._id}`, headers: alice.headers });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ msg: 'Book has been removed.', outcome: 'deleted', owners: 0 });
    expect((await inject({ method: 'GET', url: `/api/books/${book._id}`, headers: admin.headers })).statusCode).toBe(
      404,
    );
    const again = await inject({ method: 'DELETE', url: `/api/books/${book._id}`, headers: admin.headers });
    expect(again.statusCode).toBe(404);
  });
});

describe('review', () => {
  it('approve and reject are admin-only and only from pending', async () => {
    const book = await postBook(ctx.app, alice);
    const approve = `/api/books/approve/${book._id}`;
    expect((await inject({ method: 'PATCH', url: approve })).statusCode).toBe(401);
    expect((await inject({ method: 'PATCH', url: approve, headers: alice.headers })).statusCode).toBe(403);
    const ok = await inject({ method: 'PATCH', url: approve, headers: admin.headers });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ msg: 'The book has been approved.', book: { status: 'approved' } });
    const [row] = await ctx.app.db.select().from(books).where(eq(books.id, book._id));
    expect(row!.reviewedAt).toBeInstanceOf(Date);
    const twice = await inject({ method: 'PATCH', url: approve, headers: admin.headers });
    expect(twice.statusCode).toBe(409);
    const reject = await inject({ method: 'PATCH', url: `/api/books/reject/${book._id}`, headers: admin.headers });
    expect(reject.statusCode).toBe(409);
    expect(reject.json().code).toBe('BOOK_NOT_PENDING');
    // Approved: now public to visitors.
    expect((await inject({ method: 'GET', url: `/api/books/${book._id}` })).statusCode).toBe(200);
  });

  it('rejecting keeps the book away from the public', async () => {
    const book = await postBook(ctx.app, alice);
    const response = await inject({ method: 'PATCH', url: `/api/books/reject/${book._id}`, headers: admin.headers });
    expect(response.json()).toMatchObject({ msg: 'The book has been rejected.', book: { status: 'rejected' } });
    expect((await inject({ method: 'GET', url: `/api/books/${book._id}` })).statusCode).toBe(404);
    const missing = await inject({
      method: 'PATCH',
      url: '/api/books/reject/0190a5a0-0000-7000-8000-000000000000',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
  });

  it("lists pending books for admins with the submitter's name", async () => {
    const book = await postBook(ctx.app, bob, { title: 'Bobs Pending Book' });
    const byAdmin = await postBook(ctx.app, admin, { status: 'pending', title: 'Admins Pending Book' });
    expect((await inject({ method: 'GET', url: '/api/books/pending' })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/books/pending', headers: bob.headers })).statusCode).toBe(403);
    const list = (await inject({ method: 'GET', url: '/api/books/pending', headers: admin.headers })).json<Book[]>();
    expect(list.every((entry) => entry.status === 'pending')).toBe(true);
    expect(list.find((entry) => entry._id === book._id)?.submittedBy).toBe('Bob Member');
    expect(list.find((entry) => entry._id === byAdmin._id)?.submittedBy).toBe('Admin');
  });

  it("a member's own pending list and own submissions with every status", async () => {
    const carol = await createMember(ctx.app, { name: 'Carol' });
    const first = await postBook(ctx.app, carol);
    const second = await postBook(ctx.app, carol);
    const third = await postBook(ctx.app, carol);
    await inject({ method: 'PATCH', url: `/api/books/approve/${first._id}`, headers: admin.headers });
    await inject({ method: 'PATCH', url: `/api/books/reject/${second._id}`, headers: admin.headers });
    const pending = (await inject({ method: 'GET', url: '/api/books/user/pending', headers: carol.headers })).json<
      Book[]
    >();
    expect(pending.map((entry) => entry._id)).toEqual([third._id]);
    expect((await inject({ method: 'GET', url: '/api/books/user/pending' })).statusCode).toBe(401);
    const mine = await inject({ method: 'GET', url: '/api/books/mine?page=1&limit=2', headers: carol.headers });
    expect(mine.statusCode).toBe(200);
    const page = mine.json<{ books: Book[]; total: number }>();
    expect(page.total).toBe(3);
    expect(page.books.map((entry) => entry.status)).toEqual(['pending', 'rejected']);
    const page2 = (
      await inject({ method: 'GET', url: '/api/books/mine?page=2&limit=2', headers: carol.headers })
    ).json<{ books: Book[] }>();
    expect(page2.books.map((entry) => entry.status)).toEqual(['approved']);
  });

  it('the admin manage list pages every status with a total, filters by status and searches', async () => {
    expect((await inject({ method: 'GET', url: '/api/books/manage' })).statusCode).toBe(401);
    expect((await inject({ method: 'GET', url: '/api/books/manage', headers: alice.headers })).statusCode).toBe(403);
    const all = (
      await inject({ method: 'GET', url: '/api/books/manage?page=1&limit=5', headers: admin.headers })
    ).json<{ books: Book[]; total: number; limit: number }>();
    expect(all.books).toHaveLength(5);
    expect(all.total).toBe(await ctx.app.db.$count(books));
    const pendingOnly = (
      await inject({ method: 'GET', url: '/api/books/manage?status=pending&limit=100', headers: admin.headers })
    ).json<{ books: Book[]; total: number }>();
    expect(pendingOnly.books.every((entry) => entry.status === 'pending')).toBe(true);
    expect(pendingOnly.total).toBe(pendingOnly.books.length);
    const search = (
      await inject({ method: 'GET', url: '/api/books/manage?q=Bobs%20Pending', headers: admin.headers })
    ).json<{ books: Book[] }>();
    expect(search.books[0]?.title).toBe('Bobs Pending Book');
    const bad = await inject({ method: 'GET', url: '/api/books/manage?status=lost', headers: admin.headers });
    expect(bad.statusCode).toBe(400);
  });
});
