/**
 * "Download my data": everything the store keeps of a member, as one JSON document (their profile,
 * orders with their books, reviews, reading progress, and the books they own with the links to
 * download them). Read in one transaction, so the parts agree with each other.
 */
import { asc, desc, eq, inArray } from 'drizzle-orm';
import { formatOrderNumber, type User } from '@ebook/shared';
import type { Db } from '../../db/client.js';
import { books, entitlements, orderItems, orders, readingProgress, reviews } from '../../db/schema/index.js';
import { presentUser } from './users.presenter.js';
import { getUser } from './users.service.js';

const cents = (value: number) => Number((value / 100).toFixed(2));

type JsonRow<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

/** A row as the document gives it: its dates as ISO strings, every other value as it is. */
function jsonRow<T extends Record<string, unknown>>(row: T): JsonRow<T> {
  return Object.fromEntries(
    Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]),
  ) as JsonRow<T>;
}

export interface MyData {
  exportedAt: string;
  profile: User;
  orders: unknown[];
  reviews: unknown[];
  readingProgress: unknown[];
  books: unknown[];
}

export async function collectMyData(db: Db, { userId }: { userId: string }): Promise<MyData> {
  const user = await getUser(db, userId);
  return db.transaction(async (tx) => {
    const orderRows = await tx.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt));
    const items =
      orderRows.length === 0
        ? []
        : await tx
            .select()
            .from(orderItems)
            .where(
              inArray(
                orderItems.orderId,
                orderRows.map((order) => order.id),
              ),
            )
            .orderBy(asc(orderItems.createdAt));
    const reviewRows = await tx
      .select({
        bookId: reviews.bookId,
        title: books.title,
        rating: reviews.rating,
        text: reviews.text,
        createdAt: reviews.createdAt,
        updatedAt: reviews.updatedAt,
      })
      .from(reviews)
      .innerJoin(books, eq(books.id, reviews.bookId))
      .where(eq(reviews.userId, userId))
      .orderBy(desc(reviews.createdAt));
    const progress = await tx
      .select({
        bookId: readingProgress.bookId,
        title: books.title,
        format: readingProgress.format,
        page: readingProgress.page,
        pages: readingProgress.pages,
        percentage: readingProgress.percentage,
        updatedAt: readingProgress.updatedAt,
      })
      .from(readingProgress)
      .innerJoin(books, eq(books.id, readingProgress.bookId))
      .where(eq(readingProgress.userId, userId))
      .orderBy(desc(readingProgress.updatedAt));
    const owned = await tx
      .select({
        id: books.id,
        title: books.title,
        author: books.author,
        ownedSince: entitlements.createdAt,
        pdfFileId: books.pdfFileId,
        epubFileId: books.epubFileId,
      })
      .from(entitlements)
      .innerJoin(books, eq(books.id, entitlements.bookId))
      .where(eq(entitlements.userId, userId))
      .orderBy(asc(books.title));
    return {
      exportedAt: new Date().toISOString(),
      profile: presentUser(user),
      orders: orderRows.map((order) => ({
        number: formatOrderNumber(order.number, order.createdAt),
        placedAt: order.createdAt.toISOString(),
        status: order.status,
        total: cents(order.totalCents),
        refunded: cents(order.refundedCents),
        currency: order.currency,
        card: order.cardLast4 ? `${order.cardBrand ?? 'Card'} ending ${order.cardLast4}` : null,
        books: items
          .filter((item) => item.orderId === order.id)
          .map((item) => ({
            bookId: item.bookId,
            title: item.title,
            price: cents(item.priceCents),
            refunded: !!item.refundId,
          })),
      })),
      reviews: reviewRows.map(jsonRow),
      readingProgress: progress.map(jsonRow),
      books: owned.map(({ pdfFileId, epubFileId, ...book }) => ({
        ...jsonRow(book),
        downloads: {
          ...(pdfFileId && { pdf: `/api/books/${book.id}/pdf` }),
          ...(epubFileId && { epub: `/api/books/${book.id}/epub` }),
        },
      })),
    };
  });
}
