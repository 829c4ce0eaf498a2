import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { BookMeta, BookStatus } from '@ebook/shared';
import { createdAt, id, tsvector, updatedAt } from './columns.js';
import { files } from './files.js';
import { users } from './users.js';

export const books = pgTable(
  'books',
  {
    id: id(),
    title: text('title').notNull(),
    author: text('author').notNull(),
    category: text('category').notNull(),
    priceCents: integer('price_cents').notNull(),
    story: text('story').notNull(),
    description: text('description').notNull(),
    coverFileId: uuid('cover_file_id').references(() => files.id, { onDelete: 'restrict' }),
    pdfFileId: uuid('pdf_file_id').references(() => files.id, { onDelete: 'restrict' }),
    status: text('status').$type<BookStatus>().notNull().default('added'),
    /** The member who submitted it; null for books an admin added. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    meta: jsonb('meta').$type<BookMeta>().notNull().default({}),
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('english', coalesce(author, '')), 'B') ||
          setweight(to_tsvector('english', coalesce(category, '')), 'C') ||
          setweight(to_tsvector('english', coalesce(meta->>'tags', '')), 'C')`,
    ),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Bumped on every change; an approval or rejection applies only to the version the admin saw. */
    version: integer('version').notNull().default(1),
    /** Why the admin rejected the book (optional), shown to its submitter; cleared on resubmission. */
    rejectionReason: text('rejection_reason'),
    /** Kept by the reviews module in the review's transaction, so pages show ratings without a join. */
    reviewCount: integer('review_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('books_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('books_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('books_search_idx').using('gin', t.searchVector),
    index('books_category_idx').on(t.category),
    // The public catalogue's paging order, alone and per category (partial: only public rows).
    index('books_public_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} in ('added', 'approved')`),
    index('books_public_category_created_idx')
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} in ('added', 'approved')`),
    // The other sorts of the public catalogue (title, price up, price down), newest first within.
    index('books_public_title_idx')
      .on(sql`lower(${t.title})`, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} in ('added', 'approved')`),
    index('books_public_price_asc_idx')
      .on(t.priceCents, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} in ('added', 'approved')`),
    index('books_public_price_desc_idx')
      .on(t.priceCents.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.status} in ('added', 'approved')`),
    index('books_cover_file_idx').on(t.coverFileId),
    index('books_pdf_file_idx').on(t.pdfFileId),
  ],
);

/**
 * Every word of every book's title, author, category and tags, lower case and unstemmed, kept by a
 * trigger on books (drizzle/0002_search_words_trigger.sql). A search looks up the known words nearest
 * to each word typed (trigram distance over this small table, then an edit-distance check), so a typo
 * becomes an index lookup in the books' full-text index instead of a trigram scan of every title.
 * `books` counts the books that use the word; a word no book uses any more is deleted by the same
 * trigger (drizzle/0004_quotas_and_review_versions.sql), so the table stays the size of the
 * catalogue's vocabulary.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    books: integer('books').notNull().default(0),
  },
  // GiST, not GIN: it answers "the nearest words" (ORDER BY word <-> typed) without a threshold.
  (t) => [index('search_words_trgm_idx').using('gist', t.word.op('gist_trgm_ops'))],
);

export type BookRow = typeof books.$inferSelect;
export type NewBookRow = typeof books.$inferInsert;
