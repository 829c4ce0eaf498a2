/**
 * Refunds by the admin: single books or the whole order, with a reason; the gateway gives the money
 * back (its ledger records it); the buyer's right to the books ends everywhere (downloads, stamped
 * copy, My Library, the OPDS shelf); the buyer hears of it; a repeat is a no-op; a crash between the
 * gateway and the store's records is completed by the reconciler.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder } from '@ebook/shared';
import { entitlements, notifications, orders, refunds, stampedCopies } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { TEST_PASSWORD, createAdmin, createMember, simulatedGateway, type Actor } from '../../test/factories.js';
import { dataUrl, makePdf, postBook } from '../../test/books.js';
import { startSmtpServer, type TestSmtpServer } from '../../test/mail.js';
import { waitFor } from '../../test/wait-for.js';

let ctx: TestContext;
let smtp: TestSmtpServer;
let admin: Actor;

beforeAll(async () => {
  smtp = await startSmtpServer();
  ctx = await createTestContext({ SMTP_URL: smtp.url });
  admin = await createAdmin(ctx.app);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const basic = (email: string, password: string) => ({
  authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
});

async function appPassword(actor: Actor) {
  const created = await ctx.app.inject({
    method: 'POST',
    url: '/api/users/me/app-passwords',
    headers: actor.headers,
    payload: { name: 'KOReader', password: TEST_PASSWORD },
  });
  expect(created.statusCode).toBe(201);
  return basic(actor.user.email, created.json<{ password: string }>().password);
}

/** A member who bought two paid books (with real PDFs) in one order. */
async function buyerWithOrder(name: string) {
  const buyer = await createMember(ctx.app, { name });
  const books = [];
  for (const [index, title] of [`${name} Part One`, `${name} Part Two`].entries()) {
    books.push(
      await postBook(ctx.app, admin, {
        title,
        price: 4 + index,
        pdf: dataUrl('application/pdf', await makePdf(title, 1)),
      }),
    );
  }
  const card = await ctx.app.inject({
    method: 'POST',
    url: '/api/payment',
    headers: buyer.headers,
    payload: { cardHolder: name, cardNumber: '4242-4242-4242-4242', expiry: '12/29', cvv: '123' },
  });
  for (const book of books) {
    await ctx.app.inject({
      method: 'POST',
      url: '/api/cart/add',
      headers: buyer.headers,
      payload: { bookId: book._id },
    });
  }
  const placed = await ctx.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: buyer.headers,
    payload: { books: books.map((book) => book._id), paymentId: card.json().card._id },
  });
  expect(placed.statusCode).toBe(201);
  const order = (
    await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/${placed.json().order._id}`, headers: admin.headers })
  ).json<AdminOrder>();
  return { buyer, books, order };
}

const refund = (orderId: string, payload: object, key?: string, actor = admin) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${orderId}/refunds`,
    headers: { ...actor.headers, ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

/** A download as a client does it: asks again while the copy is being prepared (202). */
async function download(bookId: string, actor: Actor) {
  return waitFor(
    () => ctx.app.inject({ method: 'GET', url: `/api/books/${bookId}/pdf`, headers: actor.headers }),
    (response) => response.statusCode !== 202,
    { timeoutMs: 120_000 },
  );
}

describe('POST /api/admin/orders/{id}/refunds', () => {
  it('is for admins only and needs a reason', async () => {
    const { buyer, order } = await buyerWithOrder('Cleo');
    expect((await refund(order._id, { reason: 'Asked by the buyer' }, undefined, buyer)).statusCode).toBe(403);
    const noReason = await refund(order._id, {});
    expect(noReason.statusCode).toBe(400);
    const missing = await refund('0190b4a0-0000-7000-8000-000000000000', { reason: 'Asked by the buyer' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
    const foreign = await refund(order._id, { reason: 'Asked', items: ['0190b4a0-0000-7000-8000-000000000000'] });
    expect(foreign.statusCode).toBe(400);
  });

  it('refunds one book: money back at the gateway, the book gone from downloads, library and OPDS; the buyer told', async () => {
    const { buyer, books, order } = await buyerWithOrder('Dara');
    const opds = await appPassword(buyer);
    const [kept, refunded] = order.items;
    const refundedBookId = refunded!.bookId!;
    // The buyer had downloaded it: a stamped copy exists.
    expect((await download(refundedBookId, buyer)).statusCode).toBe(200);
    expect(await ctx.app.db.select().from(stampedCopies).where(eq(stampedCopies.userId, buyer.user._id))).toHaveLength(
      1,
    );
    expect((await ctx.app.inject({ method: 'GET', url: '/opds/library', headers: opds })).body).toContain(
      refunded!.title,
    );

    const response = await refund(
      order._id,
      { items: [refunded!._id], reason: 'Duplicate purchase' },
      'refund-key-0001',
    );
    expect(response.statusCode).toBe(201);
    const after = response.json<{ order: AdminOrder }>().order;
    expect(after).toMatchObject({
      status: 'partially_refunded',
      refundedCents: refunded!.priceCents,
      refunds: [
        {
          amountCents: refunded!.priceCents,
          reason: 'Duplicate purchase',
          status: 'completed',
          titles: [refunded!.title],
        },
      ],
    });
    expect(after.items.map((item) => item.refunded)).toEqual([false, true]);

    const ledger = await simulatedGateway(ctx.app).allRefunds();
    const given = ledger.filter((entry) => entry.idempotencyKey === after.refunds[0]!._id);
    expect(given).toEqual([expect.objectContaining({ amountCents: refunded!.priceCents })]);

    expect((await download(refundedBookId, buyer)).statusCode).toBe(403);
    expect((await download(kept!.bookId!, buyer)).statusCode).toBe(200);
    expect(
      await ctx.app.db
        .select()
        .from(stampedCopies)
        .where(and(eq(stampedCopies.userId, buyer.user._id), eq(stampedCopies.bookId, refundedBookId))),
    ).toEqual([]);
    const library = (await ctx.app.inject({ method: 'GET', url: '/api/orders/owned', headers: buyer.headers })).json();
    expect(library.books.map((book: { _id: string }) => book._id)).toEqual([kept!.bookId]);
    const shelf = (await ctx.app.inject({ method: 'GET', url: '/opds/library', headers: opds })).body;
    expect(shelf).not.toContain(refunded!.title);
    expect(shelf).toContain(kept!.title);
    const opdsFile = await ctx.app.inject({ method: 'GET', url: `/opds/books/${refundedBookId}/file`, headers: opds });
    expect(opdsFile.statusCode).toBe(403);
    expect(books).toHaveLength(2);

    const mail = await waitFor(
      () => smtp.received.find((m) => m.to.includes(buyer.user.email) && m.subject.startsWith('Refund for order')),
      Boolean,
    );
    expect(mail!.subject).toContain(order.number);
    expect(mail!.text).toContain('Reason: Duplicate purchase');
    expect(mail!.text).toContain(refunded!.title);
    const told = await waitFor(
      () => ctx.app.db.select().from(notifications).where(eq(notifications.userId, buyer.user._id)),
      (rows) => rows.some((row) => row.kind === 'order-refunded'),
    );
    expect(told.find((row) => row.kind === 'order-refunded')!.body).toContain(order.number);
  });

  it('is idempotent: the same key refunds once, refuses another body, and nothing is refunded twice', async () => {
    const { order } = await buyerWithOrder('Ezra');
    const first = await refund(order._id, { reason: 'Card stolen' }, 'refund-key-0002');
    expect(first.statusCode).toBe(201);
    const again = await refund(order._id, { reason: 'Card stolen' }, 'refund-key-0002');
    expect(again.statusCode).toBe(200);
    expect(again.json().order).toMatchObject({ status: 'refunded', refundedCents: order.totalCents });
    const reused = await refund(order._id, { reason: 'Another reason' }, 'refund-key-0002');
    expect(reused.statusCode).toBe(422);
    const nothingLeft = await refund(order._id, { reason: 'Card stolen' }, 'refund-key-0003');
    expect(nothingLeft.statusCode).toBe(409);
    expect(nothingLeft.json()).toMatchObject({ code: 'ALREADY_REFUNDED' });
    const [row] = await ctx.app.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    const given = (await simulatedGateway(ctx.app).allRefunds()).filter((entry) => entry.idempotencyKey === row!.id);
    expect(given).toHaveLength(1);
    expect(given[0]!.amountCents).toBe(order.totalCents);
    const charge = (await simulatedGateway(ctx.app).allCharges()).find(
      (c) => c.amountCents === order.totalCents && c.refunded,
    );
    expect(charge).toBeDefined();
  });

  it('a crash between the gateway and the store: the reconciler completes the refund, once', async () => {
    const { buyer, order } = await buyerWithOrder('Fern');
    // As the request would have left it: the refund written, the gateway's money given back, then the crash.
    const [pending] = await ctx.app.db
      .insert(refunds)
      .values({
        orderId: order._id,
        idempotencyKey: 'refund-key-crash',
        itemIds: order.items.map((item) => item._id),
        amountCents: order.totalCents,
        reason: 'Crashed',
        adminId: admin.user._id,
        updatedAt: new Date(Date.now() - 10 * 60_000),
      })
      .returning();
    const [recorded] = await ctx.app.db.select().from(orders).where(eq(orders.id, order._id));
    await ctx.app.paymentGateway.refund(recorded!.chargeId, {
      amountCents: order.totalCents,
      idempotencyKey: pending!.id,
    });
    expect(await ctx.app.db.select().from(entitlements).where(eq(entitlements.userId, buyer.user._id))).toHaveLength(2);

    const report = await ctx.app.paymentReconciler.runOnce();
    expect(report.refundsCompleted).toBe(1);
    expect(await ctx.app.db.select().from(entitlements).where(eq(entitlements.userId, buyer.user._id))).toEqual([]);
    const shown = (
      await ctx.app.inject({ method: 'GET', url: `/api/admin/orders/${order._id}`, headers: admin.headers })
    ).json<AdminOrder>();
    expect(shown).toMatchObject({ status: 'refunded', refundedCents: order.totalCents });
    const given = (await simulatedGateway(ctx.app).allRefunds()).filter(
      (entry) => entry.idempotencyKey === pending!.id,
    );
    expect(given).toHaveLength(1);
    expect((await ctx.app.paymentReconciler.runOnce()).refundsCompleted).toBe(0);
  });
});
