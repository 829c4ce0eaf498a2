import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { BookFormat } from '@ebook/shared';
import { createdAt } from './columns.js';
import { books } from './books.js';
import { files } from './files.js';
import { orders } from './payments.js';
import { users } from './users.js';

/**
 * A buyer's own copy of a paid book, one per format: the book's PDF (or EPUB, with a colophon page) with the buyer's name, e-mail and order in a footer
 * and in the metadata. Made on the first download, kept as a file like any other (so the next download
 * costs no stamping); made again when the book's PDF is replaced (`sourceFileId` names what it was made
 * from).
 */
export const stampedCopies = pgTable(
  'stamped_copies',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    format: text('format').$type<BookFormat>().notNull().default('pdf'),
    sourceFileId: uuid('source_file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.bookId, t.format] }),
    index('stamped_copies_file_idx').on(t.fileId),
    index('stamped_copies_source_idx').on(t.sourceFileId),
  ],
);

export type StampedCopyRow = typeof stampedCopies.$inferSelect;
