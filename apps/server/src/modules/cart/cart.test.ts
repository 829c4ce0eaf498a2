import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements } from '../../db/schema/index.js';
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

const getCart = (actor?: Actor) => ctx.app.inject({ method: 'GET', url: '/api/cart', headers: actor?.headers ?? {} });
const add = (actor: Actor | undefined, payload: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/cart/add', headers: actor?.headers ?? {}, payload: payload as object });
const remove = (actor: Actor | undefined, bookId: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/cart/remove/${bookId}`, headers: actor?.headers ?? {} });

describe('cart', () => {
  it('needs a session', async () => {
    const book = await createBook(ctx.app);
    expect((await getCart()).statusCode).toBe(401);
    expect((await add(undefined, { bookId: book.id })).statusCode).toBe(401);
    expect((await remove(undefined, book.id)).statusCode).toBe(401);
  });

  it('starts empty with a zero total in the store currency', async () => {
    const member = await createMember(ctx.app);
    const response = await getCart(member);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ items: [], totalCents: 0, currency: 'USD' });
  });

  it('holds a paid book once, with quantity 1 whatever was asked, and totals in cents', async () => {
    const member = await createMember(ctx.app);
    const first = await createBook(ctx.app, { priceCents: 1099 });
    const second = await createBook(ctx.app, { priceCents: 250 });
    const added = await add(member, { bookId: first.id, quantity: 3 });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toEqual({ msg: 'Added to Cart', bookId: first.id });
    expect((await add(member, { bookId: second.id })).statusCode).toBe(201);

    const again = await add(member, { bookId: first.id, quantity: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ msg: 'This book is already in your cart.', code: 'ALREADY_IN_CART' });

    const cart = (await getCart(member)).json();
    expect(cart.items.map((item: { bookId: { _id: string } }) => item.bookId._id)).toEqual([first.id, second.id]);
    expect(cart.items.every((item: { quantity: number }) => item.quantity === 1)).toBe(true);
    expect(cart.items[0].bookId).toMatchObject({ title: first.title, price: 10.99 });
    expect(cart.totalCents).toBe(1349);
  });

  it('refuses a free book with 400, an owned one with 409, a hidden one with 404 and bad input with 400', async () => {
    const free = await createBook(ctx.app, { priceCents: 0 });
    const freeResponse = await add(ann, { bookId: free.id });
    expect(freeResponse.statusCode).toBe(400);
    expect(freeResponse.json()).toEqual({
      msg: 'This book is free: download it from its page instead.',
      code: 'BOOK_IS_FREE',
    });

    const owned = await createBook(ctx.app);
    await ctx.app.db.insert(entitlements).values({ userId: ann.user._id, bookId: owned.id });
    const ownedResponse = await add(ann, { bookId: owned.id });
    expect(ownedResponse.statusCode).toBe(409);
    expect(ownedResponse.json()).toMatchObject({ code: 'ALREADY_OWNED' });

    const pending = await createBook(ctx.app, { status: 'pending' });
    expect((await add(ann, { bookId: pending.id })).statusCode).toBe(404);

    for (const payload of [
      {},
      { bookId: 'nope' },
      { bookId: free.id, quantity: 0 },
      { bookId: free.id, quantity: 'x' },
    ]) {
      const response = await add(ann, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await getCart(ann)).json().items).toEqual([]);
  });

  it("keeps each member's cart to themselves", async () => {
    const book = await createBook(ctx.app);
    await add(ann, { bookId: book.id });
    expect((await getCart(bob)).json().items).toEqual([]);
    const removal = await remove(bob, book.id);
    expect(removal.statusCode).toBe(404);
    expect(removal.json()).toEqual({ msg: 'This book is not in your cart.', code: 'NOT_IN_CART' });
    expect((await getCart(ann)).json().items).toHaveLength(1);

    const removed = await remove(ann, book.id);
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toEqual({ msg: 'Item removed from cart.' });
    expect((await getCart(ann)).json().items).toEqual([]);
  });
});
