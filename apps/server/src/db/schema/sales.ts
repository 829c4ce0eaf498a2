import { bigint, date, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';

/**
 * The Sales screen's figures summed per day (UTC) of the order, so a year of figures reads 365 rows
 * instead of every order. Never written by the code: triggers on orders and order_items
 * (drizzle/0017_sales_daily.sql) keep them, in the transaction that writes the order or the refund,
 * so they always equal the sums of the orders themselves.
 */
export const salesDaily = pgTable('sales_daily', {
  day: date('day', { mode: 'string' }).primaryKey(),
  orders: integer('orders').notNull().default(0),
  revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  /** The books' own prices less what was paid, over every line with its own price kept. */
  promotionCents: bigint('promotion_cents', { mode: 'number' }).notNull().default(0),
});

/** Per day and book: copies sold and revenue, refunded lines left out (the top books). */
export const salesBookDaily = pgTable(
  'sales_book_daily',
  {
    day: date('day', { mode: 'string' }).notNull(),
    bookId: uuid('book_id').notNull(),
    /** The greatest title sold that day, as the order lines keep it. */
    title: text('title').notNull(),
    copies: integer('copies').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.bookId] })],
);
