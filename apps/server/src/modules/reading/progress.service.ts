/**
 * Reading progress: where a member was in each book (a PDF's page, or an EPUB's locator and
 * percentage), so any device opens where they left off, and "Continue reading" lists their books last
 * read first. One place per book: reading the other format replaces it.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { BookFormat, ReadingProgress, ReadingProgressInput } from '@ebook/shared';
import type { Db } from '../../db/client.js';
import { books, entitlements, readingProgress } from '../../db/schema/index.js';
import type { AuthUser } from '../../plugins/auth.js';
import { bookColumns, type BookRecord } from '../books/books-query.service.js';
import { publicStatus } from '../books/books.policy.js';
import { getDownloadableBook } from '../books/books.service.js';
import { notFound } from '../../lib/errors.js';

/** The book, if the caller may read it in full: the rule of downloading it (404 unseen, 403 not bought). */
async function readableBook(db: Db, bookId: string, caller: AuthUser): Promise<BookRecord> {
  const { book } = await getDownloadableBook(db, bookId, caller);
  return book;
}

interface ProgressColumns {
  format: BookFormat;
  page: number | null;
  pages: number | null;
  locator: string | null;
  percentage: number | null;
  updatedAt: Date;
}

function present(row: ProgressColumns): ReadingProgress {
  const percentage = row.format === 'pdf' && row.page && row.pages ? row.page / row.pages : (row.percentage ?? 0);
  return {
    format: row.format,
    page: row.format === 'pdf' ? row.page : null,
    pages: row.format === 'pdf' ? row.pages : null,
    locator: row.format === 'epub' ? row.locator : null,
    percentage,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The columns a place in the book is stored as (the other format's cleared). */
function positionOf(input: ReadingProgressInput) {
  return input.format === 'epub'
    ? { format: 'epub' as const, page: null, pages: null, locator: input.locator, percentage: input.percentage }
    : { format: 'pdf' as const, page: input.page, pages: input.pages, locator: null, percentage: null };
}

export async function getProgress(db: Db, bookId: string, caller: AuthUser): Promise<ReadingProgress | null> {
  const book = await readableBook(db, bookId, caller);
  const [row] = await db
    .select()
    .from(readingProgress)
    .where(and(eq(readingProgress.userId, caller.id), eq(readingProgress.bookId, book.id)))
    .limit(1);
  return row ? present(row) : null;
}

export async function saveProgress(
  db: Db,
  bookId: string,
  caller: AuthUser,
  input: ReadingProgressInput,
): Promise<ReadingProgress> {
  const book = await readableBook(db, bookId, caller);
  const position = positionOf(input);
  if (!(position.format === 'epub' ? book.epubFileId : book.pdfFileId)) {
    throw notFound(`This book has no ${position.format.toUpperCase()}.`, 'FILE_NOT_FOUND');
  }
  const now = new Date();
  const [row] = await db
    .insert(readingProgress)
    .values({ userId: caller.id, bookId: book.id, ...position, updatedAt: now })
    .onConflictDoUpdate({
      target: [readingProgress.userId, readingProgress.bookId],
      set: { ...position, updatedAt: now },
    })
    .returning();
  return present(row!);
}

/**
 * The member's books with a place kept, last read first (at most 50), and only those they may still
 * read: public free books, books they own, their own submissions (admins: any).
 */
export async function listReading(db: Db, caller: AuthUser) {
  const mayRead =
    caller.role === 'admin'
      ? undefined
      : sql`(
          (${publicStatus(books.status)} and ${books.priceCents} = 0)
          or ${books.userId} = ${caller.id}
          or exists (select 1 from ${entitlements} where ${entitlements.userId} = ${caller.id} and ${entitlements.bookId} = ${books.id})
        )`;
  const rows = await db
    .select({
      book: bookColumns,
      format: readingProgress.format,
      page: readingProgress.page,
      pages: readingProgress.pages,
      locator: readingProgress.locator,
      percentage: readingProgress.percentage,
      updatedAt: readingProgress.updatedAt,
    })
    .from(readingProgress)
    .innerJoin(books, eq(books.id, readingProgress.bookId))
    .where(and(eq(readingProgress.userId, caller.id), mayRead))
    .orderBy(desc(readingProgress.updatedAt))
    .limit(50);
  return rows.map((row) => ({ book: row.book, progress: present(row) }));
}
