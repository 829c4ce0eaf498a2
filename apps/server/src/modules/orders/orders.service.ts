/**
 * Order history: a member's orders with their items, and the books they own. Checkout (the only way
 * money moves) is in checkout.service.ts.
 */
import { and, desc, eq, gte, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { books, entitlements, orderItems, orders, type OrderRow } from '../../db/schema/index.js';

export interface OrderItemView {
  bookId: string | null;
  title: string;
  priceCents: number;
  listPriceCents: number | null;
  refunded: boolean;
  coverFileId: string | null;
}

export interface OrderView {
  order: OrderRow;
  items: OrderItemView[];
}

/** One order with its items. */
export async function findOrderView(db: Executor, orderId: string): Promise<OrderView | null> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
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
      listPriceCents: orderItems.listPriceCents,
      refundId: orderItems.refundId,
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
      .map(({ bookId, title, priceCents, listPriceCents, refundId, coverFileId }) => ({
        bookId,
        title,
        priceCents,
        listPriceCents,
        refunded: refundId !== null,
        coverFileId,
      })),
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
