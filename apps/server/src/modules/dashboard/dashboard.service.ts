/** The counts behind the member dashboard's tiles, each for the caller only. */
import { and, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { books, cartItems, entitlements, paymentCards, wishlistItems } from '../../db/schema/index.js';

export async function memberCounts(db: Executor, userId: string) {
  const [[favourites], [cart], [pending], [cards], [owned]] = await Promise.all([
    db.select({ n: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId)),
    db.select({ n: count() }).from(cartItems).where(eq(cartItems.userId, userId)),
    db
      .select({ n: count() })
      .from(books)
      .where(and(eq(books.userId, userId), eq(books.status, 'pending'))),
    db.select({ n: count() }).from(paymentCards).where(eq(paymentCards.userId, userId)),
    db.select({ n: count() }).from(entitlements).where(eq(entitlements.userId, userId)),
  ]);
  return {
    favourites: favourites?.n ?? 0,
    cartItems: cart?.n ?? 0,
    pendingBooks: pending?.n ?? 0,
    savedCards: cards?.n ?? 0,
    ownedBooks: owned?.n ?? 0,
  };
}
