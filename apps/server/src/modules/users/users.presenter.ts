import type { AdminMember, User } from '@ebook/shared';
import type { UserRow } from '../../db/schema/index.js';
import { fileUrl } from '../files/index.js';

/** The fields of a user the API returns: never the password hash. */
export function presentUser(user: UserRow): User {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    profileImage: fileUrl(user.profileImageFileId),
    createdAt: user.createdAt.toISOString(),
  };
}

/** A member as the admin sees them. */
export function presentAdminMember(user: UserRow): AdminMember {
  return { ...presentUser(user), suspended: user.suspendedAt !== null };
}
