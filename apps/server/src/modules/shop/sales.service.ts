/**
 * Sales figures and authors' earnings, from SQL aggregates over orders and their lines (never from
 * rows pulled into the process): revenue per day, week or month, orders, average order, refunds, what
 * the promotion cost, the best-selling books; and per submitted book, copies sold and revenue.
 */
import { and, desc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { SalesPeriod } from '@ebook/shared';
import type { Executor } from '../../db/client.js';
import { books, orderItems, orders, users } from '../../db/schema/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Written into the SQL as text: only these, never the request's own string. */
const PERIODS: Record<SalesPeriod, string> = { day: 'day', week: 'week', month: 'month' };

export interface SalesRange {
  from: string;
  to: string;
  period: SalesPeriod;
}

const inRange = ({ from, to }: Pick<SalesRange, 'from' | 'to'>) =>
  and(
    gte(orders.createdAt, new Date(`${from}T00:00:00Z`)),
    lt(orders.createdAt, new Date(Date.parse(`${to}T00:00:00Z`) + DAY_MS)),
  );

export async function salesFigures(db: Executor, range: SalesRange) {
  const where = inRange(range);
  // Periods in UTC, as the date range is.
  const bucket = sql<string>`to_char(date_trunc('${sql.raw(PERIODS[range.period])}', ${orders.createdAt} at time zone 'UTC'), 'YYYY-MM-DD')`;
  const [[totals], series, [promotion], topBooks] = await Promise.all([
    db
      .select({
        orders: sql<number>`count(*)::int`,
        revenueCents: sql<number>`coalesce(sum(${orders.totalCents}), 0)::bigint`,
        refundedCents: sql<number>`coalesce(sum(${orders.refundedCents}), 0)::bigint`,
      })
      .from(orders)
      .where(where),
    db
      .select({
        period: bucket,
        revenueCents: sql<number>`sum(${orders.totalCents})::bigint`,
        orders: sql<number>`count(*)::int`,
      })
      .from(orders)
      .where(where)
      .groupBy(bucket)
      .orderBy(bucket),
    db
      .select({
        cost: sql<number>`coalesce(sum(greatest(${orderItems.listPriceCents} - ${orderItems.priceCents}, 0)), 0)::bigint`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(where, isNotNull(orderItems.listPriceCents))),
    db
      .select({
        bookId: orderItems.bookId,
        title: sql<string>`max(${orderItems.title})`,
        copies: sql<number>`count(*)::int`,
        revenueCents: sql<number>`sum(${orderItems.priceCents})::bigint`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .where(and(where, isNull(orderItems.refundId)))
      .groupBy(orderItems.bookId)
      .orderBy(desc(sql`sum(${orderItems.priceCents})`), desc(sql`count(*)`))
      .limit(10),
  ]);
  const count = totals?.orders ?? 0;
  const revenueCents = Number(totals?.revenueCents ?? 0);
  return {
    orders: count,
    revenueCents,
    refundedCents: Number(totals?.refundedCents ?? 0),
    averageOrderCents: count === 0 ? 0 : Math.round(revenueCents / count),
    promotionCostCents: Number(promotion?.cost ?? 0),
    series: series.map((row) => ({ period: row.period, revenueCents: Number(row.revenueCents), orders: row.orders })),
    topBooks: topBooks.map((row) => ({ ...row, revenueCents: Number(row.revenueCents) })),
  };
}

const royalty = (revenueCents: number, percent: number) => Math.floor((revenueCents * percent) / 100);

/** Per paid book a member submitted: copies sold and revenue (refunded lines left out). */
export async function memberEarnings(db: Executor, userId: string, royaltyPercent: number) {
  const rows = await db
    .select({
      bookId: books.id,
      title: books.title,
      copies: sql<number>`count(${orderItems.id})::int`,
      revenueCents: sql<number>`coalesce(sum(${orderItems.priceCents}), 0)::bigint`,
    })
    .from(books)
    .leftJoin(orderItems, and(eq(orderItems.bookId, books.id), isNull(orderItems.refundId)))
    .where(and(eq(books.userId, userId), sql`${books.priceCents} > 0`))
    .groupBy(books.id, books.title)
    .orderBy(desc(sql`coalesce(sum(${orderItems.priceCents}), 0)`), books.title);
  return rows.map((row) => {
    const revenueCents = Number(row.revenueCents);
    return { ...row, revenueCents, royaltyCents: royalty(revenueCents, royaltyPercent) };
  });
}

/** Per member whose submitted books sold: books, copies, revenue and royalty. */
export async function authorEarnings(db: Executor, royaltyPercent: number) {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      books: sql<number>`count(distinct ${books.id})::int`,
      copies: sql<number>`count(*)::int`,
      revenueCents: sql<number>`sum(${orderItems.priceCents})::bigint`,
    })
    .from(orderItems)
    .innerJoin(books, eq(books.id, orderItems.bookId))
    .innerJoin(users, eq(users.id, books.userId))
    .where(and(isNull(orderItems.refundId), eq(users.role, 'member')))
    .groupBy(users.id, users.name, users.email)
    .orderBy(desc(sql`sum(${orderItems.priceCents})`));
  return rows.map((row) => {
    const revenueCents = Number(row.revenueCents);
    return { ...row, revenueCents, royaltyCents: royalty(revenueCents, royaltyPercent) };
  });
}
