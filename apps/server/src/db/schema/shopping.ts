import { index, pgTable, primaryKey, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { books } from './books.js';
import { users } from './users.js';

export const wishlistItems = pgTable(
  'wishlist_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('wishlist_user_book_idx').on(t.userId, t.bookId)],
);

/** A cart line. E-books are bought once, so a book is in a cart at most once (no quantity column). */
export const cartItems = pgTable(
  'cart_items',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('cart_user_book_idx').on(t.userId, t.bookId)],
);

/** What a member owns: a row per bought book, written in the order's transaction. */
export const entitlements = pgTable(
  'entitlements',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    orderId: uuid('order_id'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.bookId] }), index('entitlements_book_idx').on(t.bookId)],
);
