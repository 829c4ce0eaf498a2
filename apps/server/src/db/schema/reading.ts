import {
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { BookFormat } from '@ebook/shared';
import { sql } from 'drizzle-orm';
import { books } from './books.js';
import { users } from './users.js';

/**
 * Where a member left off in a book: one row per member and book, kept by the reader. In a PDF a page
 * of a page count; in an EPUB a locator (an EPUB CFI) and how far through the book it is (0..1).
 */
export const readingProgress = pgTable(
  'reading_progress',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    format: text('format').$type<BookFormat>().notNull().default('pdf'),
    page: integer('page'),
    pages: integer('pages'),
    locator: text('locator'),
    /** EPUB: the reader's own figure; PDF: null (page / pages is presented). */
    percentage: doublePrecision('percentage'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId] }),
    // "Continue reading": a member's books, last read first.
    index('reading_progress_user_updated_idx').on(t.userId, t.updatedAt.desc()),
    index('reading_progress_book_idx').on(t.bookId),
    check(
      'reading_progress_position_check',
      sql`(${t.format} = 'pdf' and ${t.page} between 1 and ${t.pages} and ${t.pages} <= 100000 and ${t.locator} is null) or (${t.format} = 'epub' and ${t.page} is null and ${t.pages} is null and char_length(${t.locator}) between 1 and 1000 and ${t.percentage} between 0 and 1)`,
    ),
  ],
);

export type ReadingProgressRow = typeof readingProgress.$inferSelect;
