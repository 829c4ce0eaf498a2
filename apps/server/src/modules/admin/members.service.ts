/**
 * Member listing for admins (admins are never listed). Deleting a member belongs to the users
 * module (account-deletion.service.ts).
 */
import { and, count, desc, eq, ilike, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { books, entitlements, reviews, sessions, users, type UserRow } from '../../db/schema/index.js';
import { forbidden, notFound } from '../../lib/errors.js';

const isMember = eq(users.role, 'member');
const newestFirst = [desc(users.createdAt), desc(users.id)];

export async function listAllMembers(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(isMember)
    .orderBy(...newestFirst);
}

/** `%`, `_` and `\` typed by the admin are matched as themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function listMembersPage(
  db: Db,
  { page, limit, q }: { page: number; limit: number; q?: string },
): Promise<{ users: UserRow[]; total: number }> {
  const where = q ? and(isMember, or(ilike(users.name, likeText(q)), ilike(users.email, likeText(q)))) : isMember;
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(users).where(where),
  ]);
  return { users: rows, total: counted?.total ?? 0 };
}

/**
 * Suspends a member: they can no longer sign in or use app passwords, and every session they hold
 * ends now. Their data (orders, books, reviews) is kept. Reinstating lifts it.
 */
export async function setSuspended(db: Db, memberId: string, suspended: boolean): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [target] = await tx.select().from(users).where(eq(users.id, memberId)).for('update');
    if (!target) throw notFound('Member not found.', 'MEMBER_NOT_FOUND');
    if (target.role === 'admin') throw forbidden('An admin account cannot be suspended.', 'CANNOT_SUSPEND_ADMIN');
    const [updated] = await tx
      .update(users)
      .set({ suspendedAt: suspended ? (target.suspendedAt ?? new Date()) : null })
      .where(eq(users.id, memberId))
      .returning();
    if (suspended) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(and(eq(sessions.userId, memberId), isNull(sessions.revokedAt)));
    }
    return updated!;
  });
}

/** What the admin's member page shows besides the orders: books owned, submissions, reviews. */
export async function findMemberRecord(db: Db, memberId: string) {
  const [member] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, memberId), isMember));
  if (!member) throw notFound('Member not found.', 'MEMBER_NOT_FOUND');
  const [owned, submissions, written] = await Promise.all([
    db
      .select({ id: books.id, title: books.title, author: books.author, purchasedAt: entitlements.createdAt })
      .from(entitlements)
      .innerJoin(books, eq(books.id, entitlements.bookId))
      .where(eq(entitlements.userId, memberId))
      .orderBy(desc(entitlements.createdAt))
      .limit(200),
    db
      .select({ id: books.id, title: books.title, status: books.status, createdAt: books.createdAt })
      .from(books)
      .where(eq(books.userId, memberId))
      .orderBy(desc(books.createdAt))
      .limit(200),
    db
      .select({
        id: reviews.id,
        bookId: reviews.bookId,
        title: books.title,
        rating: reviews.rating,
        text: reviews.text,
        createdAt: reviews.createdAt,
      })
      .from(reviews)
      .innerJoin(books, eq(books.id, reviews.bookId))
      .where(eq(reviews.userId, memberId))
      .orderBy(desc(reviews.createdAt))
      .limit(200),
  ]);
  return { member, owned, submissions, reviews: written };
}
