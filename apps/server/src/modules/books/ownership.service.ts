/**
 * Who owns which book (entitlements: written by an order, or by a signed-in member's first download
 * of a free book). A book anyone owns is never deleted, only unlisted, and its owners keep it.
 */
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { books, entitlements, type BookRow } from '../../db/schema/index.js';

export async function ownsBook(db: Executor, userId: string, bookId: string): Promise<boolean> {
  const [row] = await db
    .select({ bookId: entitlements.bookId })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), eq(entitlements.bookId, bookId)))
    .limit(1);
  return Boolean(row);
}

/** Of these books, the ones the member owns (one query for a page of cards). */
export async function ownedAmong(db: Executor, userId: string, bookIds: string[]): Promise<Set<string>> {
  if (bookIds.length === 0) return new Set();
  const rows = await db
    .select({ bookId: entitlements.bookId })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), inArray(entitlements.bookId, bookIds)));
  return new Set(rows.map((row) => row.bookId));
}

/** How many members own the book. */
export async function countOwners(db: Executor, bookId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(entitlements).where(eq(entitlements.bookId, bookId));
  return row?.n ?? 0;
}

/** Records that a signed-in member took a free book (their library keeps it); idempotent. */
export async function recordFreeDownload(db: Executor, userId: string, bookId: string): Promise<void> {
  await db.insert(entitlements).values({ userId, bookId }).onConflictDoNothing();
}

/** One page of the books a member owns, newest first (for e-reader apps), and how many in all. */
export async function pageOwnedBooks(
  db: Executor,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ books: BookRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ book: books })
      .from(entitlements)
      .innerJoin(books, eq(books.id, entitlements.bookId))
      .where(eq(entitlements.userId, userId))
      .orderBy(desc(entitlements.createdAt), desc(entitlements.bookId))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(entitlements).where(eq(entitlements.userId, userId)),
  ]);
  return { books: rows.map((row) => row.book), total: counted?.n ?? 0 };
}
