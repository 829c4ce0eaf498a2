import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.js';
import { books } from './books.js';
import { users } from './users.js';

/** The store-wide promotion: one row (id 1), set by the admin; it runs while active and before endsAt. */
export const promotions = pgTable(
  'promotions',
  {
    id: integer('id').primaryKey().default(1),
    percentOff: integer('percent_off').notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('promotions_single_row_check', sql`${t.id} = 1`),
    check('promotions_percent_check', sql`${t.percentOff} BETWEEN 1 AND 90`),
  ],
);

/** A member's review of a book they own: once per book, editable and removable. */
export const reviews = pgTable(
  'reviews',
  {
    id: id(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    text: text('text').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_book_user_idx').on(t.bookId, t.userId),
    index('reviews_book_created_idx').on(t.bookId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('reviews_user_idx').on(t.userId),
    check('reviews_rating_check', sql`${t.rating} BETWEEN 1 AND 5`),
  ],
);

export type PromotionRow = typeof promotions.$inferSelect;
export type ReviewRow = typeof reviews.$inferSelect;
