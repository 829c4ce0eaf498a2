/**
 * The access policy for books: who may see, download and change one. Every service and query asks
 * here (and the web asks packages/shared's isPublicStatus), so the rule is written once:
 *
 * - public (PUBLIC_BOOK_STATUSES: added, approved): everyone sees it; a free one anyone downloads, a
 *   paid one its buyers;
 * - pending or rejected: only its submitter and admins see it;
 * - unlisted (deleted while owned): its submitter, admins and its owners;
 * - the submitter and admins may always download; members change only their own books, and only
 *   before they are public.
 */
import { isPublicStatus, type BookStatus } from '@ebook/shared';
import type { AuthUser } from '../../plugins/auth.js';

export { isPublicStatus };
export { publicStatus } from '../../db/schema/books.js';

export type Caller = Pick<AuthUser, 'id' | 'role'> | null;

interface PolicyBook {
  status: BookStatus;
  userId: string | null;
}

/** The submitter or an admin: sees and downloads the book whatever its status or price. */
export function isPrivileged(book: PolicyBook, caller: Caller): boolean {
  return !!caller && (caller.role === 'admin' || caller.id === book.userId);
}

/** Sees the book without owning it (an unlisted book's owners are checked by the caller of this). */
export function canSee(book: PolicyBook, caller: Caller): boolean {
  return isPublicStatus(book.status) || isPrivileged(book, caller);
}

/** Whether owners of the book (people who bought or took it) may still see it in this status. */
export function ownersKeep(book: PolicyBook): boolean {
  return isPublicStatus(book.status) || book.status === 'unlisted';
}

/** A member may change their own book only until it is public (or unlisted); admins always. */
export function mayChange(book: PolicyBook, caller: NonNullable<Caller>): 'yes' | 'not-yours' | 'locked' {
  if (caller.role === 'admin') return 'yes';
  if (book.userId !== caller.id) return 'not-yours';
  return ownersKeep(book) ? 'locked' : 'yes';
}
