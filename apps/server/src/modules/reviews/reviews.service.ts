/**
 * Reviews: a member who owns a book (bought it, or took it free while signed in) and did not submit
 * it gives it 1-5 stars and a text, once; they may edit or remove it, and an admin may remove any.
 * The book's review count and rating total change in the same transaction, so the catalogue's cards
 * show the average.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { averageRating, type Review, type ReviewInput, type ReviewList } from '@ebook/shared';
import type { FastifyInstance } from 'fastify';
import type { Db, Executor } from '../../db/client.js';
import { books, reviews, users, type ReviewRow } from '../../db/schema/index.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import type { AuthUser } from '../../plugins/auth.js';
import { type Caches, getVisibleBook, type Caller, ownsBook } from '../books/index.js';

const LIST_LIMIT = 200;

type ReviewWithName = ReviewRow & { name: string | null };

function present(row: ReviewWithName): Review {
  return {
    _id: row.id,
    bookId: row.bookId,
    userId: row.userId,
    name: row.name?.trim() || 'A reader',
    rating: row.rating,
    text: row.text,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const withName = { review: reviews, name: users.name };

export async function listReviews(db: Db, bookId: string, caller: Caller): Promise<ReviewList> {
  const book = await getVisibleBook(db, bookId, async () => caller);
  const rows = await db
    .select(withName)
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.bookId, bookId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(LIST_LIMIT);
  const list: ReviewList = {
    reviews: rows.map((row) => present({ ...row.review, name: row.name })),
    average: averageRating(book.reviewCount, book.ratingTotal),
    count: book.reviewCount,
  };
  if (!caller) return list;
  const mine = rows.find((row) => row.review.userId === caller.id);
  return {
    ...list,
    mine: mine ? present({ ...mine.review, name: mine.name }) : null,
    canReview: await canReview(db, caller.id, book),
  };
}

/** May write a review: owns the book (bought it, or took it free) and did not submit it. */
async function canReview(db: Executor, userId: string, book: { id: string; userId: string | null }) {
  return book.userId !== userId && (await ownsBook(db, userId, book.id));
}

async function requireReviewer(db: Db, caller: AuthUser, bookId: string): Promise<void> {
  const book = await getVisibleBook(db, bookId, async () => caller);
  // A submitter's download makes them an owner, but nobody rates their own book.
  if (book.userId === caller.id) {
    throw forbidden('You cannot review a book you submitted.', 'CANNOT_REVIEW_OWN_BOOK');
  }
  if (!(await ownsBook(db, caller.id, bookId))) {
    throw forbidden('Only readers who own this book can review it.', 'NOT_OWNED');
  }
}

/** The book's count and total move with every review written or removed. */
async function adjustRating(tx: Executor, bookId: string, countDelta: number, ratingDelta: number): Promise<void> {
  await tx
    .update(books)
    .set({
      reviewCount: sql`${books.reviewCount} + ${countDelta}`,
      ratingTotal: sql`${books.ratingTotal} + ${ratingDelta}`,
    })
    .where(eq(books.id, bookId));
}

async function nameOf(db: Executor, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return row?.name ?? null;
}

/** What writing a review needs: the rows, and the catalogue caches that show the ratings. */
type ReviewDeps = Pick<FastifyInstance, 'db' | 'caches'>;

/** A member's review of one book. */
interface ReviewWrite {
  caller: AuthUser;
  bookId: string;
  input: ReviewInput;
}

export async function createReview(app: ReviewDeps, { caller, bookId, input }: ReviewWrite): Promise<Review> {
  const { db, caches } = app;
  await requireReviewer(db, caller, bookId);
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(reviews)
      .values({ bookId, userId: caller.id, rating: input.rating, text: input.text })
      .onConflictDoNothing({ target: [reviews.bookId, reviews.userId] })
      .returning();
    if (!created) {
      throw conflict('You have already reviewed this book. Edit your review instead.', 'ALREADY_REVIEWED');
    }
    await adjustRating(tx, bookId, 1, input.rating);
    return created;
  });
  caches.clear();
  return present({ ...row, name: await nameOf(db, caller.id) });
}

export async function updateReview(app: ReviewDeps, { caller, bookId, input }: ReviewWrite): Promise<Review> {
  const { db, caches } = app;
  await requireReviewer(db, caller, bookId);
  const row = await db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(reviews)
      .where(and(eq(reviews.bookId, bookId), eq(reviews.userId, caller.id)))
      .for('update');
    if (!current) throw notFound('You have not reviewed this book yet.', 'REVIEW_NOT_FOUND');
    const [updated] = await tx
      .update(reviews)
      .set({ rating: input.rating, text: input.text, updatedAt: new Date() })
      .where(eq(reviews.id, current.id))
      .returning();
    await adjustRating(tx, bookId, 0, input.rating - current.rating);
    return updated!;
  });
  caches.clear();
  return present({ ...row, name: await nameOf(db, caller.id) });
}

/** Removes a review: the caller's own on this book, or (admin) any review by its id. */
async function removeWhere(db: Db, caches: Caches, where: ReturnType<typeof and>): Promise<boolean> {
  const removed = await db.transaction(async (tx) => {
    const [row] = await tx.delete(reviews).where(where).returning();
    if (row) await adjustRating(tx, row.bookId, -1, -row.rating);
    return row;
  });
  if (removed) caches.clear();
  return Boolean(removed);
}

export async function removeOwnReview(
  app: ReviewDeps,
  { caller, bookId }: { caller: AuthUser; bookId: string },
): Promise<void> {
  if (!(await removeWhere(app.db, app.caches, and(eq(reviews.bookId, bookId), eq(reviews.userId, caller.id))))) {
    throw notFound('You have not reviewed this book yet.', 'REVIEW_NOT_FOUND');
  }
}

export async function removeReviewById(app: ReviewDeps, { reviewId }: { reviewId: string }): Promise<void> {
  if (!(await removeWhere(app.db, app.caches, and(eq(reviews.id, reviewId))))) {
    throw notFound('Review not found.', 'REVIEW_NOT_FOUND');
  }
}
