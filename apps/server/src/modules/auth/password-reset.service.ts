/**
 * Forgotten passwords: a single-use link by e-mail. The token is 32 random bytes; only its SHA-256
 * is stored, valid for 30 minutes, and bound to the password it was asked under: a link asked before
 * a password change no longer works after it. Choosing the new password (signup rules, breached ones
 * refused) uses the token up, voids the member's other reset links, ends every session of the member
 * and revokes every app password (whoever knew the old password may have made one).
 *
 * Asking never reveals whether an address is registered: the answer is the same either way, and only
 * a registered address gets a message.
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { appPasswords, passwordResets, sessions, users, type UserRow } from '../../db/schema/index.js';
import { badRequest } from '../../lib/errors.js';
import { assertNotBreached, hashPassword } from '../../lib/passwords.js';
import { normaliseEmail } from './auth.service.js';

export const RESET_TOKEN_MINUTES = 30;

export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What a link remembers of the password it was asked under: any change of password changes it. */
const passwordFingerprint = (passwordHash: string) => createHash('sha256').update(passwordHash).digest('hex');

/** For a registered address: a new reset token (returned once, in clear) and its member; else null. */
export async function createPasswordReset(
  db: Db,
  email: string,
  now = new Date(),
): Promise<{ token: string; user: UserRow } | null> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)))
    .limit(1);
  if (!user) return null;
  const token = randomBytes(32).toString('base64url');
  await db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashResetToken(token),
    expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * 60_000),
    passwordFingerprint: passwordFingerprint(user.passwordHash),
  });
  return { token, user };
}

const invalid = () => badRequest('This reset link is not valid. Please ask for a new one.', 'RESET_TOKEN_INVALID');

/**
 * Sets the new password for a valid, unused, unexpired token, in one transaction with the token's
 * row locked (two tabs racing with one link: one wins, the other gets the 400). Returns the member.
 */
export async function resetPassword(
  app: Pick<FastifyInstance, 'db' | 'breachedPasswords' | 'config'>,
  { token, password, now = new Date() }: { token: string; password: string; now?: Date },
): Promise<UserRow> {
  const { db } = app;
  await assertNotBreached(app.breachedPasswords, password);
  const passwordHash = await hashPassword(password, app.config.passwordHashing);
  return db.transaction(async (tx) => {
    const [reset] = await tx
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, hashResetToken(token)))
      .for('update')
      .limit(1);
    if (!reset) throw invalid();
    if (reset.usedAt) {
      throw badRequest('This reset link has already been used. Please ask for a new one.', 'RESET_TOKEN_USED');
    }
    if (reset.expiresAt <= now) {
      throw badRequest('This reset link has expired. Please ask for a new one.', 'RESET_TOKEN_EXPIRED');
    }
    // The member's row is locked too, so a password change cannot slip between this check and the write.
    const [current] = await tx.select().from(users).where(eq(users.id, reset.userId)).for('update');
    if (!current) throw invalid();
    if (reset.passwordFingerprint !== passwordFingerprint(current.passwordHash)) {
      throw badRequest(
        'This reset link no longer works: the password was changed after it was sent. Please ask for a new one.',
        'RESET_TOKEN_INVALID',
      );
    }
    const [user] = await tx
      .update(users)
      .set({ passwordHash, updatedAt: now })
      .where(eq(users.id, reset.userId))
      .returning();
    if (!user) throw invalid();
    // This link and every other open one of the member are used up; every session and every app
    // password ends.
    await tx
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, reset.userId), isNull(passwordResets.usedAt)));
    await tx
      .update(sessions)
      .set({ revokedAt: now })
      .where(and(eq(sessions.userId, reset.userId), isNull(sessions.revokedAt)));
    await tx.delete(appPasswords).where(eq(appPasswords.userId, reset.userId));
    return user;
  });
}
