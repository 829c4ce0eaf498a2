/** Registration, login and logout; sessions are rows, tokens name them. */
import { and, eq, isNull } from 'drizzle-orm';
import type { LoginInput, RegisterInput } from '@ebook/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { sessions, users, type UserRow } from '../../db/schema/index.js';
import { forbidden, unauthorized } from '../../lib/errors.js';
import { assertNotBreached, dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';

export interface IssuedSession {
  token: string;
  user: UserRow;
  expiresAt: Date;
  persistent: boolean;
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * A new member account, or, for an address that already has one, that account untouched. Both take
 * the same work (the password is hashed either way) so neither the answer nor its timing tells a
 * caller which addresses are registered; the route tells the owner by e-mail instead.
 */
export async function registerMember(
  { db, breachedPasswords: breached, config }: Pick<FastifyInstance, 'db' | 'breachedPasswords' | 'config'>,
  input: RegisterInput,
): Promise<{ created: true; user: UserRow } | { created: false; existing: UserRow | undefined }> {
  await assertNotBreached(breached, input.password);
  const email = normaliseEmail(input.email);
  const passwordHash = await hashPassword(input.password, config.passwordHashing);
  // Registration never grants admin: the role is fixed here, whatever the request said.
  const [user] = await db
    .insert(users)
    .values({ name: input.name, email, phone: input.phone, passwordHash, role: 'member' })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (user) return { created: true, user };
  const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  // `existing` is undefined only if the account was deleted between the insert and this read.
  return { created: false, existing };
}

export async function login(
  app: Pick<FastifyInstance, 'db' | 'tokens' | 'config'>,
  { input, userAgent }: { input: LoginInput; userAgent: string | undefined },
): Promise<IssuedSession> {
  const { db } = app;
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(input.email)))
    .limit(1);
  const valid = await verifyPassword(
    user?.passwordHash ?? (await dummyPasswordHash(app.config.passwordHashing)),
    input.password,
  );
  if (!user || !valid) throw unauthorized('Invalid email or password.', 'INVALID_CREDENTIALS');
  // Told only to whoever knows the password.
  if (user.suspendedAt) {
    throw forbidden('This account is suspended. Please contact the store.', 'ACCOUNT_SUSPENDED');
  }

  return issueSession(app, { user, persistent: input.remember === true, userAgent });
}

/** A new session for a user who has proved who they are (a password, or a Google sign-in). */
export async function issueSession(
  { db, tokens, config }: Pick<FastifyInstance, 'db' | 'tokens' | 'config'>,
  { user, persistent, userAgent }: { user: UserRow; persistent: boolean; userAgent: string | undefined },
): Promise<IssuedSession> {
  const lifetimeMs = persistent ? config.REMEMBER_ME_DAYS * 86_400_000 : config.SESSION_HOURS * 3_600_000;
  const expiresAt = new Date(Date.now() + lifetimeMs);
  const [session] = await db
    .insert(sessions)
    .values({ userId: user.id, persistent, expiresAt, userAgent: userAgent?.slice(0, 300) })
    .returning({ id: sessions.id });
  const token = await tokens.sign({ userId: user.id, sessionId: session!.id, role: user.role }, expiresAt);
  return { token, user, expiresAt, persistent };
}

export async function logout(db: Db, sessionId: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}
