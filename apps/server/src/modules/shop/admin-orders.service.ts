/**
 * The admin's view of the orders: one filter (buyer e-mail, order number or book title; date range;
 * status) shared by the paged list and the CSV export, which walks the same rows in pages by key so
 * its memory stays flat however many orders there are.
 */
import { and, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import { parseOrderNumber, type AdminOrderFilter } from '@ebook/shared';
import type { Executor } from '../../db/client.js';
import {
  orderItems,
  orders,
  refunds,
  salesDaily,
  users,
  type OrderRow,
  type RefundRow,
} from '../../db/schema/index.js';

export interface AdminOrderRecord {
  order: OrderRow;
  buyer: { id: string | null; name: string | null; email: string | null };
  items: {
    id: string;
    bookId: string | null;
    title: string;
    priceCents: number;
    listPriceCents: number | null;
    refundId: string | null;
  }[];
  refunds: RefundRow[];
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** `%`, `_` and `\` typed by the admin are matched as themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** The admin's filter, or one member's orders (their page). */
type OrderFilter = AdminOrderFilter & { buyerId?: string };

export function orderFilter(filter: OrderFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.buyerId) conditions.push(eq(orders.userId, filter.buyerId));
  if (filter.status) conditions.push(eq(orders.status, filter.status));
  if (filter.from) conditions.push(gte(orders.createdAt, new Date(`${filter.from}T00:00:00Z`)));
  if (filter.to) conditions.push(lt(orders.createdAt, new Date(Date.parse(`${filter.to}T00:00:00Z`) + DAY_MS)));
  const q = filter.q?.trim();
  if (q) {
    const number = parseOrderNumber(q);
    if (number !== null) conditions.push(eq(orders.number, number));
    else {
      // The matching orders found from both sides by their trigram indexes (buyers' e-mails, the
      // lines' titles), then joined: never a test of every order against the pattern.
      const pattern = likeText(q);
      conditions.push(sql`${orders.id} in (
        select matched.id from ${orders} matched
          where matched.user_id in (select ${users.id} from ${users} where ${users.email} ilike ${pattern})
        union
        select ${orderItems.orderId} from ${orderItems} where ${orderItems.title} ilike ${pattern})`);
    }
  }
  return and(...conditions);
}

/**
 * Newest first, in the order of the (created_at, id) indexes: they are built DESC NULLS LAST, and a
 * plain DESC (NULLS FIRST) does not match them, so PostgreSQL would sort every order for each page.
 */
const newestFirst = [sql`${orders.createdAt} desc nulls last`, sql`${orders.id} desc nulls last`];

/**
 * The orders after the given one, newest first: a keyset cursor, so the next page is an index walk
 * of one page however deep it is. The order is named by its id and its exact created_at (to the
 * microsecond) read by the database, never rounded through JavaScript's milliseconds.
 */
function olderThan(orderId: string): SQL {
  return sql`(${orders.createdAt}, ${orders.id}) < ((select cursor.created_at from ${orders} cursor where cursor.id = ${orderId}), ${orderId}::uuid)`;
}

/** Past this many matches a search's total is given as "at least", rather than counted to the end. */
export const COUNT_CAP = 10_000;

interface AdminOrderPageRecords {
  records: AdminOrderRecord[];
  total: number;
  totalCapped: boolean;
  /** The last order's id when more follow (the `after` of the next page), else null. */
  nextCursor: string | null;
}

/**
 * One page of the filter's orders: those after the `after` order (the next page by key), or else the
 * page-th page (an offset, for a jump to a numbered page).
 */
export async function listAdminOrders(
  db: Executor,
  filter: OrderFilter,
  { page, limit, after }: { page: number; limit: number; after?: string },
): Promise<AdminOrderPageRecords> {
  const where = orderFilter(filter);
  // The page's ids from the (created_at, id) index alone (one more, to know whether another page
  // follows), then only those rows read in full.
  const ids = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(where, after ? olderThan(after) : undefined))
    .orderBy(...newestFirst)
    .limit(limit + 1)
    .offset(after ? 0 : (page - 1) * limit);
  const rows = await db
    .select({ order: orders, name: users.name, email: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(inArray(orders.id, ids))
    .orderBy(...newestFirst);
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const { total, capped } = await countOrders(db, filter, where);
  return {
    records: await withDetails(db, shown),
    total,
    totalCapped: capped,
    nextCursor: more ? shown[shown.length - 1]!.order.id : null,
  };
}

/**
 * How many orders the filter shows, without counting 100,000 rows for every page: by dates alone
 * from the pre-summed days (exact); the paid ones as those less the few refunded; a search counted
 * up to COUNT_CAP.
 */
async function countOrders(
  db: Executor,
  filter: OrderFilter,
  where: SQL | undefined,
): Promise<{ total: number; capped: boolean }> {
  if (!filter.q?.trim() && !filter.buyerId && (!filter.status || filter.status === 'paid')) {
    const [days] = await db
      .select({ n: sql<number>`coalesce(sum(${salesDaily.orders}), 0)::int` })
      .from(salesDaily)
      .where(
        and(
          filter.from ? gte(salesDaily.day, filter.from) : undefined,
          filter.to ? lte(salesDaily.day, filter.to) : undefined,
        ),
      );
    let total = days?.n ?? 0;
    if (filter.status === 'paid') {
      const [refunded] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(
          and(
            orderFilter({ ...filter, status: undefined }),
            inArray(orders.status, ['partially_refunded', 'refunded']),
          ),
        );
      total -= refunded?.n ?? 0;
    }
    return { total, capped: false };
  }
  const [counted] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(orders)
      .where(where)
      .limit(COUNT_CAP + 1)
      .as('matched'),
  );
  const n = counted?.n ?? 0;
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}

export async function findAdminOrder(db: Executor, orderId: string): Promise<AdminOrderRecord | null> {
  const rows = await db
    .select({ order: orders, name: users.name, email: users.email })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .where(eq(orders.id, orderId));
  const [record] = await withDetails(db, rows);
  return record ?? null;
}

/** Every order the filter shows, newest first, a page at a time (keyset, so each page is an index walk). */
export async function* eachAdminOrder(
  db: Executor,
  filter: AdminOrderFilter,
  batchSize = 500,
): AsyncGenerator<AdminOrderRecord> {
  const where = orderFilter(filter);
  let after: string | undefined;
  for (;;) {
    const rows = await db
      .select({ order: orders, name: users.name, email: users.email })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(and(where, after ? olderThan(after) : undefined))
      .orderBy(...newestFirst)
      .limit(batchSize);
    if (rows.length === 0) return;
    yield* await withDetails(db, rows);
    after = rows[rows.length - 1]!.order.id;
    if (rows.length < batchSize) return;
  }
}

async function withDetails(
  db: Executor,
  rows: { order: OrderRow; name: string | null; email: string | null }[],
): Promise<AdminOrderRecord[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.order.id);
  const [items, refundRows] = await Promise.all([
    db
      .select({
        id: orderItems.id,
        orderId: orderItems.orderId,
        bookId: orderItems.bookId,
        title: orderItems.title,
        priceCents: orderItems.priceCents,
        listPriceCents: orderItems.listPriceCents,
        refundId: orderItems.refundId,
      })
      .from(orderItems)
      .where(inArray(orderItems.orderId, ids))
      .orderBy(orderItems.createdAt, orderItems.id),
    db.select().from(refunds).where(inArray(refunds.orderId, ids)).orderBy(refunds.createdAt, refunds.id),
  ]);
  const itemsOf = groupBy(items, (item) => item.orderId);
  const refundsOf = groupBy(refundRows, (refund) => refund.orderId);
  return rows.map(({ order, name, email }) => ({
    order,
    buyer: { id: order.userId, name, email },
    items: (itemsOf.get(order.id) ?? []).map(({ orderId: _orderId, ...item }) => item),
    refunds: refundsOf.get(order.id) ?? [],
  }));
}

function groupBy<T>(list: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of list) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
