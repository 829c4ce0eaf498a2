import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createBook, createMember, type Actor } from '../../test/factories.js';

let ctx: TestContext;
let ann: Actor;
let bob: Actor;
beforeAll(async () => {
  ctx = await createTestContext();
  [ann, bob] = await Promise.all([createMember(ctx.app), createMember(ctx.app, { name: 'Bob Reader' })]);
});
afterAll(() => ctx.close());

const list = (actor?: Actor) => ctx.app.inject({ method: 'GET', url: '/api/wishlist', headers: actor?.headers ?? {} });
const add = (actor: Actor | undefined, payload: unknown) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/wishlist/add',
    headers: actor?.headers ?? {},
    payload: payload as object,
  });
const remove = (actor: Actor | undefined, bookId: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/wishlist/remove/${bookId}`, headers: actor?.headers ?? {} });

describe('wishlist', () => {
  it('needs a session for every call', async () => {
    const book = await createBook(ctx.app);
    for (const response of [
      await list(),
      await add(undefined, { bookId: book.id }),
      await remove(undefined, book.id),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });

  it('adds a public book once, however often it is added, and lists it populated', async () => {
    const book = await createBook(ctx.app, { priceCents: 1250 });
    const first = await add(ann, { bookId: book.id });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ msg: 'Book added to your wishlist!' });
    const again = await add(ann, { bookId: book.id });
    expect(again.statusCode).toBe(200);

    const entries = (await list(ann)).json();
    const mine = entries.filter((entry: { bookId: { _id: string } }) => entry.bookId._id === book.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ _id: expect.any(String), createdAt: expect.any(String) });
    expect(mine[0].bookId).toMatchObject({ title: book.title, price: 12.5, priceCents: 1250, isFree: false });
  });

  it('refuses a pending, rejected or unknown book with 404 and a malformed id with 400', async () => {
    for (const status of ['pending', 'rejected'] as const) {
      const hidden = await createBook(ctx.app, { status });
      const response = await add(ann, { bookId: hidden.id });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ msg: 'Book not found.', code: 'BOOK_NOT_FOUND' });
    }
    expect((await add(ann, { bookId: '0190b4a0-0000-7000-8000-000000000000' })).statusCode).toBe(404);
    const malformed = await add(ann, { bookId: 'abc' });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ msg: 'A valid bookId is required', code: 'VALIDATION_ERROR' });
    expect((await add(ann, {})).statusCode).toBe(400);
    expect((await remove(ann, 'abc')).statusCode).toBe(400);
  });

  it("keeps each member's wishlist to themselves", async () => {
    const book = await createBook(ctx.app);
    await add(ann, { bookId: book.id });
    const bobs = (await list(bob)).json();
    expect(bobs.some((entry: { bookId: { _id: string } }) => entry.bookId._id === book.id)).toBe(false);

    // Bob cannot remove Ann's entry: it is not in his wishlist.
    const removal = await remove(bob, book.id);
    expect(removal.statusCode).toBe(404);
    const anns = (await list(ann)).json();
    expect(anns.some((entry: { bookId: { _id: string } }) => entry.bookId._id === book.id)).toBe(true);
  });

  it('removes a book, and a second removal is 404', async () => {
    const book = await createBook(ctx.app);
    await add(bob, { bookId: book.id });
    const removed = await remove(bob, book.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ msg: 'Book removed from wishlist.' });
    expect((await list(bob)).json().some((entry: { bookId: { _id: string } }) => entry.bookId._id === book.id)).toBe(
      false,
    );
    expect((await remove(bob, book.id)).statusCode).toBe(404);
  });
});
