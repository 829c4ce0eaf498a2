/**
 * The admin's Orders screen: every order with its buyer, books, prices paid, discount, card and
 * status; filters shared by the page and its CSV export; refunds of a whole order or single books.
 */
import { z } from 'zod';
import { PAGE_SIZE } from '../constants.js';

export const ORDER_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  paid: 'Paid',
  partially_refunded: 'Partly refunded',
  refunded: 'Refunded',
};

const day = z.iso.date({ message: 'Use a date such as 2026-03-01' });

/** What the Orders screen and its CSV export filter by: the same for both. */
export const adminOrderFilterSchema = z.object({
  /** A buyer's e-mail, an order number (BK-2026-000123) or a book title; part of one is enough. */
  q: z.string().trim().max(200).optional(),
  /** Inclusive calendar days, UTC. */
  from: day.optional(),
  to: day.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
});
export type AdminOrderFilter = z.infer<typeof adminOrderFilterSchema>;

export const adminOrderListQuerySchema = adminOrderFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE.max).default(PAGE_SIZE.adminOrders),
  /**
   * The next page by key: the orders after this one (the last order of the page before, its
   * `nextCursor`), however deep; `page` then only names the page. Without it, `page` is an offset.
   */
  after: z.uuid({ message: 'Invalid page cursor' }).optional(),
});
export type AdminOrderListQuery = z.infer<typeof adminOrderListQuerySchema>;

export const adminOrderItemSchema = z.object({
  /** The order line's id (what a refund names). */
  _id: z.string(),
  bookId: z.string().nullable(),
  title: z.string(),
  priceCents: z.number().int(),
  /** The book's price before the promotion; null when not known (older orders). */
  listPriceCents: z.number().int().nullable(),
  refunded: z.boolean(),
});

export const adminRefundSchema = z.object({
  _id: z.string(),
  amountCents: z.number().int(),
  reason: z.string(),
  status: z.enum(['pending', 'completed']),
  titles: z.array(z.string()),
  createdAt: z.string(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

export const adminOrderSchema = z.object({
  _id: z.string(),
  number: z.string(),
  createdAt: z.string(),
  buyer: z.object({ _id: z.string().nullable(), name: z.string().nullable(), email: z.string().nullable() }),
  items: z.array(adminOrderItemSchema),
  /** What the promotion took off the books' own prices. */
  discountCents: z.number().int(),
  totalCents: z.number().int(),
  refundedCents: z.number().int(),
  currency: z.string(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  status: z.enum(ORDER_STATUSES),
  refunds: z.array(adminRefundSchema),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

export const adminOrderPageSchema = z.object({
  orders: z.array(adminOrderSchema),
  total: z.number().int(),
  /** A search matched more orders than were counted: `total` is a lower bound. */
  totalCapped: z.boolean(),
  page: z.number().int(),
  limit: z.number().int(),
  /** The `after` of the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type AdminOrderPage = z.infer<typeof adminOrderPageSchema>;

/** POST /api/admin/orders/{id}/refunds: every book still owned when `items` is left out. */
export const refundCreateSchema = z.object({
  items: z
    .array(z.uuid({ message: 'Invalid order line' }))
    .min(1)
    .max(100)
    .optional(),
  reason: z
    .string({ error: 'Please give a reason for the refund.' })
    .trim()
    .min(3, 'Please give a reason for the refund.')
    .max(500, 'The reason may be at most 500 characters.'),
});
export type RefundCreate = z.infer<typeof refundCreateSchema>;

export const refundCreatedSchema = z.object({ msg: z.string(), order: adminOrderSchema });

export const SALES_PERIODS = ['day', 'week', 'month'] as const;
export type SalesPeriod = (typeof SALES_PERIODS)[number];

/** GET /api/admin/sales: the figures between two days (inclusive, UTC), by day, week or month. */
export const salesQuerySchema = z.object({
  from: day,
  to: day,
  period: z.enum(SALES_PERIODS).default('day'),
});
export type SalesQuery = z.infer<typeof salesQuerySchema>;

export const salesSchema = z.object({
  currency: z.string(),
  /** What buyers paid (before refunds). */
  revenueCents: z.number().int(),
  refundedCents: z.number().int(),
  orders: z.number().int(),
  averageOrderCents: z.number().int(),
  /** What the promotion took off the books' own prices. */
  promotionCostCents: z.number().int(),
  series: z.array(z.object({ period: z.string(), revenueCents: z.number().int(), orders: z.number().int() })),
  topBooks: z.array(
    z.object({
      bookId: z.string().nullable(),
      title: z.string(),
      copies: z.number().int(),
      revenueCents: z.number().int(),
    }),
  ),
});
export type Sales = z.infer<typeof salesSchema>;

/** A member's earnings from the paid books they submitted: copies sold (refunds left out) and revenue. */
export const bookEarningsSchema = z.object({
  bookId: z.string(),
  title: z.string(),
  copies: z.number().int(),
  revenueCents: z.number().int(),
  royaltyCents: z.number().int(),
});
export const earningsSchema = z.object({
  currency: z.string(),
  royaltyPercent: z.number(),
  books: z.array(bookEarningsSchema),
});
export type Earnings = z.infer<typeof earningsSchema>;

export const authorEarningsSchema = z.object({
  currency: z.string(),
  royaltyPercent: z.number(),
  authors: z.array(
    z.object({
      userId: z.string(),
      name: z.string(),
      email: z.string(),
      books: z.number().int(),
      copies: z.number().int(),
      revenueCents: z.number().int(),
      royaltyCents: z.number().int(),
    }),
  ),
});
export type AuthorEarnings = z.infer<typeof authorEarningsSchema>;
