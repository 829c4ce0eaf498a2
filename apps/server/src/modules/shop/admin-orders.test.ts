/**
 * The admin's Orders: admin only; one page at a time; search by buyer e-mail, order number or book
 * title; date range and status; the CSV export of what the filter shows.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminOrder, AdminOrderPage } from '@ebook/shared';
import { orders } from '../../db/schema/index.js';
import { createTestContext, type TestContext } from '../../test/context.js';
import { buyBook, createAdmin, createBook, createMember, type Actor } from '../../test/factories.js';

let ctx: TestContext;
let admin: Actor;
let ann: Actor;
let bob: Actor;
const bought: Record<string, string> = {};
const tag = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createAdmin(ctx.app);
  ann = await createMember(ctx.app, { name: 'Ann Buyer' });
  bob = await createMember(ctx.app, { name: 'Bob Buyer' });
  const titles = [`Sea Glass ${tag}`, `Night Trains ${tag}`, `=Stone Soup ${tag}`];
  for (const [index, title] of titles.entries()) {
    const book = await createBook(ctx.app, { title, priceCents: 500 + index * 100 });
    bought[title] = await buyBook(ctx.app, index === 2 ? bob : ann, book.id);
  }
  // Night Trains was bought in spring.
  await ctx.app.db
    .update(orders)
    .set({ createdAt: new Date('2026-04-10T12:00:00Z') })
    .where(eq(orders.id, bought[`Night Trains ${tag}`]!));
});
afterAll(() => ctx.close());

const list = async (query: string, actor = admin) => {
  const response = await ctx.app.inject({ method: 'GET', url: `/api/admin/orders?${query}`, headers: actor.headers });
  return response;
};
const page = async (query: string) => {
  const response = await list(query);
  expect(response.statusCode).toBe(200);
  return response.json<AdminOrderPage>();
};

describe('GET /api/admin/orders', () => {
  it('is for admins only', async () => {
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/orders' })).statusCode).toBe(401);
    expect((await list('', ann)).statusCode).toBe(403);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/admin/orders/export', headers: ann.headers })).statusCode,
    ).toBe(403);
  });

  it('shows each order with buyer, books, prices, discount, total, card and status, newest first, paged', async () => {
    const first = await page(`q=${tag}&limit=2`);
    expect(first.total).toBe(3);
    expect(first.orders).toHaveLength(2);
    const order = first.orders.find((o) => o._id === bought[`Sea Glass ${tag}`]) as AdminOrder;
    expect(order).toMatchObject({
      number: expect.stringMatching(/^BK-\d{4}-\d{6,}$/),
      buyer: { _id: ann.user._id, name: 'Ann Buyer', email: ann.user.email },
      items: [{ title: `Sea Glass ${tag}`, priceCents: 500, listPriceCents: 500, refunded: false }],
      discountCents: 0,
      totalCents: 500,
      refundedCents: 0,
      cardBrand: 'visa',
      cardLast4: '4242',
      status: 'paid',
      refunds: [],
    });
    const second = await page(`q=${tag}&limit=2&page=2`);
    expect(second.orders.map((o) => o._id)).toEqual([bought[`Night Trains ${tag}`]]);
    expect(new Set([...first.orders, ...second.orders].map((o) => o._id)).size).toBe(3);
  });

  it('finds orders by buyer e-mail, order number (any case) and book title; by dates and status', async () => {
    const byEmail = await page(`q=${encodeURIComponent(ann.user.email.toUpperCase())}`);
    expect(byEmail.orders.map((o) => o._id).sort()).toEqual(
      [bought[`Sea Glass ${tag}`], bought[`Night Trains ${tag}`]].sort(),
    );
    const soup = (await page(`q=${encodeURIComponent(`stone soup ${tag}`)}`)).orders;
    expect(soup.map((o) => o._id)).toEqual([bought[`=Stone Soup ${tag}`]]);
    const byNumber = await page(`q=${soup[0]!.number.toLowerCase()}`);
    expect(byNumber.orders.map((o) => o._id)).toEqual([bought[`=Stone Soup ${tag}`]]);
    // Wildcards typed by the admin are matched as themselves.
    expect((await page(`q=${encodeURIComponent('%')}`)).total).toBe(0);

    const spring = await page(`q=${tag}&from=2026-04-10&to=2026-04-10`);
    expect(spring.orders.map((o) => o._id)).toEqual([bought[`Night Trains ${tag}`]]);
    expect((await page(`q=${tag}&from=2026-04-11&to=2026-04-30`)).total).toBe(0);
    expect((await page(`q=${tag}&status=paid`)).total).toBe(3);
    expect((await page(`q=${tag}&status=refunded`)).total).toBe(0);
  });

  it('gives the next page by key: after the last order shown, orders a microsecond apart kept', async () => {
    // A title of their own, so the other filters' tests do not see these orders.
    const same = `Same Moment ${Math.random().toString(36).slice(2, 8)}`;
    const ids: string[] = [];
    for (const index of [1, 2, 3]) {
      const book = await createBook(ctx.app, { title: `${same} ${index}`, priceCents: 300 });
      ids.push(await buyBook(ctx.app, bob, book.id));
    }
    // Three orders in one millisecond: a cursor rounded to JavaScript's milliseconds would lose two.
    for (const [index, id] of ids.entries()) {
      await ctx.app.db
        .update(orders)
        .set({ createdAt: sql`'2026-05-01T10:00:00.000Z'::timestamptz + ${index} * interval '1 microsecond'` })
        .where(eq(orders.id, id));
    }
    const walked: string[] = [];
    let current = await page(`q=${encodeURIComponent(same)}&limit=1`);
    for (;;) {
      walked.push(...current.orders.map((o) => o._id));
      if (!current.nextCursor) break;
      expect(current.nextCursor).toBe(current.orders[0]!._id);
      current = await page(
        `q=${encodeURIComponent(same)}&limit=1&page=${walked.length + 1}&after=${current.nextCursor}`,
      );
    }
    expect(walked).toEqual([...ids].reverse());
    expect(current.page).toBe(3);
    // The plain list too: the page after the newest of the three starts with the next one.
    const next = await page(`limit=2&after=${ids[2]}&from=2026-05-01&to=2026-05-01`);
    expect(next.orders.map((o) => o._id)).toEqual([ids[1], ids[0]]);
    expect(next.nextCursor).toBeNull();
  });

  it('refuses a bad filter with 400 and names a missing order 404', async () => {
    for (const query of ['from=yesterday', 'status=lost', 'page=0', 'limit=1000', 'after=BK-2026-000001']) {
      const response = await list(query);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
    const missing = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/orders/0190b4a0-0000-7000-8000-000000000000',
      headers: admin.headers,
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ code: 'ORDER_NOT_FOUND' });
  });
});

describe('GET /api/admin/orders/export', () => {
  it('streams what the filter shows as CSV, with formulas defused', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/export?q=${tag}`,
      headers: admin.headers,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="orders-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = response.body
      .replace(/^\ufeff/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Order number,Date (UTC),Buyer name,Buyer e-mail,Books,Prices paid,Discount,Total,Refunded,Currency,Card brand,Card last 4,Status',
    );
    expect(lines).toHaveLength(4);
    const spring = lines.find((line) => line.includes(`Night Trains ${tag}`))!;
    expect(spring).toMatch(
      new RegExp(
        `^BK-2026-\\d{6,},2026-04-10T12:00:00.000Z,Ann Buyer,${ann.user.email},Night Trains ${tag},6.00,0.00,6.00,0.00,USD,visa,4242,Paid$`,
      ),
    );
    // A title a spreadsheet would run as a formula is written as text.
    const bobs = lines.find((line) => line.includes(`Stone Soup ${tag}`))!;
    expect(bobs).toContain(`,Bob Buyer,${bob.user.email},'=Stone Soup ${tag},`);

    const filtered = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/orders/export?q=${tag}&from=2026-04-01&to=2026-04-30`,
      headers: admin.headers,
    });
    expect(
      filtered.body
        .replace(/^\ufeff/, '')
        .trimEnd()
        .split('\r\n'),
    ).toHaveLength(2);
  });
});
