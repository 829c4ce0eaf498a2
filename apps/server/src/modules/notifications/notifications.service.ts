/**
 * The bells: one row per recipient and event, newest first, with read state. Admin events get a row
 * for every admin. Writers take a transaction or the database, so an event can be recorded with the
 * change that caused it.
 */
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { NotificationKind } from '@ebook/shared';
import type { Db, Executor } from '../../db/client.js';
import { notifications, users, wishlistItems, type NotificationRow } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

export interface NotificationEvent {
  kind: NotificationKind;
  title: string;
  body: string;
  link?: string | null;
}

export async function notifyUsers(db: Executor, userIds: string[], event: NotificationEvent): Promise<void> {
  const recipients = [...new Set(userIds)];
  if (recipients.length === 0) return;
  await db.insert(notifications).values(
    recipients.map((userId) => ({
      userId,
      kind: event.kind,
      title: event.title.slice(0, 300),
      body: event.body.slice(0, 1000),
      link: event.link ?? null,
    })),
  );
}

export async function notifyAdmins(db: Executor, event: NotificationEvent): Promise<void> {
  const admins = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'));
  await notifyUsers(
    db,
    admins.map((admin) => admin.id),
    event,
  );
}

/** Tells every member who wished for the book that its price went down. */
export async function notifyPriceDrop(
  db: Executor,
  book: { id: string; title: string },
  formatted: { before: string; after: string },
): Promise<void> {
  const wishers = await db
    .select({ userId: wishlistItems.userId })
    .from(wishlistItems)
    .where(eq(wishlistItems.bookId, book.id));
  await notifyUsers(
    db,
    wishers.map((row) => row.userId),
    {
      kind: 'price-dropped',
      title: `Price drop: ${book.title}`,
      body: `"${book.title}" from your wishlist now costs ${formatted.after} (was ${formatted.before}).`,
      link: `/book/${book.id}`,
    },
  );
}

/**
 * The newest notifications and the unread count, from one snapshot: read apart, a notification
 * recorded between the two reads would be listed but not counted (or counted but not listed).
 */
export async function listNotifications(
  db: Db,
  userId: string,
  limit: number,
): Promise<{ rows: NotificationRow[]; unread: number }> {
  return db.transaction(
    async (tx) => {
      const rows = await tx
        .select()
        .from(notifications)
        .where(eq(notifications.userId, userId))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit);
      const [unread] = await tx
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
      return { rows, unread: unread?.n ?? 0 };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Marks one of the caller's notifications read (404 for anyone else's). */
export async function markRead(db: Executor, { userId, id }: { userId: string; id: string }): Promise<void> {
  const [row] = await db
    .select({ id: notifications.id, readAt: notifications.readAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .limit(1);
  if (!row) throw notFound('Notification not found.', 'NOTIFICATION_NOT_FOUND');
  if (!row.readAt) await db.update(notifications).set({ readAt: new Date() }).where(eq(notifications.id, id));
}

export async function markAllRead(db: Executor, userId: string): Promise<number> {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return updated.length;
}

export function presentNotification(row: NotificationRow) {
  return {
    _id: row.id,
    kind: row.kind as NotificationKind,
    title: row.title,
    body: row.body,
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
