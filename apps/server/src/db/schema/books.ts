import { sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PUBLIC_BOOK_STATUSES, type BookMeta, type BookStatus, type SampleStatus } from '@ebook/shared';
import { createdAt, id, tsvector, updatedAt } from './columns.js';
import { files } from './files.js';
import { users } from './users.js';

/**
 * SQL: the status names a public book (PUBLIC_BOOK_STATUSES). The partial indexes below and every
 * query of public books use this one predicate; books.policy.test.ts fails if the indexes drift.
 */
export function publicStatus(status: AnyPgColumn | SQL): SQL {
  const list = PUBLIC_BOOK_STATUSES.map((value) => `'${value}'`).join(', ');
  return sql`${status} in (${sql.raw(list)})`;
}

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
    /** The EPUB, checked at upload (modules/files/inspect-epub.ts). A book has a PDF, an EPUB or both. */
    epubFileId: uuid('epub_file_id').references(() => files.id, { onDelete: 'restrict' }),
    status: text('status').$type<BookStatus>().notNull().default('added'),
    /** The member who submitted it; null for books an admin added. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    meta: jsonb('meta').$type<BookMeta>().notNull().default({}),
    /**
     * Stemmed English words (so "gardening" finds "garden") and, for the title and author, the words as
     * written ('simple'): a title made only of common words ("Until You") is findable by its words.
     */
    searchVector: tsvector('search_vector').generatedAlwaysAs(
      sql`setweight(to_tsvector('english', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('simple', coalesce(title, '')), 'A') ||
          setweight(to_tsvector('english', coalesce(author, '')), 'B') ||
          setweight(to_tsvector('simple', coalesce(author, '')), 'B') ||
          setweight(to_tsvector('english', coalesce(category, '')), 'C') ||
          setweight(to_tsvector('english', coalesce(meta->>'tags', '')), 'C')`,
    ),
    /** The title in lower case, words separated by one space: exact and starts-with matches, suggestions. */
    titleKey: text('title_key').generatedAlwaysAs(sql`btrim(regexp_replace(lower(title), '[^[:alnum:]]+', ' ', 'g'))`),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    /** Bumped on every change; an approval or rejection applies only to the version the admin saw. */
    version: integer('version').notNull().default(1),
    /** Why the admin rejected the book (optional), shown to its submitter; cleared on resubmission. */
    rejectionReason: text('rejection_reason'),
    /** Kept by the reviews module in the review's transaction, so pages show ratings without a join. */
    reviewCount: integer('review_count').notNull().default(0),
    ratingTotal: integer('rating_total').notNull().default(0),
    /** Pages of the sample chosen by the author or an admin (1-50); null: the first 10%, up to 20. */
    samplePages: integer('sample_pages'),
    /**
     * The sample: the first pages of the PDF cut into a file of its own (modules/reading), made when
     * the PDF is stored or on the first request. Cleared (pending) when the PDF or the count changes.
     */
    sampleFileId: uuid('sample_file_id').references(() => files.id, { onDelete: 'restrict' }),
    sampleStatus: text('sample_status').$type<SampleStatus>().notNull().default('pending'),
    /**
     * Where an imported book came from (a calibre uuid, or the `id` column of a catalogue CSV): importing
     * the same catalogue again finds the book by it and updates it (modules/imports).
     */
    importKey: text('import_key'),
    /** The EPUB's sample: its first chapters (about 10%), made like the PDF's; pending when the EPUB changes. */
    epubSampleFileId: uuid('epub_sample_file_id').references(() => files.id, { onDelete: 'restrict' }),
    epubSampleStatus: text('epub_sample_status').$type<SampleStatus>().notNull().default('pending'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('books_status_created_idx').on(t.status, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('books_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // fastupdate off: new rows go straight into the index, never into a pending list that every search
    // would have to read until a VACUUM (docs/search.md).
    index('books_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('books_category_idx').on(t.category),
    // The public catalogue's paging order, alone and per category (partial: only public rows).
    index('books_public_created_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicStatus(t.status)),
    index('books_public_category_created_idx')
      .on(t.category, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicStatus(t.status)),
    // The other sorts of the public catalogue (title, price up, price down), newest first within.
    index('books_public_title_idx')
      .on(sql`lower(${t.title})`, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicStatus(t.status)),
    index('books_public_price_asc_idx')
      .on(t.priceCents, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicStatus(t.status)),
    index('books_public_price_desc_idx')
      .on(t.priceCents.desc().nullsFirst(), t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(publicStatus(t.status)),
    // Titles starting with what was typed, in title order (suggestions): byte order ("C") lets one
    // index answer both the LIKE prefix and the ORDER BY, stopping after the first rows.
    index('books_public_title_key_idx')
      .on(sql`${t.titleKey} collate "C"`)
      .where(publicStatus(t.status)),
    index('books_cover_file_idx').on(t.coverFileId),
    index('books_pdf_file_idx').on(t.pdfFileId),
    index('books_sample_file_idx').on(t.sampleFileId),
    uniqueIndex('books_import_key_idx').on(t.importKey),
    // An import's other ways to find a book: its ISBN (kept as the SKU), then its title and author.
    index('books_isbn_idx').on(sql`(${t.meta}->>'sku')`),
    index('books_title_author_idx').on(t.titleKey, sql`lower(${t.author})`),
    index('books_epub_file_idx').on(t.epubFileId),
    index('books_epub_sample_file_idx').on(t.epubSampleFileId),
    check('books_sample_pages_check', sql`${t.samplePages} between 1 and 50`),
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

/**
 * Every change to a book, in order (a trigger on books, drizzle/0019_book_changes.sql): each server
 * copy's in-memory search index reads the rows past those it has applied and reloads those books, so
 * it follows writes by any copy or script. Rows older than an hour are deleted.
 */
export const bookChanges = pgTable(
  'book_changes',
  {
    seq: bigserial('seq', { mode: 'number' }).primaryKey(),
    bookId: uuid('book_id').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('book_changes_changed_at_idx').on(t.changedAt)],
);

export type BookRow = typeof books.$inferSelect;
export type NewBookRow = typeof books.$inferInsert;
