/**
 * The payment reconciler settles what a crash left behind. The crash is injected around the real
 * simulated gateway: the process "dies" (the call throws) right after the gateway charged, or right
 * before it could, so the checkout never writes its order.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { formatOrderNumber } from '@ebook/shared';
import { buildApp } from '../../app.js';
import { openDatabase } from '../../db/client.js';
import { books, cartItems, entitlements, orders, paymentAttempts } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { waitFor } from '../../test/wait-for.js';
import { createBook, createMember, simulatedGateway, type Actor } from '../../test/factories.js';
import { mailTo } from '../../test/mail.js';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => vi.restoreAllMocks());

const CARD = { cardHolder: 'Ann Reader', cardNumber: '4242-4242-4242-4242', expiry: '12/28', cvv: '123' };
const DECLINED = { ...CARD, cardNumber: '4000-0000-0000-0002' };
const MINUTE = 60_000;
const later = (ms: number) => new Date(Date.now() + ms);

interface Checkout {
  member: Actor;
  bookId: string;
  cardId: string;
  key: string;
}

async function checkoutThatCrashes(when: 'after-charge' | 'before-charge', card = CARD): Promise<Checkout> {
  const member = await createMember(ctx.app);
  const saved = await ctx.app.inject({ method: 'POST', url: '/api/payment', headers: member.headers, payload: card });
  const cardId = saved.json().card._id;
  const book = await createBook(ctx.app, { priceCents: 1500 });
  await ctx.app.inject({ method: 'POST', url: '/api/cart/add', headers: member.headers, payload: { bookId: book.id } });
  const gateway = ctx.app.paymentGateway;
  const charge = gateway.charge.bind(gateway);
  vi.spyOn(gateway, 'charge').mockImplementationOnce(async (request) => {
    if (when === 'after-charge') await charge(request);
    throw new Error('the process died');
  });
  const key = `crash-${when}-${book.id}`;
  const response = await pay({ member, bookId: book.id, cardId, key });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toMatchObject({ code: 'PAYMENT_UNAVAILABLE' });
  vi.restoreAllMocks();
  return { member, bookId: book.id, cardId, key };
}

const pay = ({ member, bookId, cardId, key }: Checkout) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: { ...member.headers, 'idempotency-key': key },
    payload: { books: [bookId], paymentId: cardId },
  });

async function attemptOf(checkout: Checkout) {
  const rows = await ctx.app.db
    .select()
    .from(paymentAttempts)
    .where(eq(paymentAttempts.userId, checkout.member.user._id));
  return rows.find((row) => row.idempotencyKey === checkout.key)!;
}

const ordersOf = (checkout: Checkout) =>
  ctx.app.db.select().from(orders).where(eq(orders.userId, checkout.member.user._id));

describe('the payment reconciler', () => {
  it('completes the order of an attempt that was charged when the checkout died', async () => {
    const checkout = await checkoutThatCrashes('after-charge');
    const attempt = await attemptOf(checkout);
    expect(attempt.status).toBe('pending');
    const found = await ctx.app.paymentGateway.findCharge(attempt.id);
    expect(found).toMatchObject({ ok: true, charge: { amountCents: 1500, status: 'succeeded' } });
    expect(await ordersOf(checkout)).toEqual([]);

    // Left to its checkout during the grace period.
    expect((await ctx.app.paymentReconciler.runOnce()).completed).toBe(0);
    const report = await ctx.app.paymentReconciler.runOnce(later(MINUTE));
    expect(report.completed).toBeGreaterThanOrEqual(1);

    const [order] = await ordersOf(checkout);
    expect(order).toMatchObject({ totalCents: 1500, chargeId: found!.ok ? found!.charge.id : '', cardLast4: '4242' });
    expect(await attemptOf(checkout)).toMatchObject({ status: 'completed', orderId: order!.id });
    const owned = await ctx.app.db.select().from(entitlements).where(eq(entitlements.userId, checkout.member.user._id));
    expect(owned.map((row) => row.bookId)).toEqual([checkout.bookId]);
    expect(await ctx.app.db.select().from(cartItems).where(eq(cartItems.userId, checkout.member.user._id))).toEqual([]);

    // The browser's retry with the same key gets that order, and nothing is charged again.
    const retry = await pay(checkout);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().order._id).toBe(order!.id);
    const charges = (await simulatedGateway(ctx.app).allCharges()).filter((c) => c.idempotencyKey === attempt.id);
    expect(charges).toHaveLength(1);

    // The order the reconciler wrote is announced once, after its commit: one receipt, one notification.
    const receipts = (await mailTo(ctx.app, checkout.member.user.email)).filter((mail) =>
      mail.subject.startsWith('Your order receipt'),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.text).toContain(formatOrderNumber(order!.number, order!.createdAt));
    const bell = await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: checkout.member.headers });
    expect(bell.json().notifications.filter((n: { kind: string }) => n.kind === 'order-placed')).toHaveLength(1);
  });

  it('a retry with the same key completes a charged attempt before the reconciler does', async () => {
    const checkout = await checkoutThatCrashes('after-charge');
    const retry = await pay(checkout);
    expect(retry.statusCode).toBe(201);
    const [order] = await ordersOf(checkout);
    expect(retry.json().order._id).toBe(order!.id);
    expect((await ctx.app.paymentReconciler.runOnce(later(MINUTE))).completed).toBe(0);
  });

  it.each([
    ['the book was withdrawn', 'BOOK_UNAVAILABLE'],
    ['the member bought the book meanwhile', 'ALREADY_OWNED'],
  ] as const)('refunds a charged attempt it can no longer fulfil (%s)', async (_why, reason) => {
    const checkout = await checkoutThatCrashes('after-charge');
    if (reason === 'BOOK_UNAVAILABLE') {
      await ctx.app.db.update(books).set({ status: 'rejected' }).where(eq(books.id, checkout.bookId));
    } else {
      await ctx.app.db.insert(entitlements).values({ userId: checkout.member.user._id, bookId: checkout.bookId });
    }
    const report = await ctx.app.paymentReconciler.runOnce(later(MINUTE));
    expect(report.refunded).toBeGreaterThanOrEqual(1);

    const attempt = await attemptOf(checkout);
    expect(attempt).toMatchObject({ status: 'refunded', failure: reason, orderId: null });
    expect(await ctx.app.paymentGateway.findCharge(attempt.id)).toMatchObject({
      ok: true,
      charge: { status: 'refunded' },
    });
    expect(await ordersOf(checkout)).toEqual([]);
    // A retry is told, and is not charged again.
    const retry = await pay(checkout);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().msg).toContain('Your payment was refunded.');
  });

  it('expires an attempt that was never charged, once the checkout timeout has passed', async () => {
    const checkout = await checkoutThatCrashes('before-charge');
    const attempt = await attemptOf(checkout);
    expect(await ctx.app.paymentGateway.findCharge(attempt.id)).toBeNull();

    const timeout = ctx.config.PAYMENT_ATTEMPT_TIMEOUT_MS;
    const young = await ctx.app.paymentReconciler.runOnce(later(timeout / 2));
    expect(young.expired).toBe(0);
    expect((await attemptOf(checkout)).status).toBe('pending');

    const old = await ctx.app.paymentReconciler.runOnce(later(timeout + 1000));
    expect(old.expired).toBeGreaterThanOrEqual(1);
    expect((await attemptOf(checkout)).status).toBe('expired');
    expect(await ctx.app.paymentGateway.findCharge(attempt.id)).toBeNull();

    const retry = await pay(checkout);
    expect(retry.statusCode).toBe(409);
    expect(retry.json()).toEqual({
      msg: 'This checkout has expired. Please review your order and pay again.',
      code: 'CHECKOUT_EXPIRED',
    });
    expect(await ordersOf(checkout)).toEqual([]);
  });

  it('a retry charges a never-charged attempt while it is fresh, and not once it is half-way to expiry', async () => {
    const fresh = await checkoutThatCrashes('before-charge');
    expect((await pay(fresh)).statusCode).toBe(201);
    expect(await ordersOf(fresh)).toHaveLength(1);

    const stale = await checkoutThatCrashes('before-charge');
    const halfway = new Date(Date.now() - ctx.config.PAYMENT_ATTEMPT_TIMEOUT_MS / 2 - 1000);
    await ctx.app.db
      .update(paymentAttempts)
      .set({ createdAt: halfway })
      .where(eq(paymentAttempts.id, (await attemptOf(stale)).id));
    const retry = await pay(stale);
    expect(retry.statusCode).toBe(409);
    expect(retry.json().code).toBe('CHECKOUT_EXPIRED');
    expect(await ctx.app.paymentGateway.findCharge((await attemptOf(stale)).id)).toBeNull();
  });

  it('records a decline the checkout died before recording', async () => {
    const checkout = await checkoutThatCrashes('after-charge', DECLINED);
    const report = await ctx.app.paymentReconciler.runOnce(later(MINUTE));
    expect(report.declined).toBeGreaterThanOrEqual(1);
    expect(await attemptOf(checkout)).toMatchObject({ status: 'declined', failure: 'declined' });
    const retry = await pay(checkout);
    expect(retry.statusCode).toBe(402);
    expect(retry.json().code).toBe('CARD_DECLINED');
  });

  it('several server copies reconciling at once fulfil each attempt exactly once', async () => {
    const checkouts = [];
    for (let i = 0; i < 6; i++) checkouts.push(await checkoutThatCrashes('after-charge'));
    const secondDatabase = ctx.databaseUrl
      ? await openDatabase({ url: ctx.databaseUrl, poolSize: 3 })
      : { ...ctx.database, close: async () => {} };
    const second = await buildApp({ config: ctx.config, database: secondDatabase });
    await second.ready();
    try {
      const when = later(MINUTE);
      const reports = await Promise.all([
        ctx.app.paymentReconciler.runOnce(when),
        second.paymentReconciler.runOnce(when),
        ctx.app.paymentReconciler.runOnce(when),
      ]);
      expect(reports.reduce((sum, report) => sum + report.completed, 0)).toBe(6);
    } finally {
      await second.close();
    }
    for (const checkout of checkouts) {
      expect(await ordersOf(checkout)).toHaveLength(1);
      expect((await attemptOf(checkout)).status).toBe('completed');
    }
  });

  it('runs at start-up and then every PAYMENT_RECONCILE_INTERVAL_MS', async () => {
    const copyWith = async (intervalMs: number) => {
      const config = { ...ctx.config, PAYMENT_RECONCILE_INTERVAL_MS: intervalMs, PAYMENT_ATTEMPT_TIMEOUT_MS: 2000 };
      const database = ctx.databaseUrl
        ? await openDatabase({ url: ctx.databaseUrl, poolSize: 2 })
        : { ...ctx.database, close: async () => {} };
      const copy = await buildApp({ config, database });
      await copy.ready();
      return copy;
    };
    const settled = (checkout: Checkout) =>
      waitFor(
        () => ordersOf(checkout),
        (orders) => orders.length > 0,
        { intervalMs: 100 },
      );

    // At start-up: a copy whose next pass is an hour away finds it (once its grace of 500 ms is over).
    const before = await checkoutThatCrashes('after-charge');
    await sleep(600);
    const starting = await copyWith(3_600_000);
    try {
      expect(await settled(before)).toHaveLength(1);
    } finally {
      await starting.close();
    }

    // Periodically: an attempt left behind while the copy runs is settled by a later pass.
    const running = await copyWith(200);
    try {
      const during = await checkoutThatCrashes('after-charge');
      expect(await settled(during)).toHaveLength(1);
    } finally {
      await running.close();
    }
  });
});
