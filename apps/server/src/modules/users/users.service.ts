/** A member's own account: read, update the profile, change the password. */
import { type Readable } from 'node:stream';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { ProfileUpdate } from '@ebook/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { appPasswords, sessions, users, type UserRow } from '../../db/schema/index.js';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import { assertNotBreached, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { recordFile, removeUnusedFiles, acceptImage, decodeBase64File, type AcceptedImage } from '../files/index.js';

const AVATAR_SIZE = 256;

export async function getUser(db: Db, userId: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw notFound('User not found.', 'USER_NOT_FOUND');
  return user;
}

export interface ProfileChanges extends Omit<ProfileUpdate, 'profileImage'> {
  /** New picture bytes, null to remove the picture, undefined to keep it. */
  profileImage?: Buffer | Readable | null;
}

export function profileImageFromJson(value: string | null | undefined): Buffer | null | undefined {
  if (value === undefined || value === null) return value;
  // The current picture's own URL means "unchanged".
  if (value.startsWith('/api/files/')) return undefined;
  return decodeBase64File(value, 'profileImage');
}

/**
 * Name, phone and picture. A replaced or removed picture is deleted (row and bytes) once nothing uses
 * it any more: the same bytes may be another member's picture or a book cover.
 */
export async function updateProfile(
  app: Pick<FastifyInstance, 'db' | 'fileStore' | 'caches'>,
  { userId, changes }: { userId: string; changes: ProfileChanges },
): Promise<UserRow> {
  const { db, fileStore: store, caches } = app;
  // The current picture, read only when the picture changes: it may have to go afterwards.
  const previous = changes.profileImage === undefined ? undefined : await getUser(db, userId);
  let encoded: AcceptedImage | undefined;
  if (changes.profileImage) {
    // Re-encoded (decoded once, within the pixel limit): a square WebP of a known size, with no
    // metadata from the original.
    encoded = await acceptImage(
      store,
      changes.profileImage,
      'avatar',
      () => (image) => image.resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp(),
    );
  }
  let user: UserRow;
  try {
    // The file's row and the profile in one transaction holding the content's lock, so a clean-up of
    // the same bytes cannot slip in between; the bytes are moved into place after it commits.
    user = await db.transaction(async (tx) => {
      const profileImageFileId = encoded
        ? await recordFile(tx, encoded, { width: AVATAR_SIZE, height: AVATAR_SIZE })
        : changes.profileImage === null
          ? null
          : undefined;
      const [row] = await tx
        .update(users)
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.phone !== undefined && { phone: changes.phone }),
          ...(profileImageFileId !== undefined && { profileImageFileId }),
          updatedAt: new Date(),
        })
        .where(eq(users.id, userId))
        .returning();
      if (!row) throw notFound('User not found.', 'USER_NOT_FOUND');
      return row;
    });
  } catch (error) {
    await encoded?.discard();
    throw error;
  }
  await encoded?.commit();
  const replaced = previous?.profileImageFileId;
  if (replaced && replaced !== user.profileImageFileId) {
    await removeUnusedFiles(db, store, caches, [replaced]);
  }
  return user;
}

export interface PasswordChange {
  currentPassword: string;
  newPassword: string;
  /** Also revoke every app password (the e-reader apps sign in again with new ones). */
  revokeAppPasswords?: boolean;
}

/**
 * Sets a new password. Every wrong current password gets the one same answer; whether the new one
 * is the same as before, or breached, is looked at only once the current one is right. Every other
 * session ends, and with `revokeAppPasswords` every app password, in one transaction.
 */
export async function changePassword(
  app: Pick<FastifyInstance, 'db' | 'breachedPasswords' | 'config'>,
  { userId, sessionId, change }: { userId: string; sessionId: string; change: PasswordChange },
): Promise<UserRow> {
  const { db, breachedPasswords: breached } = app;
  const user = await assertPassword(db, {
    userId,
    password: change.currentPassword,
    message: 'The current password is not correct.',
  });
  if (change.currentPassword === change.newPassword) {
    throw badRequest('The new password must differ from the current one.', 'SAME_PASSWORD');
  }
  await assertNotBreached(breached, change.newPassword);
  const passwordHash = await hashPassword(change.newPassword, app.config.passwordHashing);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await tx
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), ne(sessions.id, sessionId)));
    if (change.revokeAppPasswords) await tx.delete(appPasswords).where(eq(appPasswords.userId, userId));
  });
  return user;
}

/** Checks the password for an action on the account itself: 401, always the same, when it is wrong. */
export async function assertPassword(
  db: Db,
  {
    userId,
    password,
    message = 'The password is not correct.',
  }: { userId: string; password: string; message?: string },
): Promise<UserRow> {
  const user = await getUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) throw unauthorized(message, 'INVALID_CREDENTIALS');
  return user;
}
