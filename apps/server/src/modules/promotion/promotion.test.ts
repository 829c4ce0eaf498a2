/** The store-wide promotion: the admin sets it, everyone sees it, and the checkout charges with it. */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, paymentAttempts } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createAdmin, createBook, createMember, simulatedGateway, type Actor } from '../../test/factories.js';

let ctx: TestContext;
let admin: Actor;
let ann: Actor;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
  ann = await createMember(ctx.app);
});
afterAll(() => ctx.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const put = (actor: Actor | undefined, payload: object) =>
  ctx.app.inject({ method: 'PUT', url: '/api/admin/promotion', headers: actor?.headers ?? {}, payload });
const store = async () => (await ctx.app.inject({ method: 'GET', url: '/api/store' })).json();

describe('setting the promotion', () => {
  it('is for admins only', async () => {
    expect((await put(undefined, { percentOff: 25, endsAt: inDays(3), active: true })).statusCode).toBe(401);
    expect((await put(ann, { percentOff: 25, endsAt: inDays(3), active: true })).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/promotion', headers: ann.headers })).statusCode,
    ).toBe(403);
  });

  it('refuses over 90%, under 1%, fractions and a past end date with a clear 400, changing nothing', async () => {
    for (const percentOff of [101, 91, 0, -5, 12.5, 'lots']) {
      const response = await put(admin, { percentOff, endsAt: inDays(3), active: true });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        msg: 'The discount must be a whole percentage from 1 to 90.',
        code: 'VALIDATION_ERROR',
      });
    }
    const past = await put(admin, { percentOff: 25, endsAt: inDays(-1), active: true });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ msg: 'The end date must be in the future.', code: 'VALIDATION_ERROR' });
    const notADate = await put(admin, { percentOff: 25, endsAt: 'soon', active: true });
    expect(notADate.statusCode).toBe(400);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/promotion', headers: admin.headers })).json(),
    ).toEqual({ promotion: null });
    expect((await store()).promotion).toBeNull();
  });

  it('runs while on and before its end date; off hides it', async () => {
    const endsAt = inDays(7);
    const saved = await put(admin, { percentOff: 25, endsAt, active: true });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({
      msg: 'Promotion saved.',
      promotion: { percentOff: 25, endsAt, active: true, running: true },
    });
    expect((await store()).promotion).toEqual({ percentOff: 25, endsAt });

    expect((await put(admin, { percentOff: 25, endsAt, active: false })).statusCode).toBe(200);
    expect((await store()).promotion).toBeNull();
  });
});

describe('checkout with a promotion', () => {
  it('charges the discounted total and records the prices paid', async () => {
    expect((await put(admin, { percentOff: 25, endsAt: inDays(7), active: true })).statusCode).toBe(200);
    const first = await createBook(ctx.app, { priceCents: 1099 });
    const second = await createBook(ctx.app, { priceCents: 500 });
    const card = await ctx.app.inject({
      method: 'POST',
      url: '/api/payment',
      headers: ann.headers,
      payload: { cardHolder: 'Ann Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/29', cvv: '123' },
    });
    for (const book of [first, second]) {
      const added = await ctx.app.inject({
        method: 'POST',
        url: '/api/cart/add',
        headers: ann.headers,
        payload: { bookId: book.id },
      });
      expect(added.statusCode).toBe(201);
    }
    const payload = { books: [first.id, second.id], paymentId: card.json().card._id };
    // The undiscounted total is no longer the price.
    const stale = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: ann.headers,
      payload: { ...payload, total: 15.99 },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().code).toBe('TOTAL_MISMATCH');

    // 1099 * 0.75 = 824.25 -> 824; 500 * 0.75 = 375.
    const paid = await ctx.app.inject({
      method: 'POST',
      url: '/api/orders',
      headers: ann.headers,
      payload: { ...payload, total: 11.99 },
    });
    expect(paid.statusCode).toBe(201);
    const order = paid.json().order;
    expect(order).toMatchObject({ totalCents: 1199, total: 11.99 });
    expect(order.books.map((book: { priceCents: number }) => book.priceCents).sort()).toEqual([375, 824]);

    const [attempt] = await ctx.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.userId, ann.user._id));
    expect(attempt!.amountCents).toBe(1199);
    const charges = await simulatedGateway(ctx.app).allCharges();
    expect(charges.find((charge) => charge.idempotencyKey === attempt!.id)?.amountCents).toBe(1199);
    const items = await ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, order._id));
    expect(items.map((item) => item.priceCents).sort()).toEqual([375, 824]);
  });
});
