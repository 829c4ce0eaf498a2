/** A member's own account: read, update the profile, change the password. */
import { type Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ProfileUpdate } from '@ebook/shared';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { badRequest, notFound, unauthorized } from '../../lib/errors.js';
import type { FileStore } from '../../lib/file-store.js';
import { assertNotBreached, hashPassword, verifyPassword } from '../../lib/passwords.js';
import type { BreachedPasswords } from '../../plugins/breached-passwords.js';
import { revokeOtherSessions } from '../auth/auth.service.js';
import { removeUnusedFiles } from '../books/books.service.js';
import { acceptFile, decodeBase64File, saveAcceptedFile } from '../files/files.service.js';

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
  db: Db,
  store: FileStore,
  userId: string,
  changes: ProfileChanges,
): Promise<UserRow> {
  // The current picture, read only when the picture changes: it may have to go afterwards.
  const previous = changes.profileImage === undefined ? undefined : await getUser(db, userId);
  let profileImageFileId: string | null | undefined;
  if (changes.profileImage === null) profileImageFileId = null;
  if (changes.profileImage) {
    const accepted = await acceptFile(store, changes.profileImage, 'avatar');
    // Re-encode: a square WebP of a known size, with no metadata from the original.
    const square = await sharp(accepted.tempPath)
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp()
      .toBuffer();
    await accepted.discard();
    const encoded = await acceptFile(store, square, 'avatar');
    const row = await saveAcceptedFile(db, encoded, { width: AVATAR_SIZE, height: AVATAR_SIZE });
    profileImageFileId = row.id;
  }
  const [user] = await db
    .update(users)
    .set({
      ...(changes.name !== undefined && { name: changes.name }),
      ...(changes.phone !== undefined && { phone: changes.phone }),
      ...(profileImageFileId !== undefined && { profileImageFileId }),
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw notFound('User not found.', 'USER_NOT_FOUND');
  const replaced = previous?.profileImageFileId;
  if (replaced && replaced !== profileImageFileId) {
    await removeUnusedFiles(db, store, [replaced]);
  }
  return user;
}

export async function changePassword(
  db: Db,
  userId: string,
  sessionId: string,
  currentPassword: string,
  newPassword: string,
  breached: BreachedPasswords,
): Promise<UserRow> {
  const user = await getUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw unauthorized('The current password is not correct.', 'INVALID_CREDENTIALS');
  }
  if (currentPassword === newPassword) {
    throw badRequest('The new password must differ from the current one.', 'SAME_PASSWORD');
  }
  await assertNotBreached(breached, newPassword);
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword) })
    .where(eq(users.id, userId));
  await revokeOtherSessions(db, userId, sessionId);
  return user;
}

/** Checks the password for an action on the account itself (401 when it is wrong). */
export async function assertPassword(db: Db, userId: string, password: string): Promise<UserRow> {
  const user = await getUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw unauthorized('The password is not correct.', 'INVALID_CREDENTIALS');
  }
  return user;
}
