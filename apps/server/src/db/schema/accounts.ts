import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.js';
import { users } from './users.js';

/**
 * Password-reset links: only a SHA-256 of the token is kept; single use, short-lived. A link is bound
 * to the password it was asked under (a SHA-256 of its hash): once the password changes, it is void.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Null only for links asked before links were bound (they are refused as no longer valid). */
    passwordFingerprint: text('password_fingerprint'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_idx').on(t.tokenHash),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/** What happened, for one recipient's bell (admin events get a row per admin). */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** A web-app route to open, such as /user-dashboard/my-library. */
    link: text('link'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.readAt} is null`),
  ],
);

/** Messages sent through the contact form, for the admin's Messages screen. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt.desc())],
);

export type PasswordResetRow = typeof passwordResets.$inferSelect;
export type NotificationRow = typeof notifications.$inferSelect;
export type ContactMessageRow = typeof contactMessages.$inferSelect;

/**
 * App passwords: what an e-reader app (OPDS) signs in with, instead of the account password. Each is a
 * random token shown once; only its SHA-256 is kept, so a copy of the database signs in nowhere.
 */
export const appPasswords = pgTable(
  'app_passwords',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('app_passwords_token_hash_idx').on(t.tokenHash),
    index('app_passwords_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export type AppPasswordRow = typeof appPasswords.$inferSelect;
