import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES } from '@ebook/shared';
import { createdAt, id, updatedAt } from './columns.js';
import { books } from './books.js';
import { users } from './users.js';

/**
 * A saved card: only the payment gateway's token and what the screen shows. Never the full number,
 * never the CVV (PCI DSS).
 */
export const paymentCards = pgTable(
  'payment_cards',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gatewayToken: text('gateway_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** The gateway's fingerprint (keyed with the gateway's secret, never the store's); null for cards saved before. */
    fingerprint: text('fingerprint'),
    holder: text('holder').notNull(),
    expiry: text('expiry').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payment_cards_user_idx').on(t.userId, t.createdAt)],
);

/** One store-wide sequence for order numbers (`BK-2026-000123`): never reset, so the number alone names an order. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 1, increment: 1, cache: 1 });

/** Orders outlive their buyer's account (userId set null) for the books' accounting. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    /** The number people read aloud, assigned by the database at insert; shown with formatOrderNumber. */
    number: bigint('number', { mode: 'number' })
      .notNull()
      .default(sql`nextval('order_number_seq')`),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    chargeId: text('charge_id').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    /** paid, partially_refunded or refunded; kept with refundedCents by the refund's transaction. */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('paid'),
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    check('orders_status_check', sql`${t.status} in ('paid', 'partially_refunded', 'refunded')`),
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('orders_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_status_created_idx').on(t.status, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('orders_number_idx').on(t.number),
    uniqueIndex('orders_user_idempotency_idx').on(t.userId, t.idempotencyKey),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id').references(() => books.id, { onDelete: 'set null' }),
    /** Title and price as sold, kept when the book changes or goes. */
    title: text('title').notNull(),
    priceCents: integer('price_cents').notNull(),
    /** The book's own price before the promotion (null for orders placed before it was kept). */
    listPriceCents: integer('list_price_cents'),
    /** The completed refund that gave this book's price back (the buyer no longer owns it). */
    refundId: uuid('refund_id').references((): AnyPgColumn => refunds.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // The admin's search by part of a book's title.
    index('order_items_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
  ],
);

export const REFUND_STATUSES = ['pending', 'completed'] as const;

/**
 * An admin's refund of a whole order or some of its books. Written (pending) before the gateway is
 * asked, bound to its Idempotency-Key, so a crash between the gateway's refund and the store's records
 * leaves a pending refund the reconciler completes (the gateway refunds once per key).
 */
export const refunds = pgTable(
  'refunds',
  {
    id: id(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** The order items refunded. */
    itemIds: jsonb('item_ids').$type<string[]>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    gatewayRefundId: text('gateway_refund_id'),
    adminId: uuid('admin_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_order_key_idx').on(t.orderId, t.idempotencyKey),
    index('refunds_pending_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} = 'pending'`),
    index('refunds_created_idx').on(t.createdAt),
    check('refunds_status_check', sql`${t.status} in ('pending', 'completed')`),
    check('refunds_amount_check', sql`${t.amountCents} >= 0`),
  ],
);

/** What a payment attempt bought: each book with its title and price when the checkout began. */
export interface PaymentAttemptItem {
  bookId: string;
  title: string;
  priceCents: number;
  /** The price before the promotion (absent on attempts begun before it was kept). */
  listPriceCents?: number;
}

export const PAYMENT_ATTEMPT_STATUSES = ['pending', 'charged', 'completed', 'refunded', 'expired', 'declined'] as const;
export type PaymentAttemptStatus = (typeof PAYMENT_ATTEMPT_STATUSES)[number];

/**
 * A checkout, written before the gateway is called, so no charge can happen that the store does not
 * know about. Bound to its Idempotency-Key and to a hash of the request: the same key with another
 * request is refused. pending -> charged -> completed (the order exists), or declined, or refunded
 * (charged but could not be fulfilled), or expired (never charged). The gateway's idempotency key for
 * the charge is the attempt's id.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    cardId: uuid('card_id').references(() => paymentCards.id, { onDelete: 'set null' }),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    items: jsonb('items').$type<PaymentAttemptItem[]>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull(),
    status: text('status', { enum: PAYMENT_ATTEMPT_STATUSES }).notNull().default('pending'),
    chargeId: text('charge_id'),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** Why an attempt was declined or refunded, for support. */
    failure: text('failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payment_attempts_user_key_idx').on(t.userId, t.idempotencyKey),
    index('payment_attempts_open_idx')
      .on(t.updatedAt)
      .where(sql`${t.status} in ('pending', 'charged')`),
    check(
      'payment_attempts_status_check',
      sql`${t.status} in ('pending', 'charged', 'completed', 'refunded', 'expired', 'declined')`,
    ),
    check('payment_attempts_amount_check', sql`${t.amountCents} > 0`),
  ],
);

export type PaymentCardRow = typeof paymentCards.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;
