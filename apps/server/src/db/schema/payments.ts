import { index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
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
    fingerprint: text('fingerprint').notNull(),
    holder: text('holder').notNull(),
    expiry: text('expiry').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payment_cards_user_idx').on(t.userId, t.createdAt)],
);

/** Orders outlive their buyer's account (userId set null) for the books' accounting. */
export const orders = pgTable(
  'orders',
  {
    id: id(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    idempotencyKey: text('idempotency_key'),
    totalCents: integer('total_cents').notNull(),
    currency: text('currency').notNull(),
    chargeId: text('charge_id').notNull(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc()),
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
    createdAt: createdAt(),
  },
  (t) => [index('order_items_order_idx').on(t.orderId)],
);

/**
 * The simulated payment processor's own vault and ledger, kept apart from the store's tables as a
 * real processor's would be. It holds no card number either: only what test mode needs to answer.
 */
export const gatewayCards = pgTable('gateway_cards', {
  token: text('token').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  /** Test-mode behaviour decided from the number when saved: succeed, decline or insufficient funds. */
  behaviour: text('behaviour', { enum: ['succeed', 'decline', 'insufficient_funds'] }).notNull(),
  createdAt: createdAt(),
});

export const gatewayCharges = pgTable('gateway_charges', {
  id: text('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  token: text('token').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  outcome: text('outcome').notNull(),
  createdAt: createdAt(),
});

export type PaymentCardRow = typeof paymentCards.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
