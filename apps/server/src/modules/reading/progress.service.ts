/**
 * Reading progress: the page a member was on in each book, so any device opens where they left off,
 * and "Continue reading" lists their books last read first.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { ReadingProgress, ReadingProgressInput } from '@ebook/shared';
import type { Db } from '../../db/client.js';
import { books, entitlements, readingProgress } from '../../db/schema/index.js';
import type { AuthUser } from '../../plugins/auth.js';
import { bookColumns, type BookRecord, publicStatus, getDownloadableBook } from '../books/index.js';

/** The book, if the caller may read it in full: the rule of downloading it (404 unseen, 403 not bought). */
async function readableBook(db: Db, bookId: string, caller: AuthUser): Promise<BookRecord> {
  const { book } = await getDownloadableBook(db, bookId, caller);
  return book;
}

function present(row: { page: number; pages: number; updatedAt: Date }): ReadingProgress {
  return { page: row.page, pages: row.pages, updatedAt: row.updatedAt.toISOString() };
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
  const now = new Date();
  const [row] = await db
    .insert(readingProgress)
    .values({ userId: caller.id, bookId: book.id, page: input.page, pages: input.pages, updatedAt: now })
    .onConflictDoUpdate({
      target: [readingProgress.userId, readingProgress.bookId],
      set: { page: input.page, pages: input.pages, updatedAt: now },
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
      page: readingProgress.page,
      pages: readingProgress.pages,
      updatedAt: readingProgress.updatedAt,
    })
    .from(readingProgress)
    .innerJoin(books, eq(books.id, readingProgress.bookId))
    .where(and(eq(readingProgress.userId, caller.id), mayRead))
    .orderBy(desc(readingProgress.updatedAt))
    .limit(50);
  return rows.map((row) => ({ book: row.book, progress: present(row) }));
}
