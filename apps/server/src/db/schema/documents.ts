import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { books } from './books.js';
import { files } from './files.js';
import { users } from './users.js';

/**
 * A document job that failed on a file (its worker ran out of memory or time, or crashed): the file is
 * not tried again for that kind of job (no crash loop after a restart); the admins were told. A new
 * PDF is a new file and starts clean.
 */
export const documentFailures = pgTable(
  'document_failures',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'stamp'>().notNull(),
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.kind] })],
);

/** Each time a sample had to be cut again because its length changed: limited per book and per member. */
export const sampleRecuts = pgTable(
  'sample_recuts',
  {
    id: id(),
    bookId: uuid('book_id')
      .notNull()
      .references(() => books.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('sample_recuts_book_idx').on(t.bookId, t.createdAt),
    index('sample_recuts_user_idx').on(t.userId, t.createdAt),
  ],
);
