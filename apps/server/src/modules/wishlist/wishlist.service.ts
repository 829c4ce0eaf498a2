/** The member's wishlist (favourites): public books, each at most once. */
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { books, wishlistItems, type BookRow } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { requirePublicBook } from '../cart/index.js';

export interface WishlistEntryRow {
  id: string;
  createdAt: Date;
  book: BookRow;
}

export async function listWishlist(db: Executor, userId: string): Promise<WishlistEntryRow[]> {
  return db
    .select({ id: wishlistItems.id, createdAt: wishlistItems.createdAt, book: books })
    .from(wishlistItems)
    .innerJoin(books, eq(books.id, wishlistItems.bookId))
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.id));
}

/** Idempotent: adding a book already favourited changes nothing. Returns whether it was new. */
export async function addToWishlist(
  db: Executor,
  { userId, bookId }: { userId: string; bookId: string },
): Promise<boolean> {
  await requirePublicBook(db, bookId);
  const inserted = await db
    .insert(wishlistItems)
    .values({ userId, bookId })
    .onConflictDoNothing({ target: [wishlistItems.userId, wishlistItems.bookId] })
    .returning({ id: wishlistItems.id });
  return inserted.length > 0;
}

export async function removeFromWishlist(
  db: Executor,
  { userId, bookId }: { userId: string; bookId: string },
): Promise<void> {
  const removed = await db
    .delete(wishlistItems)
    .where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.bookId, bookId)))
    .returning({ id: wishlistItems.id });
  if (removed.length === 0) throw notFound('This book is not in your wishlist.', 'NOT_IN_WISHLIST');
}
