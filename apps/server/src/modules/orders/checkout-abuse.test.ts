/**
 * Checkout cannot be abused: an Idempotency-Key is bound to its request, a refunded charge is never a
 * payment, and an order is only written for a charge of exactly its total. Faults the API cannot
 * cause on demand (a concurrent purchase landing between the charge and the order, a gateway charging
 * another amount) are injected around the real simulated gateway.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { entitlements, orders } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { createBook, createMember, type Actor } from '../../test/factories.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

const CARD = { cardHolder: 'Ann Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/28', cvv: '123' };
const OTHER_CARD = { ...CARD, cardNumber: '5555-5555-5555-4444' };

async function saveCard(actor: Actor, card = CARD): Promise<string> {
  const response = await ctx.app.inject({ method: 'POST', url: '/api/payment', headers: actor.headers, payload: card });
  expect(response.statusCode).toBe(201);
  return response.json().card._id;
}

async function inCart(actor: Actor, priceCents: number) {
  const book = await createBook(ctx.app, { priceCents });
  const added = await ctx.app.inject({
    method: 'POST',
    url: '/api/cart/add',
    headers: actor.headers,
    payload: { bookId: book.id },
  });
  expect(added.statusCode).toBe(201);
  return book;
}

const order = (actor: Actor, payload: object, key: string) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...actor.headers, 'idempotency-key': key },
    payload,
  });

async function ownedIds(actor: Actor): Promise<string[]> {
  const rows = await ctx.app.db.select().from(entitlements).where(eq(entitlements.userId, actor.user._id));
  return rows.map((row) => row.bookId);
}

const ordersOf = (actor: Actor) => ctx.app.db.select().from(orders).where(eq(orders.userId, actor.user._id));

describe('an Idempotency-Key is bound to its request', () => {
  it('refuses the same key with other books, another card or another total (422), charging nothing', async () => {
    const ann = await createMember(ctx.app);
    const cardId = await saveCard(ann);
    const otherCardId = await saveCard(ann, OTHER_CARD);
    const first = await inCart(ann, 1200);
    const second = await inCart(ann, 300);
    const paid = await order(ann, { books: [first.id], total: 12, paymentId: cardId }, 'bound-key-0001');
    expect(paid.statusCode).toBe(201);

    for (const payload of [
      { books: [second.id], total: 3, paymentId: cardId },
      { books: [first.id, second.id], total: 15, paymentId: cardId },
      { books: [first.id], total: 12, paymentId: otherCardId },
      { books: [first.id], total: 11, paymentId: cardId },
      { books: [first.id], paymentId: cardId },
    ]) {
      const reused = await order(ann, payload, 'bound-key-0001');
      expect(reused.statusCode, JSON.stringify(payload)).toBe(422);
      expect(reused.json()).toEqual({
        msg: 'This payment was already started with different details. Please review your order and pay again.',
        code: 'IDEMPOTENCY_KEY_REUSED',
      });
    }
    expect(await ownedIds(ann)).toEqual([first.id]);
    expect(await ordersOf(ann)).toHaveLength(1);

    // The same body again (books in another order, a string total) is the same request.
    const replay = await order(ann, { books: [first.id], total: '12.00', paymentId: cardId }, 'bound-key-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().order._id).toBe(paid.json().order._id);
  });
});

describe('a refunded charge is never a payment', () => {
  it('a checkout refunded because the book was bought meanwhile stays refunded under its key, for any cart', async () => {
    const ann = await createMember(ctx.app);
    const cardId = await saveCard(ann);
    const book = await inCart(ann, 2500);
    const gateway = ctx.app.paymentGateway;
    const charge = gateway.charge.bind(gateway);
    // Another checkout of the same book completes between this one's charge and its order.
    vi.spyOn(gateway, 'charge').mockImplementationOnce(async (request) => {
      const result = await charge(request);
      await ctx.app.db.insert(entitlements).values({ userId: ann.user._id, bookId: book.id });
      return result;
    });
    const raced = await order(ann, { books: [book.id], paymentId: cardId }, 'refunded-key-01');
    expect(raced.statusCode).toBe(409);
    expect(raced.json()).toEqual({
      msg: 'You already own a selected book. Find it in My Library. Your payment was refunded.',
      code: 'ALREADY_OWNED',
    });
    expect(await ordersOf(ann)).toEqual([]);

    // Reusing the refunded checkout's key for another cart must not pass as paid.
    const other = await inCart(ann, 4000);
    const reused = await order(ann, { books: [other.id], paymentId: cardId }, 'refunded-key-01');
    expect(reused.statusCode).toBe(422);
    expect(await ordersOf(ann)).toEqual([]);
    expect(await ownedIds(ann)).not.toContain(other.id);

    // And the same request again is still the refunded one, not a success.
    const again = await order(ann, { books: [book.id], paymentId: cardId }, 'refunded-key-01');
    expect(again.statusCode).toBe(409);
    expect(await ordersOf(ann)).toEqual([]);
  });

  it('a charge refunded at the gateway before its order was written is not taken for payment', async () => {
    const ann = await createMember(ctx.app);
    const cardId = await saveCard(ann);
    const book = await inCart(ann, 1800);
    const gateway = ctx.app.paymentGateway;
    const charge = gateway.charge.bind(gateway);
    const refund = gateway.refund.bind(gateway);
    vi.spyOn(gateway, 'charge').mockImplementationOnce(async (request) => {
      const result = await charge(request);
      if (result.ok) await refund(result.charge.id); // e.g. refunded from the processor's dashboard
      return gateway.findCharge(request.idempotencyKey).then((found) => found ?? result);
    });
    const response = await order(ann, { books: [book.id], paymentId: cardId }, 'refunded-key-02');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'PAYMENT_REFUNDED' });
    expect(await ordersOf(ann)).toEqual([]);
    expect(await ownedIds(ann)).toEqual([]);
  });
});

describe('an order is written only for a charge of exactly its total', () => {
  it('a charge of another amount is refunded and no order is written', async () => {
    const ann = await createMember(ctx.app);
    const cardId = await saveCard(ann);
    const book = await inCart(ann, 999);
    const gateway = ctx.app.paymentGateway;
    const charge = gateway.charge.bind(gateway);
    // A gateway (or a bug between us and it) charging one cent less than asked.
    vi.spyOn(gateway, 'charge').mockImplementationOnce((request) =>
      charge({ ...request, amountCents: request.amountCents - 1 }),
    );
    const response = await order(ann, { books: [book.id], total: 9.99, paymentId: cardId }, 'amount-key-0001');
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      msg: 'The payment did not match the order total. Your payment was refunded.',
      code: 'PAYMENT_REFUNDED',
    });
    expect(await ordersOf(ann)).toEqual([]);
    expect(await ownedIds(ann)).toEqual([]);
    // The money went back.
    const { paymentAttempts } = await import('../../db/schema/index.js');
    const [attempt] = await ctx.app.db.select().from(paymentAttempts).where(eq(paymentAttempts.userId, ann.user._id));
    expect(attempt).toMatchObject({ status: 'refunded', failure: 'AMOUNT_MISMATCH' });
    expect(await gateway.findCharge(attempt!.id)).toMatchObject({
      ok: true,
      charge: { amountCents: 998, status: 'refunded' },
    });
  });
});
