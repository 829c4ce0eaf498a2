/**
 * Checkout and order history. POST /api/orders is the only way money moves: the server recomputes
 * the total, checks the card is the caller's, charges through the gateway, then writes the order, its
 * items and the buyer's entitlements and empties those books from the cart in one transaction.
 * An Idempotency-Key makes a retry (or twenty racing double clicks) return the first order, never a
 * second charge: the gateway charges once per key, and the unique (user, key) index lets one order in.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import { PUBLIC_BOOK_STATUSES, parsePriceToCents, type OrderCreate } from '@ebook/shared';
import type { Db, Executor } from '../../db/client.js';
import {
  books,
  cartItems,
  entitlements,
  orderItems,
  orders,
  type BookRow,
  type OrderRow,
} from '../../db/schema/index.js';
import { badRequest, conflict, paymentRequired } from '../../lib/errors.js';
import type { PaymentGateway } from '../payment/gateway/index.js';
import { requireOwnCard } from '../payment/payment.service.js';

export interface OrderItemView {
  bookId: string | null;
  title: string;
  priceCents: number;
  coverFileId: string | null;
}

export interface OrderView {
  order: OrderRow;
  items: OrderItemView[];
}

export interface CheckoutInput {
  userId: string;
  request: OrderCreate;
  idempotencyKey?: string;
  currency: string;
}

export async function createOrder(
  db: Db,
  gateway: PaymentGateway,
  input: CheckoutInput,
): Promise<{ view: OrderView; replayed: boolean }> {
  const key = input.idempotencyKey;
  if (key) {
    const existing = await findOrderByKey(db, input.userId, key);
    if (existing) return { view: existing, replayed: true };
  }
  try {
    return { view: await checkout(db, gateway, input, key ?? `auto:${randomUUID()}`), replayed: false };
  } catch (error) {
    // A racing request with the same key may have won meanwhile: answer with its order.
    if (key) {
      const existing = await findOrderByKey(db, input.userId, key);
      if (existing) return { view: existing, replayed: true };
    }
    throw error;
  }
}

async function checkout(db: Db, gateway: PaymentGateway, input: CheckoutInput, key: string): Promise<OrderView> {
  const { userId, request, currency } = input;
  const card = await requireOwnCard(db, userId, request.paymentId);
  const bookIds = [...new Set(request.books)];
  const selected = await cartBooks(db, userId, bookIds);
  if (selected.length === 0) throw badRequest('No selected books found in cart.', 'NOT_IN_CART');
  if (selected.length < bookIds.length) {
    throw badRequest('Some selected books are no longer in your cart. Please review your order.', 'NOT_IN_CART');
  }
  for (const book of selected) {
    if (!PUBLIC_BOOK_STATUSES.includes(book.status)) {
      throw badRequest(`"${book.title}" is no longer available.`, 'BOOK_UNAVAILABLE');
    }
    if (book.priceCents === 0) throw badRequest(`"${book.title}" is free: download it instead.`, 'BOOK_IS_FREE');
  }
  const owned = await db
    .select({ bookId: entitlements.bookId })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), inArray(entitlements.bookId, bookIds)));
  if (owned.length > 0) throw conflict('You already own a selected book. Find it in My Library.', 'ALREADY_OWNED');

  const totalCents = selected.reduce((sum, book) => sum + book.priceCents, 0);
  if (request.total !== undefined) {
    const clientCents = parsePriceToCents(request.total);
    if (clientCents !== totalCents) {
      throw conflict('The total has changed. Please review your order.', 'TOTAL_MISMATCH');
    }
  }

  const charge = await gateway.charge({
    token: card.gatewayToken,
    amountCents: totalCents,
    currency,
    // One charge per checkout attempt and card: a retry with another card is a new charge.
    idempotencyKey: `${userId}:${key}:${card.id}`,
  });
  if (!charge.ok)
    throw paymentRequired(
      charge.message,
      charge.reason === 'insufficient_funds' ? 'INSUFFICIENT_FUNDS' : 'CARD_DECLINED',
    );

  try {
    return await db.transaction(async (tx) => {
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          idempotencyKey: key,
          totalCents,
          currency,
          chargeId: charge.chargeId,
          cardBrand: card.brand,
          cardLast4: card.last4,
        })
        .returning();
      await tx.insert(orderItems).values(
        selected.map((book) => ({
          orderId: order!.id,
          bookId: book.id,
          title: book.title,
          priceCents: book.priceCents,
        })),
      );
      const granted = await tx
        .insert(entitlements)
        .values(selected.map((book) => ({ userId, bookId: book.id, orderId: order!.id })))
        .onConflictDoNothing()
        .returning({ bookId: entitlements.bookId });
      if (granted.length !== selected.length) {
        throw conflict('You already own a selected book. Find it in My Library.', 'ALREADY_OWNED');
      }
      const removed = await tx
        .delete(cartItems)
        .where(and(eq(cartItems.userId, userId), inArray(cartItems.bookId, bookIds)))
        .returning({ id: cartItems.id });
      if (removed.length !== selected.length) {
        throw badRequest('Some selected books are no longer in your cart. Please review your order.', 'NOT_IN_CART');
      }
      return {
        order: order!,
        items: selected.map((book) => ({
          bookId: book.id,
          title: book.title,
          priceCents: book.priceCents,
          coverFileId: book.coverFileId,
        })),
      };
    });
  } catch (error) {
    // Paid but not recorded: unless a racing request with this key recorded it, give the money back.
    if (!(await findOrderByKey(db, userId, key))) await gateway.refund(charge.chargeId);
    throw error;
  }
}

async function cartBooks(db: Executor, userId: string, bookIds: string[]): Promise<BookRow[]> {
  const rows = await db
    .select({ book: books })
    .from(cartItems)
    .innerJoin(books, eq(books.id, cartItems.bookId))
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.bookId, bookIds)));
  return rows.map((row) => row.book);
}

async function findOrderByKey(db: Executor, userId: string, key: string): Promise<OrderView | null> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)));
  if (!order) return null;
  const [view] = await withItems(db, [order]);
  return view ?? null;
}

/** The caller's orders, newest first; `since` limits them to a recent window. */
export async function listOrders(db: Executor, userId: string, since?: Date): Promise<OrderView[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), since ? gte(orders.createdAt, since) : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(500);
  return withItems(db, rows);
}

async function withItems(db: Executor, rows: OrderRow[]): Promise<OrderView[]> {
  if (rows.length === 0) return [];
  const items = await db
    .select({
      orderId: orderItems.orderId,
      bookId: orderItems.bookId,
      title: orderItems.title,
      priceCents: orderItems.priceCents,
      coverFileId: books.coverFileId,
    })
    .from(orderItems)
    .leftJoin(books, eq(books.id, orderItems.bookId))
    .where(
      inArray(
        orderItems.orderId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(orderItems.createdAt, orderItems.id);
  return rows.map((order) => ({
    order,
    items: items
      .filter((item) => item.orderId === order.id)
      .map(({ bookId, title, priceCents, coverFileId }) => ({ bookId, title, priceCents, coverFileId })),
  }));
}

/** Every book the member owns, newest purchase first. */
export async function listOwnedBooks(db: Executor, userId: string) {
  return db
    .select({ book: books, purchasedAt: entitlements.createdAt, orderId: entitlements.orderId })
    .from(entitlements)
    .innerJoin(books, eq(books.id, entitlements.bookId))
    .where(eq(entitlements.userId, userId))
    .orderBy(desc(entitlements.createdAt));
}
