/** The admin overview: real counts, and the recent member submissions behind the notification bell. */
import { count, desc, eq, isNotNull } from 'drizzle-orm';
import { submitterName, type AdminNotification, type AdminOverview } from '@ebook/shared';
import type { Db } from '../../db/client.js';
import { books, users } from '../../db/schema/index.js';
import { publicStatus } from '../books/index.js';

export async function getOverview(db: Db): Promise<Omit<AdminOverview, 'currency'>> {
  const [[members], [catalogue], [pending]] = await Promise.all([
    db.select({ n: count() }).from(users).where(eq(users.role, 'member')),
    db.select({ n: count() }).from(books).where(publicStatus(books.status)),
    db.select({ n: count() }).from(books).where(eq(books.status, 'pending')),
  ]);
  return { members: members?.n ?? 0, totalBooks: catalogue?.n ?? 0, pendingBooks: pending?.n ?? 0 };
}

/** Books members submitted, newest first, whatever their status now. */
export async function listNotifications(db: Db, limit: number): Promise<AdminNotification[]> {
  const rows = await db
    .select({
      id: books.id,
      title: books.title,
      author: books.author,
      status: books.status,
      userId: books.userId,
      memberName: users.name,
      createdAt: books.createdAt,
    })
    .from(books)
    .leftJoin(users, eq(users.id, books.userId))
    .where(isNotNull(books.userId))
    .orderBy(desc(books.createdAt), desc(books.id))
    .limit(limit);
  return rows.map((row) => ({
    _id: row.id,
    bookId: row.id,
    title: row.title,
    author: row.author,
    memberName: submitterName(row.userId, row.memberName),
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  }));
}
