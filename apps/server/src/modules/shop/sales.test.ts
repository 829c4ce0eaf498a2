/**
 * Sales figures from SQL aggregates, proved equal to the sums of the orders themselves; authors'
 * earnings for the member and the admin, with the payouts CSV at AUTHOR_ROYALTY_PERCENT.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderPage, AuthorEarnings, Earnings, Sales } from '@ebook/shared';
import { orderItems, orders } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { buyBook, createAdmin, createBook, createMember, type Actor } from '../../test/factories.js';

let ctx: TestContext;
let admin: Actor;

beforeAll(async () => {
  ctx = await createTestContext({ AUTHOR_ROYALTY_PERCENT: '60' });
  admin = await createAdmin(ctx.app);
});
afterAll(() => ctx.close());

const get = (url: string, actor = admin) => ctx.app.inject({ method: 'GET', url, headers: actor.headers });
const refund = (order: string, items: string[] | undefined) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/admin/orders/${order}/refunds`,
    headers: admin.headers,
    payload: { items, reason: 'Asked by the buyer' },
  });

describe('GET /api/admin/sales', () => {
  it('equals the sums of the orders it covers: revenue by day, week and month, refunds, promotion, top books', async () => {
    const dates = ['2025-01-03T10:00:00Z', '2025-01-03T22:30:00Z', '2025-01-09T08:00:00Z', '2025-02-14T12:00:00Z'];
    const prices = [1200, 750, 999, 450];
    const shared = await createBook(ctx.app, { title: 'Shared Favourite', priceCents: 500 });
    const ids: string[] = [];
    for (const [index, at] of dates.entries()) {
      const buyer = await createMember(ctx.app);
      const own = await createBook(ctx.app, { priceCents: prices[index]! });
      await buyBook(ctx.app, buyer, own.id);
      ids.push(await buyBook(ctx.app, buyer, shared.id));
      // Both of the buyer's orders on that day; the first at a promotion of 1.00 off.
      const mine = await ctx.app.db.select().from(orders).where(eq(orders.userId, buyer.user._id));
      await ctx.app.db
        .update(orders)
        .set({ createdAt: new Date(at) })
        .where(
          inArray(
            orders.id,
            mine.map((order) => order.id),
          ),
        );
      if (index === 0) {
        await ctx.app.db.update(orderItems).set({ listPriceCents: 1300 }).where(eq(orderItems.bookId, own.id));
      }
    }
    // One order refunded whole.
    expect((await refund(ids[2]!, undefined)).statusCode).toBe(201);
    // An order outside the range does not count.
    const outsider = await createMember(ctx.app);
    await buyBook(ctx.app, outsider, (await createBook(ctx.app, { priceCents: 9999 })).id);

    // The orders themselves, as the admin's list shows them.
    const listed: AdminOrder[] = [];
    for (let page = 1; ; page++) {
      const body = (
        await get(`/api/admin/orders?from=2025-01-01&to=2025-02-28&limit=100&page=${page}`)
      ).json<AdminOrderPage>();
      listed.push(...body.orders);
      if (listed.length >= body.total) break;
    }
    expect(listed).toHaveLength(8);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

    const byDay = (await get('/api/admin/sales?from=2025-01-01&to=2025-02-28&period=day')).json<Sales>();
    expect(byDay.orders).toBe(listed.length);
    expect(byDay.revenueCents).toBe(sum(listed.map((order) => order.totalCents)));
    expect(byDay.refundedCents).toBe(sum(listed.map((order) => order.refundedCents)));
    expect(byDay.averageOrderCents).toBe(Math.round(byDay.revenueCents / listed.length));
    expect(byDay.promotionCostCents).toBe(
      sum(
        listed.flatMap((order) =>
          order.items.map((item) => (item.listPriceCents ?? item.priceCents) - item.priceCents),
        ),
      ),
    );
    expect(byDay.promotionCostCents).toBe(100);
    const days = new Map<string, number>();
    for (const order of listed)
      days.set(order.createdAt.slice(0, 10), (days.get(order.createdAt.slice(0, 10)) ?? 0) + order.totalCents);
    expect(byDay.series).toEqual(
      [...days.entries()].sort().map(([period, revenueCents]) => ({
        period,
        revenueCents,
        orders: listed.filter((order) => order.createdAt.startsWith(period)).length,
      })),
    );
    const byMonth = (await get('/api/admin/sales?from=2025-01-01&to=2025-02-28&period=month')).json<Sales>();
    expect(byMonth.series.map((row) => row.period)).toEqual(['2025-01-01', '2025-02-01']);
    expect(sum(byMonth.series.map((row) => row.revenueCents))).toBe(byDay.revenueCents);
    const byWeek = (await get('/api/admin/sales?from=2025-01-01&to=2025-02-28&period=week')).json<Sales>();
    expect(byWeek.series.map((row) => row.period)).toEqual(['2024-12-30', '2025-01-06', '2025-02-10']);
    expect(sum(byWeek.series.map((row) => row.orders))).toBe(8);

    // Top books leave refunded copies out: the shared book sold 4, one refunded.
    expect(byDay.topBooks[0]).toEqual({ bookId: shared.id, title: 'Shared Favourite', copies: 3, revenueCents: 1500 });

    expect((await get('/api/admin/sales?from=2025-02-01&to=2025-01-01')).statusCode).toBe(400);
    expect((await get('/api/admin/sales?from=2025-01-01&to=2025-02-01&period=year')).statusCode).toBe(400);
    const member = await createMember(ctx.app);
    expect((await get('/api/admin/sales?from=2025-01-01&to=2025-02-01', member)).statusCode).toBe(403);
  });
});

describe('the pre-summed days', () => {
  // What the Sales screen reads (sales_daily, sales_book_daily, kept by triggers) against the same
  // sums taken afresh over every order and line; rows summing to nothing are left out of both.
  const fresh = async () => {
    const rows = async (text: string) =>
      ((await ctx.app.db.execute<Record<string, unknown>>(sql.raw(text))) as { rows: unknown[] }).rows;
    return {
      days: await rows(`
        select to_char(day, 'YYYY-MM-DD') as day, orders, revenue_cents::bigint::text as revenue,
               refunded_cents::bigint::text as refunded, promotion_cents::bigint::text as promotion
        from sales_daily where (orders, revenue_cents, refunded_cents, promotion_cents) <> (0, 0, 0, 0) order by 1`),
      summedDays: await rows(`
        select to_char((o.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, count(*)::int as orders,
               sum(o.total_cents)::bigint::text as revenue, sum(o.refunded_cents)::bigint::text as refunded,
               coalesce(sum((select sum(greatest(i.list_price_cents - i.price_cents, 0)) from order_items i
                             where i.order_id = o.id and i.list_price_cents is not null)), 0)::bigint::text as promotion
        from orders o group by 1 order by 1`),
      books: await rows(`
        select to_char(day, 'YYYY-MM-DD') as day, book_id, copies, revenue_cents::bigint::text as revenue
        from sales_book_daily where (copies, revenue_cents) <> (0, 0) order by 1, 2`),
      summedBooks: await rows(`
        select to_char((o.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, i.book_id, count(*)::int as copies,
               sum(i.price_cents)::bigint::text as revenue
        from order_items i join orders o on o.id = i.order_id
        where i.refund_id is null and i.book_id is not null group by 1, 2 order by 1, 2`),
    };
  };

  it('equal the sums of the orders after orders, refunds, a moved date, a changed line and a deleted order', async () => {
    const buyer = await createMember(ctx.app);
    const first = await createBook(ctx.app, { priceCents: 1500 });
    const second = await createBook(ctx.app, { priceCents: 800 });
    const third = await createBook(ctx.app, { priceCents: 300 });
    const kept = await buyBook(ctx.app, buyer, first.id);
    const moved = await buyBook(ctx.app, buyer, second.id);
    const gone = await buyBook(ctx.app, buyer, third.id);
    const before = await fresh();
    expect(before.days).toEqual(before.summedDays);
    expect(before.books).toEqual(before.summedBooks);
    expect(before.days.length).toBeGreaterThan(0);

    await ctx.app.db
      .update(orders)
      .set({ createdAt: new Date('2024-06-30T23:59:59Z') })
      .where(eq(orders.id, moved));
    await ctx.app.db.update(orderItems).set({ listPriceCents: 2000 }).where(eq(orderItems.orderId, moved));
    expect((await refund(kept, undefined)).statusCode).toBe(201);
    expect((await refund(moved, undefined)).statusCode).toBe(201);
    await ctx.app.db.delete(orders).where(eq(orders.id, gone));

    const after = await fresh();
    expect(after.days).toEqual(after.summedDays);
    expect(after.books).toEqual(after.summedBooks);
    expect(after.days).toContainEqual({
      day: '2024-06-30',
      orders: 1,
      revenue: '800',
      refunded: '800',
      promotion: '1200',
    });
    const day = (await get('/api/admin/sales?from=2024-06-30&to=2024-06-30')).json<Sales>();
    expect(day).toMatchObject({
      orders: 1,
      revenueCents: 800,
      refundedCents: 800,
      promotionCostCents: 1200,
      topBooks: [],
    });
  });
});

describe("authors' earnings", () => {
  it('the member sees copies sold and revenue per paid book; the admin per author, and the payouts CSV', async () => {
    const author = await createMember(ctx.app, { name: 'Opal Author' });
    const sold = await createBook(ctx.app, {
      title: 'Opal Sells',
      priceCents: 1000,
      userId: author.user._id,
      status: 'approved',
    });
    await createBook(ctx.app, { title: 'Opal Unsold', priceCents: 500, userId: author.user._id, status: 'approved' });
    await createBook(ctx.app, { title: 'Opal Free', priceCents: 0, userId: author.user._id, status: 'approved' });
    const orderIds = [];
    for (let i = 0; i < 3; i++) orderIds.push(await buyBook(ctx.app, await createMember(ctx.app), sold.id));
    expect((await refund(orderIds[0]!, undefined)).statusCode).toBe(201);

    const mine = (await get('/api/users/me/earnings', author)).json<Earnings>();
    expect(mine).toEqual({
      currency: 'USD',
      royaltyPercent: 60,
      books: [
        { bookId: sold.id, title: 'Opal Sells', copies: 2, revenueCents: 2000, royaltyCents: 1200 },
        expect.objectContaining({ title: 'Opal Unsold', copies: 0, revenueCents: 0, royaltyCents: 0 }),
      ],
    });

    expect((await get('/api/admin/earnings', author)).statusCode).toBe(403);
    const all = (await get('/api/admin/earnings')).json<AuthorEarnings>();
    expect(all.authors.find((row) => row.userId === author.user._id)).toEqual({
      userId: author.user._id,
      name: 'Opal Author',
      email: author.user.email,
      books: 1,
      copies: 2,
      revenueCents: 2000,
      royaltyCents: 1200,
    });
    const csv = await get('/api/admin/earnings/payouts');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = csv.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Author,E-mail,Books sold,Copies,Revenue,Royalty (60%),Currency');
    expect(lines).toContain(`Opal Author,${author.user.email},1,2,20.00,12.00,USD`);
  });
});
