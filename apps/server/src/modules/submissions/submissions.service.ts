/**
 * Submissions: the admin's review queue and full book list, approving and rejecting a pending book,
 * and a member's own submitted books.
 */
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { ManageBooksQuery, MyBooksQuery } from '@ebook/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { books, users } from '../../db/schema/index.js';
import { conflict, notFound } from '../../lib/errors.js';
import { type Caches, bookColumns, type BookRecord, buildSearch, findBook } from '../books/index.js';

/**
 * Approves or rejects a pending book. With `seen.version` (what the admin looked at) the decision
 * applies only to that version: a book its submitter changed meanwhile (price, PDF, cover) is 409
 * BOOK_CHANGED and nothing changes. The check is in the UPDATE's own WHERE, so a change committed
 * while the decision waits for the row is seen too.
 */
export async function reviewBook(
  app: Pick<FastifyInstance, 'db' | 'caches'>,
  {
    id,
    decision,
    seen = {},
  }: { id: string; decision: 'approved' | 'rejected'; seen?: { version?: number; reason?: string } },
): Promise<BookRecord> {
  const { db, caches } = app;
  const book = await db.transaction(async (tx) => {
    const current = await findBook(tx, id);
    if (!current) throw notFound('Book not found.', 'BOOK_NOT_FOUND');
    if (current.status !== 'pending') {
      throw conflict(`Only a pending book can be ${decision}; this one is ${current.status}.`, 'BOOK_NOT_PENDING');
    }
    const [row] = await tx
      .update(books)
      .set({
        status: decision,
        rejectionReason: decision === 'rejected' && seen.reason ? seen.reason : null,
        reviewedAt: new Date(),
        updatedAt: new Date(),
        version: sql`${books.version} + 1`,
      })
      .where(
        and(
          eq(books.id, id),
          eq(books.status, 'pending'),
          seen.version === undefined ? undefined : eq(books.version, seen.version),
        ),
      )
      .returning(bookColumns);
    if (!row) {
      const [now] = await tx.select({ status: books.status }).from(books).where(eq(books.id, id)).limit(1);
      if (now?.status === 'pending') throw bookChanged();
      throw conflict(`Only a pending book can be ${decision}.`, 'BOOK_NOT_PENDING');
    }
    return row;
  });
  caches.clear();
  return book;
}

export const BOOK_CHANGED_MESSAGE =
  'This book was changed by its submitter after you opened it. Look at it again before deciding.';

function bookChanged() {
  return conflict(BOOK_CHANGED_MESSAGE, 'BOOK_CHANGED');
}

export interface SubmittedBook {
  book: BookRecord;
  submitterName: string | null;
  submitterRole: 'admin' | 'member' | null;
}

/** Every pending book, oldest first (the review queue), with its submitter. */
export async function listPendingBooks(db: Db): Promise<SubmittedBook[]> {
  const rows = await db
    .select({ book: bookColumns, submitterName: users.name, submitterRole: users.role })
    .from(books)
    .leftJoin(users, eq(users.id, books.userId))
    .where(eq(books.status, 'pending'))
    .orderBy(books.createdAt, books.id)
    .limit(500);
  return rows;
}

export async function listOwnPending(db: Db, userId: string): Promise<BookRecord[]> {
  return db
    .select(bookColumns)
    .from(books)
    .where(and(eq(books.userId, userId), eq(books.status, 'pending')))
    .orderBy(desc(books.createdAt), desc(books.id));
}

export async function listOwnBooks(db: Db, userId: string, query: MyBooksQuery) {
  return pageOf(db, eq(books.userId, userId), query);
}

export async function listAllForAdmin(db: Db, caches: Caches, query: ManageBooksQuery) {
  const q = query.q && query.q.length > 0 ? query.q : undefined;
  const search = q ? await buildSearch(db, caches, q) : undefined;
  const where = and(query.status ? eq(books.status, query.status) : undefined, search?.condition);
  return pageOf(db, where, query, search ? sql`${search.rank} desc` : undefined);
}

async function pageOf(db: Db, where: SQL | undefined, query: { page: number; limit: number }, rank?: SQL) {
  const [rows, [counted]] = await Promise.all([
    db
      .select({ book: bookColumns, submitterName: users.name, submitterRole: users.role })
      .from(books)
      .leftJoin(users, eq(users.id, books.userId))
      .where(where)
      .orderBy(...(rank ? [rank] : []), desc(books.createdAt), desc(books.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(books)
      .where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}
