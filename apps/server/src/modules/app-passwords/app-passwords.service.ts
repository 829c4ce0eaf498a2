/**
 * App passwords: random tokens a member creates for e-reader apps (OPDS), names, lists and revokes.
 * Each has 100 random bits, so a SHA-256 of it is enough to store (nothing to slow down: a guess
 * cannot be checked against a list of likely words); the token itself is shown once and never kept.
 */
import { createHash, randomInt } from 'node:crypto';
import { APP_PASSWORDS_PER_MEMBER, type AppPassword } from '@ebook/shared';
import { and, asc, count, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appPasswords, users, type AppPasswordRow } from '../../db/schema/index.js';
import { notFound, tooManyRequests } from '../../lib/errors.js';

/** No 0/o or 1/l: the password is often typed on an e-reader's keyboard. 32 letters = 5 bits each. */
const ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';
const GROUPS = 5;
const GROUP_LENGTH = 4;
/** last_used_at is written at most this often per password, not on every feed an app fetches. */
const LAST_USED_RESOLUTION_MS = 60_000;

/** A new password, such as `k7fm-q2wd-zx9h-c4tn-ry3e` (100 random bits). */
export function generateAppPassword(): string {
  const groups = Array.from({ length: GROUPS }, () =>
    Array.from({ length: GROUP_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  );
  return groups.join('-');
}

/** What is stored and looked up: the SHA-256 of the password without dashes, spaces or capitals. */
export function hashAppPassword(password: string): string {
  const normalised = password.toLowerCase().replace(/[\s-]/g, '');
  return createHash('sha256').update(normalised).digest('hex');
}

export function presentAppPassword(row: AppPasswordRow): AppPassword {
  return {
    _id: row.id,
    name: row.name,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  };
}

export async function listAppPasswords(db: Db, userId: string): Promise<AppPasswordRow[]> {
  return db
    .select()
    .from(appPasswords)
    .where(eq(appPasswords.userId, userId))
    .orderBy(asc(appPasswords.createdAt), asc(appPasswords.id));
}

/** Creates a password; the limit is checked under a lock on the member, so two requests cannot pass it. */
export async function createAppPassword(
  db: Db,
  { userId, name }: { userId: string; name: string },
): Promise<{ row: AppPasswordRow; password: string }> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [existing] = await tx.select({ n: count() }).from(appPasswords).where(eq(appPasswords.userId, userId));
    if ((existing?.n ?? 0) >= APP_PASSWORDS_PER_MEMBER) {
      throw tooManyRequests(
        `You can keep at most ${APP_PASSWORDS_PER_MEMBER} app passwords. Revoke one you no longer use first.`,
        'TOO_MANY_APP_PASSWORDS',
      );
    }
    const password = generateAppPassword();
    const [row] = await tx
      .insert(appPasswords)
      .values({ userId, name, tokenHash: hashAppPassword(password) })
      .returning();
    return { row: row!, password };
  });
}

/** Revokes one of the member's passwords; another member's id is not found (it reveals nothing). */
export async function revokeAppPassword(db: Db, { userId, id }: { userId: string; id: string }): Promise<void> {
  const deleted = await db
    .delete(appPasswords)
    .where(and(eq(appPasswords.id, id), eq(appPasswords.userId, userId)))
    .returning({ id: appPasswords.id });
  if (deleted.length === 0) throw notFound('App password not found.', 'APP_PASSWORD_NOT_FOUND');
}

export interface AppPasswordUser {
  id: string;
  role: 'admin' | 'member';
  name: string;
  email: string;
}

/**
 * The member whose e-mail and app password these are, or null. The account password is never an app
 * password: only the hashes in app_passwords are compared.
 */
export async function authenticateAppPassword(
  db: Db,
  email: string,
  password: string,
): Promise<AppPasswordUser | null> {
  const [row] = await db
    .select({ passwordId: appPasswords.id, id: users.id, role: users.role, name: users.name, email: users.email })
    .from(appPasswords)
    .innerJoin(users, eq(users.id, appPasswords.userId))
    .where(
      and(eq(appPasswords.tokenHash, hashAppPassword(password)), eq(users.email, email), isNull(users.suspendedAt)),
    )
    .limit(1);
  if (!row) return null;
  const now = new Date();
  await db
    .update(appPasswords)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(appPasswords.id, row.passwordId),
        or(
          isNull(appPasswords.lastUsedAt),
          lt(appPasswords.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
        ),
      ),
    );
  return { id: row.id, role: row.role, name: row.name, email: row.email };
}
