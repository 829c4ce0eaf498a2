import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, entitlements, orderItems, orders, paymentAttempts } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createBook, createMember, simulatedGateway, type Actor } from '../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const CARD = { cardHolder: 'Ann Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/28', cvv: '123' };
const DECLINED = { ...CARD, cardNumber: '4000-0000-0000-0002' };
const NO_FUNDS = { ...CARD, cardNumber: '4000-0000-0000-9995' };

async function saveCard(actor: Actor, card = CARD): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/payment', headers: actor.headers, payload: card });
  expect(response.statusCode).toBe(201);
  return response.json().card._id;
}

async function cartWith(actor: Actor, ...prices: number[]) {
  const books = [];
  for (const priceCents of prices) {
    const book = await createBook(ctx.app, { priceCents });
    const added = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: actor.headers,
      payload: { bookId: book.id },
    });
    expect(added.statusCode).toBe(201);
    books.push(book);
  }
  return books;
}

const order = (actor: Actor | undefined, payload: unknown, key?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...(actor?.headers ?? {}), ...(key ? { 'idempotency-key': key } : {}) },
    payload: payload as object,
  });
const get = (actor: Actor, url: string) => ctx.app.inject({ method: 'GET', url, headers: actor.headers });

/** The charges the gateway took for a member's checkouts (its key is the payment attempt's id). */
async function chargesOf(actor: Actor) {
  const attempts = await ctx.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.userId, actor.user._id));
  const ids = new Set(attempts.map((attempt) => attempt.id));
  return (await simulatedGateway(ctx.app).allCharges()).filter((charge) => ids.has(charge.idempotencyKey));
}

async function ownedIds(actor: Actor): Promise<string[]> {
  const rows = await ctx.app.db.select().from(entitlements).where(eq(entitlements.userId, actor.user._id));
  return rows.map((row) => row.bookId);
}

describe('POST /api/orders', () => {
  it('needs a session', async () => {
    const valid = {
      books: ['0190b4a0-0000-7000-8000-000000000000'],
      paymentId: '0190b4a0-0000-7000-8000-000000000001',
    };
    expect((await order(undefined, valid)).statusCode).toBe(401);
  });

  it('charges the server total, records the order, grants the books and empties them from the cart', async () => {
    const ann = await createMember(ctx.app);
    const cardId = await saveCard(ann);
    const [first, second, kept] = await cartWith(ann, 1099, 500, 700);
    const response = await order(
      ann,
      { userId: 'ignored', books: [first!.id, second!.id], total: 15.99, paymentId: cardId },
      'checkout-key-0001',
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body.order).toMatchObject({ totalCents: 1599, total: 15.99, currency: 'USD', cardLast4: '4242' });
    expect(body.order.books.map((b: { _id: string }) => b._id).sort()).toEqual([first!.id, second!.id].sort());
    expect(body.order.books.find((b: { _id: string }) => b._id === first!.id)).toMatchObject({
      title: first!.title,
      price: 10.99,
    });

    expect((await ownedIds(ann)).sort()).toEqual([first!.id, second!.id].sort());
    const cart = (await get(ann, '/api/cart')).json();
    expect(cart.items.map((item: { bookId: { _id: string } }) => item.bookId._id)).toEqual([kept!.id]);
    const [recorded] = await ctx.app.db.select().from(orders).where(eq(orders.id, body.order._id));
    const charges = await chargesOf(ann);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({
      id: recorded!.chargeId,
      amountCents: 1599,
      currency: 'USD',
      outcome: 'succeeded',
      refunded: false,
    });

    const recent = (await get(ann, '/api/orders/recent')).json();
    expect(recent).toHaveLength(1);
    expect(recent[0]).toMatchObject({ _id: body.order._id, createdAt: expect.any(String) });
    expect((await get(ann, '/api/orders')).json().orders.map((o: { _id: string }) => o._id)).toEqual([body.order._id]);

    const owned = (await get(ann, '/api/orders/owned')).json().books;
    expect(owned.map((b: { _id: string }) => b._id).sort()).toEqual([first!.id, second!.id].sort());
    expect(owned[0]).toMatchObject({ pdf: null, purchasedAt: expect.any(String), orderId: body.order._id });

    // Bought books can no longer be added or bought again.
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: ann.headers,
      payload: { bookId: first!.id },
    });
    expect(again.statusCode).toBe(409);
  });

  it('accepts a string total and no total at all; refuses a total that disagrees (409), charging nothing', async () => {
    const ann = await createMember(ctx.app);
    const cardId = await saveCard(ann);
    const [book] = await cartWith(ann, 1250);
    const wrong = await order(ann, { books: [book!.id], total: 10, paymentId: cardId }, 'mismatch-key-1');
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toEqual({ msg: 'The total has changed. Please review your order.', code: 'TOTAL_MISMATCH' });
    expect(await ownedIds(ann)).toEqual([]);
    expect((await get(ann, '/api/orders')).json().orders).toEqual([]);

    const right = await order(ann, { books: [book!.id], total: '12.50', paymentId: cardId });
    expect(right.statusCode).toBe(201);
    const [other] = await cartWith(ann, 300);
    expect((await order(ann, { books: [other!.id], paymentId: cardId })).statusCode).toBe(201);
  });

  it('refuses books outside the cart, free, hidden or owned books, and bad payloads', async () => {
    const ann = await createMember(ctx.app);
    const cardId = await saveCard(ann);
    const notInCart = await createBook(ctx.app);
    const none = await order(ann, { books: [notInCart.id], paymentId: cardId });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ msg: 'No selected books found in cart.', code: 'NOT_IN_CART' });

    const [inCart] = await cartWith(ann, 800);
    const partial = await order(ann, { books: [inCart!.id, notInCart.id], paymentId: cardId });
    expect(partial.statusCode).toBe(400);
    expect(partial.json()).toMatchObject({ code: 'CART_CHANGED' });

    // A book that was withdrawn or made free after it went into the cart.
    const { books } = await import('../../db/schema/index.js');
    await ctx.app.db.update(books).set({ status: 'rejected' }).where(eq(books.id, inCart!.id));
    expect((await order(ann, { books: [inCart!.id], paymentId: cardId })).json()).toMatchObject({
      code: 'BOOK_UNAVAILABLE',
    });
    await ctx.app.db.update(books).set({ status: 'added', priceCents: 0 }).where(eq(books.id, inCart!.id));
    expect((await order(ann, { books: [inCart!.id], paymentId: cardId })).json()).toMatchObject({
      code: 'BOOK_IS_FREE',
    });

    const [owned] = await cartWith(ann, 900);
    await ctx.app.db.insert(entitlements).values({ userId: ann.user._id, bookId: owned!.id });
    const ownedResponse = await order(ann, { books: [owned!.id], paymentId: cardId });
    expect(ownedResponse.statusCode).toBe(409);
    expect(ownedResponse.json()).toMatchObject({ code: 'ALREADY_OWNED' });

    for (const payload of [
      {},
      { books: [], paymentId: cardId },
      { books: [owned!.id] },
      { books: ['x'], paymentId: cardId },
    ]) {
      const response = await order(ann, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    expect((await order(ann, { books: [owned!.id], paymentId: cardId }, 'bad key!')).statusCode).toBe(400);
    expect((await get(ann, '/api/orders')).json().orders).toEqual([]);
    expect(await chargesOf(ann)).toEqual([]);
  });

  it("never lets a member pay with another member's card, nor see their orders", async () => {
    const ann = await createMember(ctx.app);
    const bob = await createMember(ctx.app, { name: 'Bob Reader' });
    const annsCard = await saveCard(ann);
    const [annsBook] = await cartWith(ann, 1000);
    const [bobsBook] = await cartWith(bob, 1000);

    const stolen = await order(bob, { books: [bobsBook!.id], paymentId: annsCard }, 'bob-tries-ann-card');
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toEqual({ msg: 'Payment card not found.', code: 'CARD_NOT_FOUND' });
    expect(await ownedIds(bob)).toEqual([]);

    // Bob cannot buy from Ann's cart either: her book is not in his.
    const bobsCard = await saveCard(bob);
    expect((await order(bob, { books: [annsBook!.id], paymentId: bobsCard })).json().msg).toBe(
      'No selected books found in cart.',
    );

    expect((await order(ann, { books: [annsBook!.id], paymentId: annsCard }, 'shared-key-123')).statusCode).toBe(201);
    // The same key from another member is a different checkout, and Ann's order stays hers.
    const bobs = await order(bob, { books: [bobsBook!.id], paymentId: bobsCard }, 'shared-key-123');
    expect(bobs.statusCode).toBe(201);
    expect(bobs.json().order.books[0]._id).toBe(bobsBook!.id);
    expect((await get(bob, '/api/orders')).json().orders).toHaveLength(1);
    expect(
      (await get(bob, '/api/orders/recent')).json().map((o: { books: { _id: string }[] }) => o.books[0]!._id),
    ).toEqual([bobsBook!.id]);
    expect((await get(bob, '/api/orders/owned')).json().books.map((b: { _id: string }) => b._id)).toEqual([
      bobsBook!.id,
    ]);
  });

  it.each([
    [DECLINED, 'Your card was declined. Please use another card.', 'CARD_DECLINED'],
    [NO_FUNDS, 'Your card has insufficient funds. Please use another card.', 'INSUFFICIENT_FUNDS'],
  ])('a refused test card (%#) gives 402 and leaves no order, no entitlement, a full cart', async (card, msg, code) => {
    const ann = await createMember(ctx.app);
    const cardId = await saveCard(ann, card);
    const [book] = await cartWith(ann, 1500);
    const response = await order(ann, { books: [book!.id], total: 15, paymentId: cardId }, `declined-${code}`);
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ msg, code });
    expect(await ownedIds(ann)).toEqual([]);
    expect(await ctx.app.db.select().from(orders).where(eq(orders.userId, ann.user._id))).toEqual([]);
    expect(await ctx.app.db.select().from(cartItems).where(eq(cartItems.userId, ann.user._id))).toHaveLength(1);

    // The same key again answers the same decline without a second try at the card.
    const again = await order(ann, { books: [book!.id], total: 15, paymentId: cardId }, `declined-${code}`);
    expect(again.statusCode).toBe(402);
    expect(again.json()).toEqual({ msg, code });
    expect((await chargesOf(ann)).map((charge) => charge.outcome)).toEqual([
      code === 'CARD_DECLINED' ? 'declined' : 'insufficient_funds',
    ]);

    // Another card is another request: under the same key it is refused, under a new key it is paid.
    const goodCard = await saveCard(ann);
    const reused = await order(ann, { books: [book!.id], total: 15, paymentId: goodCard }, `declined-${code}`);
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(
      (await order(ann, { books: [book!.id], total: 15, paymentId: goodCard }, `declined-${code}-2`)).statusCode,
    ).toBe(201);
  });

  it('returns the first order for a repeated Idempotency-Key, charging once', async () => {
    const ann = await createMember(ctx.app);
    const cardId = await saveCard(ann);
    const [book] = await cartWith(ann, 2000);
    const payload = { books: [book!.id], total: 20, paymentId: cardId };
    const first = await order(ann, payload, 'retry-key-0001');
    const second = await order(ann, payload, 'retry-key-0001');
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(200);
    expect(second.json().order._id).toBe(first.json().order._id);
    expect(await chargesOf(ann)).toHaveLength(1);
  });

  it('20 racing requests with one Idempotency-Key make one order and one charge', async () => {
    const ann = await createMember(ctx.app);
    const cardId = await saveCard(ann);
    const [first, second] = await cartWith(ann, 1234, 4321);
    const payload = { books: [first!.id, second!.id], total: 55.55, paymentId: cardId };
    const responses = await Promise.all(Array.from({ length: 20 }, () => order(ann, payload, 'race-key-000001')));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.every((status) => status === 200 || status === 201)).toBe(true);
    expect(new Set(responses.map((response) => response.json().order._id)).size).toBe(1);

    const annOrders = await ctx.app.db.select().from(orders).where(eq(orders.userId, ann.user._id));
    expect(annOrders).toHaveLength(1);
    expect(await ctx.app.db.select().from(orderItems).where(eq(orderItems.orderId, annOrders[0]!.id))).toHaveLength(2);
    const charges = await chargesOf(ann);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amountCents: 5555, outcome: 'succeeded', refunded: false });
    expect((await ownedIds(ann)).sort()).toEqual([first!.id, second!.id].sort());
  });

  it('20 racing requests with different keys for the same books buy them once', async () => {
    const ann = await createMember(ctx.app);
    const cardId = await saveCard(ann);
    const [book] = await cartWith(ann, 999);
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => order(ann, { books: [book!.id], paymentId: cardId }, `distinct-key-${i}00`)),
    );
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(responses.every((response) => [201, 400, 409].includes(response.statusCode))).toBe(true);
    expect(await ctx.app.db.select().from(orders).where(eq(orders.userId, ann.user._id))).toHaveLength(1);
    // Any loser that was charged before losing got its money back.
    const kept = (await chargesOf(ann)).filter((charge) => charge.outcome === 'succeeded' && !charge.refunded);
    expect(kept).toHaveLength(1);
  });
});

describe('GET /api/orders/recent', () => {
  it('covers the last two days only, newest first', async () => {
    const ann = await createMember(ctx.app);
    const cardId = await saveCard(ann);
    const ids: string[] = [];
    for (const price of [100, 200, 300]) {
      const [book] = await cartWith(ann, price);
      ids.push((await order(ann, { books: [book!.id], paymentId: cardId })).json().order._id);
    }
    await ctx.app.db
      .update(orders)
      .set({ createdAt: new Date(Date.now() - 3 * 24 * 3600 * 1000) })
      .where(eq(orders.id, ids[0]!));
    const recent = (await get(ann, '/api/orders/recent')).json();
    expect(recent.map((o: { _id: string }) => o._id)).toEqual([ids[2], ids[1]]);
    // Numbers people can read aloud, from one store-wide sequence, in the order they were placed.
    const numbers = (await get(ann, '/api/orders')).json().orders.map((o: { number: string }) => o.number);
    for (const number of numbers) expect(number).toMatch(/^BK-\d{4}-\d{6,}$/);
    const sequence = numbers.map((number: string) => Number(number.split('-')[2]));
    expect(sequence[0]).toBeGreaterThan(sequence[1]);
    expect(sequence[1]).toBeGreaterThan(sequence[2]);
    // The year is the order's own (the back-dated order keeps the year it was placed in).
    expect(numbers[2].split('-')[1]).toBe(String(new Date(Date.now() - 3 * 24 * 3600 * 1000).getUTCFullYear()));
    expect(recent[0].books[0]).toEqual({
      _id: expect.any(String),
      title: expect.any(String),
      image: null,
      price: 3,
      priceCents: 300,
      refunded: false,
    });
    expect((await get(ann, '/api/orders')).json().orders.map((o: { _id: string }) => o._id)).toEqual([
      ids[2],
      ids[1],
      ids[0],
    ]);
  });
});
