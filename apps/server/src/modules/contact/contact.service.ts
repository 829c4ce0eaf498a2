/** The contact form's messages: stored for the admin's Messages screen (read, delete). */
import { count, desc, eq, isNull } from 'drizzle-orm';
import type { ContactMessageInput } from '@ebook/shared';
import type { Db } from '../../db/client.js';
import { contactMessages, type ContactMessageRow } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';
import { notifyAdmins } from '../notifications/index.js';

/** Stores the message and tells the admins' bells, in one transaction. */
export async function saveContactMessage(db: Db, input: ContactMessageInput): Promise<ContactMessageRow> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(contactMessages).values(input).returning();
    await notifyAdmins(tx, {
      kind: 'new-contact-message',
      title: 'New contact message',
      body: `${input.name}: ${input.subject}`,
      link: '/admin-dashboard/messages',
    });
    return row!;
  });
}

export async function listContactMessages(db: Db, { page, limit }: { page: number; limit: number }) {
  const [rows, [total], [unread]] = await Promise.all([
    db
      .select()
      .from(contactMessages)
      .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(contactMessages),
    db.select({ n: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
  ]);
  return { rows, total: total?.n ?? 0, unread: unread?.n ?? 0 };
}

export async function markContactMessageRead(db: Db, id: string): Promise<void> {
  const updated = await db
    .update(contactMessages)
    .set({ readAt: new Date() })
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (updated.length === 0) throw notFound('Message not found.', 'MESSAGE_NOT_FOUND');
}

export async function deleteContactMessage(db: Db, id: string): Promise<void> {
  const deleted = await db
    .delete(contactMessages)
    .where(eq(contactMessages.id, id))
    .returning({ id: contactMessages.id });
  if (deleted.length === 0) throw notFound('Message not found.', 'MESSAGE_NOT_FOUND');
}

export function presentContactMessage(row: ContactMessageRow) {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    subject: row.subject,
    message: row.message,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}
