/** Reviews: owners review once, edit and remove; admins remove any; the book's average follows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { postBook } from '../../test/books.js';
import { createAdmin, createBook, createMember, type Actor } from '../../test/factories.js';

let ctx: TestContext;
let admin: Actor;
let ann: Actor;
let bob: Actor;
let bookId: string;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
  ann = await createMember(ctx.app, { name: 'Ann Reader' });
  bob = await createMember(ctx.app, { name: 'Bob Reader' });
  const book = await createBook(ctx.app, { priceCents: 900 });
  bookId = book.id;
  // Ann bought it, Bob did not.
  await ctx.app.db.insert(entitlements).values({ userId: ann.user._id, bookId });
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, actor?: Actor, payload?: object) =>
  ctx.app.inject({ method, url, headers: actor?.headers ?? {}, ...(payload ? { payload } : {}) });

describe('writing a review', () => {
  it('needs a session, ownership and valid input, and writes nothing otherwise', async () => {
    expect(
      (await call('POST', `/api/books/${bookId}/reviews`, undefined, { rating: 5, text: 'Great' })).statusCode,
    ).toBe(401);
    const notOwned = await call('POST', `/api/books/${bookId}/reviews`, bob, { rating: 5, text: 'Great' });
    expect(notOwned.statusCode).toBe(403);
    expect(notOwned.json()).toMatchObject({ msg: 'Only readers who own this book can review it.', code: 'NOT_OWNED' });
    for (const bad of [
      { rating: 0, text: 'x' },
      { rating: 6, text: 'x' },
      { rating: 3.5, text: 'x' },
      { rating: 4, text: '   ' },
      { rating: 4, text: 'a'.repeat(2001) },
      { rating: 4, text: 'bad\u0000byte' },
    ]) {
      const response = await call('POST', `/api/books/${bookId}/reviews`, ann, bad);
      expect(response.statusCode, JSON.stringify(bad).slice(0, 40)).toBe(400);
      expect(response.json().msg).toEqual(expect.any(String));
    }
    const missing = await call('POST', '/api/books/0190b4a0-0000-7000-8000-000000000000/reviews', ann, {
      rating: 4,
      text: 'Hello',
    });
    expect(missing.statusCode).toBe(404);
    const list = await call('GET', `/api/books/${bookId}/reviews`);
    expect(list.json()).toEqual({ reviews: [], average: null, count: 0 });
  });

  it('a submitter cannot review their own book, even a free one they downloaded', async () => {
    const carol = await createMember(ctx.app, { name: 'Carol Author' });
    const own = await postBook(ctx.app, carol, { title: 'My Own Free Verse', price: 0 });
    const approved = await call('PATCH', `/api/books/approve/${own._id}`, admin);
    expect(approved.statusCode).toBe(200);
    // Downloading the free book made Carol one of its owners.
    expect((await call('GET', `/api/books/${own._id}/pdf`, carol)).statusCode).toBe(200);
    const refused = await call('POST', `/api/books/${own._id}/reviews`, carol, { rating: 5, text: 'A masterpiece' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ msg: 'You cannot review a book you submitted.', code: 'CANNOT_REVIEW_OWN_BOOK' });
    const listed = await call('GET', `/api/books/${own._id}/reviews`, carol);
    expect(listed.json()).toMatchObject({ reviews: [], count: 0, canReview: false });
    // Another reader who took it may.
    expect((await call('GET', `/api/books/${own._id}/pdf`, bob)).statusCode).toBe(200);
    expect((await call('GET', `/api/books/${own._id}/reviews`, bob)).json()).toMatchObject({ canReview: true });
    const review = await call('POST', `/api/books/${own._id}/reviews`, bob, { rating: 4, text: 'Lovely' });
    expect(review.statusCode).toBe(201);
  });

  it('an owner reviews once, sees it listed, and the book shows the average', async () => {
    const created = await call('POST', `/api/books/${bookId}/reviews`, ann, { rating: 4, text: '  A quiet joy.  ' });
    expect(created.statusCode).toBe(201);
    expect(created.json().review).toMatchObject({ rating: 4, text: 'A quiet joy.', name: 'Ann Reader' });
    const twice = await call('POST', `/api/books/${bookId}/reviews`, ann, { rating: 5, text: 'Again' });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ALREADY_REVIEWED');

    const asAnn = (await call('GET', `/api/books/${bookId}/reviews`, ann)).json();
    expect(asAnn).toMatchObject({ average: 4, count: 1, canReview: true, mine: { rating: 4 } });
    const asBob = (await call('GET', `/api/books/${bookId}/reviews`, bob)).json();
    expect(asBob).toMatchObject({ canReview: false, mine: null, count: 1 });
    expect((await call('GET', `/api/books/${bookId}`)).json().rating).toEqual({ average: 4, count: 1 });
    const page = (await call('GET', '/api/books?limit=50')).json();
    expect(page.books.find((b: { _id: string }) => b._id === bookId).rating).toEqual({ average: 4, count: 1 });
  });

  it('the owner edits it and the average follows; editing without a review is a 404', async () => {
    const edited = await call('PUT', `/api/books/${bookId}/reviews/mine`, ann, { rating: 2, text: 'Less so now.' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().review).toMatchObject({ rating: 2, text: 'Less so now.' });
    expect((await call('GET', `/api/books/${bookId}`)).json().rating).toEqual({ average: 2, count: 1 });
    await ctx.app.db.insert(entitlements).values({ userId: bob.user._id, bookId });
    expect((await call('PUT', `/api/books/${bookId}/reviews/mine`, bob, { rating: 2, text: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/api/books/${bookId}/reviews`, bob, { rating: 5, text: 'Loved it' })).statusCode).toBe(
      201,
    );
    expect((await call('GET', `/api/books/${bookId}`)).json().rating).toEqual({ average: 3.5, count: 2 });
  });

  it('the owner removes theirs; an admin removes any; members cannot remove others', async () => {
    expect((await call('DELETE', `/api/books/${bookId}/reviews/mine`, ann)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/books/${bookId}/reviews/mine`, ann)).statusCode).toBe(404);
    expect((await call('GET', `/api/books/${bookId}`)).json().rating).toEqual({ average: 5, count: 1 });

    const [bobs] = (await call('GET', `/api/books/${bookId}/reviews`)).json().reviews;
    expect((await call('DELETE', `/api/reviews/${bobs._id}`, ann)).statusCode).toBe(403);
    expect((await call('DELETE', `/api/reviews/${bobs._id}`, admin)).statusCode).toBe(200);
    expect((await call('DELETE', `/api/reviews/${bobs._id}`, admin)).statusCode).toBe(404);
    expect((await call('GET', `/api/books/${bookId}`)).json().rating).toEqual({ average: null, count: 0 });
  });
});
