import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createBook, createMember } from '../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /api/users/me/summary', () => {
  it('needs a session', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/users/me/summary' })).statusCode).toBe(401);
  });

  it("counts the caller's favourites, cart, pending books and cards, and nobody else's", async () => {
    const ann = await createMember(ctx.app);
    const bob = await createMember(ctx.app);
    const [a, b] = [await createBook(ctx.app), await createBook(ctx.app)];
    await createBook(ctx.app, { status: 'pending', userId: ann.user._id });
    await createBook(ctx.app, { status: 'approved', userId: ann.user._id });
    await createBook(ctx.app, { status: 'pending', userId: bob.user._id });
    const post = (url: string, payload: object) =>
      ctx.app.inject({ method: 'POST', url, headers: ann.headers, payload });
    await post('/api/wishlist/add', { bookId: a.id });
    await post('/api/wishlist/add', { bookId: b.id });
    await post('/api/cart/add', { bookId: a.id });
    await post('/api/payment', { cardHolder: 'Ann', cardNumber: '4242-4242-4242-4242', expiry: '12/28', cvv: '123' });

    const summary = (
      await ctx.app.inject({ method: 'GET', url: '/api/users/me/summary', headers: ann.headers })
    ).json();
    expect(summary).toEqual({
      favourites: 2,
      cartItems: 1,
      pendingBooks: 1,
      savedCards: 1,
      ownedBooks: 0,
      currency: 'USD',
    });
    const bobs = (await ctx.app.inject({ method: 'GET', url: '/api/users/me/summary', headers: bob.headers })).json();
    expect(bobs).toEqual({
      favourites: 0,
      cartItems: 0,
      pendingBooks: 1,
      savedCards: 0,
      ownedBooks: 0,
      currency: 'USD',
    });
  });
});
