import { index, integer, pgTable, primaryKey, timestamp, uuid, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { books } from './books.js';
import { users } from './users.js';

/** Where a member left off in a book: one row per member and book, kept by the reader. */
export const readingProgress = pgTable(
  'reading_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    page: integer('page').notNull(),
    pages: integer('pages').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId] }),
    // "Continue reading": a member's books, last read first.
    index('reading_progress_user_updated_idx').on(t.userId, t.updatedAt.desc()),
    index('reading_progress_book_idx').on(t.bookId),
    check('reading_progress_page_check', sql`${t.page} between 1 and ${t.pages} and ${t.pages} <= 100000`),
  ],
);

export type ReadingProgressRow = typeof readingProgress.$inferSelect;
