/**
 * Sales figures and authors' earnings, from SQL aggregates (never from rows pulled into the
 * process): revenue per day, week or month, orders, average order, refunds, what the promotion cost,
 * the best-selling books; and per submitted book, copies sold and revenue.
 */
import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import type { SalesPeriod } from '@ebook/shared';
import type { Executor } from '../../db/client.js';
import { books, orderItems, salesBookDaily, salesDaily, users } from '../../db/schema/index.js';

/** Written into the SQL as text: only these, never the request's own string. */
const PERIODS: Record<SalesPeriod, string> = { day: 'day', week: 'week', month: 'month' };

export interface SalesRange {
  from: string;
  to: string;
  period: SalesPeriod;
}

const inDays = (
  column: typeof salesDaily.day | typeof salesBookDaily.day,
  { from, to }: Pick<SalesRange, 'from' | 'to'>,
) => and(gte(column, from), lte(column, to));

/**
 * From the pre-summed days (sales_daily, sales_book_daily: kept by triggers in the transaction of
 * every order and refund), so a year of figures reads a few hundred rows, not every order.
 */
export async function salesFigures(db: Executor, range: SalesRange) {
  const days = inDays(salesDaily.day, range);
  // Periods in UTC, as the days are.
  const bucket = sql<string>`to_char(date_trunc('${sql.raw(PERIODS[range.period])}', ${salesDaily.day}::timestamp), 'YYYY-MM-DD')`;
  const copies = sql<number>`sum(${salesBookDaily.copies})`;
  const bookRevenue = sql<number>`sum(${salesBookDaily.revenueCents})`;
  const [[totals], series, topBooks] = await Promise.all([
    db
      .select({
        orders: sql<number>`coalesce(sum(${salesDaily.orders}), 0)::int`,
        revenueCents: sql<number>`coalesce(sum(${salesDaily.revenueCents}), 0)::bigint`,
        refundedCents: sql<number>`coalesce(sum(${salesDaily.refundedCents}), 0)::bigint`,
        promotionCents: sql<number>`coalesce(sum(${salesDaily.promotionCents}), 0)::bigint`,
      })
      .from(salesDaily)
      .where(days),
    db
      .select({
        period: bucket,
        revenueCents: sql<number>`sum(${salesDaily.revenueCents})::bigint`,
        orders: sql<number>`sum(${salesDaily.orders})::int`,
      })
      .from(salesDaily)
      .where(and(days, sql`${salesDaily.orders} > 0`))
      .groupBy(bucket)
      .orderBy(bucket),
    db
      .select({
        bookId: salesBookDaily.bookId,
        title: sql<string>`max(${salesBookDaily.title})`,
        copies: sql<number>`${copies}::int`,
        revenueCents: sql<number>`${bookRevenue}::bigint`,
      })
      .from(salesBookDaily)
      .where(inDays(salesBookDaily.day, range))
      .groupBy(salesBookDaily.bookId)
      .having(sql`${copies} > 0`)
      .orderBy(desc(bookRevenue), desc(copies))
      .limit(10),
  ]);
  const count = totals?.orders ?? 0;
  const revenueCents = Number(totals?.revenueCents ?? 0);
  return {
    orders: count,
    revenueCents,
    refundedCents: Number(totals?.refundedCents ?? 0),
    averageOrderCents: count === 0 ? 0 : Math.round(revenueCents / count),
    promotionCostCents: Number(totals?.promotionCents ?? 0),
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
