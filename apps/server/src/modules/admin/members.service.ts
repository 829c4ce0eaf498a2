/**
 * Member listing for admins (admins are never listed). Deleting a member belongs to the users
 * module (account-deletion.service.ts).
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { users, type UserRow } from '../../db/schema/index.js';

const isMember = eq(users.role, 'member');
const newestFirst = [desc(users.createdAt), desc(users.id)];

export async function listAllMembers(db: Db): Promise<UserRow[]> {
  return db
    .select()
    .from(users)
    .where(isMember)
    .orderBy(...newestFirst);
}

export async function listMembersPage(
  db: Db,
  { page, limit }: { page: number; limit: number },
): Promise<{ users: UserRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(users)
      .where(isMember)
      .orderBy(...newestFirst)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ total: count() }).from(users).where(isMember),
  ]);
  return { users: rows, total: counted?.total ?? 0 };
}
