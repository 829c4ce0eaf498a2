/**
 * The member's cart. E-books are bought once: a book is in a cart at most once, free books are
 * downloaded rather than bought, and a book the member owns cannot be added again.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.js';
import { books, cartItems, entitlements, type BookRow } from '../../db/schema/index.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { publicStatus } from '../books/index.js';

/** A book visitors can see; anything else is "not found" to a member. */
export async function requirePublicBook(db: Executor, bookId: string): Promise<BookRow> {
  const [book] = await db
    .select()
    .from(books)
    .where(and(eq(books.id, bookId), publicStatus(books.status)));
  if (!book) throw notFound('Book not found.', 'BOOK_NOT_FOUND');
  return book;
}

export async function listCart(db: Executor, userId: string): Promise<BookRow[]> {
  const rows = await db
    .select({ book: books })
    .from(cartItems)
    .innerJoin(books, eq(books.id, cartItems.bookId))
    .where(eq(cartItems.userId, userId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows.map((row) => row.book);
}

/** A member and a book, as the cart's functions take them. */
export interface CartEntry {
  userId: string;
  bookId: string;
}

export async function isOwned(db: Executor, { userId, bookId }: CartEntry): Promise<boolean> {
  const [row] = await db
    .select({ bookId: entitlements.bookId })
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), eq(entitlements.bookId, bookId)));
  return Boolean(row);
}

/** Adds a paid public book; adding one already in the cart is a 409 the client can show. */
export async function addToCart(db: Executor, { userId, bookId }: CartEntry): Promise<BookRow> {
  const book = await requirePublicBook(db, bookId);
  if (book.priceCents === 0) {
    throw badRequest('This book is free: download it from its page instead.', 'BOOK_IS_FREE');
  }
  if (await isOwned(db, { userId, bookId })) {
    throw conflict('You already own this book. Find it in My Library.', 'ALREADY_OWNED');
  }
  const inserted = await db
    .insert(cartItems)
    .values({ userId, bookId })
    .onConflictDoNothing({ target: [cartItems.userId, cartItems.bookId] })
    .returning({ id: cartItems.id });
  if (inserted.length === 0) throw conflict('This book is already in your cart.', 'ALREADY_IN_CART');
  return book;
}

/** Removes a book from the caller's cart; 404 when it was not there. */
export async function removeFromCart(db: Executor, { userId, bookId }: CartEntry): Promise<void> {
  const removed = await db
    .delete(cartItems)
    .where(and(eq(cartItems.userId, userId), eq(cartItems.bookId, bookId)))
    .returning({ id: cartItems.id });
  if (removed.length === 0) throw notFound('This book is not in your cart.', 'NOT_IN_CART');
}
